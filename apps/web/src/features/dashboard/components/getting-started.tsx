import { showsGettingStarted, type GettingStarted, type GettingStartedStepId } from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Check, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { gettingStartedQueryOptions, setGettingStartedDismissed } from '../api/dashboard.queries';

type StepText = { title: string; description: string; link: { to: string; label: string } };

/** What each step asks, and where it is done (issue 20). */
const stepTexts: Record<GettingStartedStepId, StepText> = {
  'invite-team': {
    title: 'Invite your team',
    description: 'Send each person an invitation with their role; they choose a password and join.',
    link: { to: '/settings?tab=members', label: 'Invite members' },
  },
  'add-employees': {
    title: 'Add your employees',
    description: 'Put everyone in the Employee Directory with their department and job title.',
    link: { to: '/team/directory', label: 'Open the directory' },
  },
  'create-project': {
    title: 'Create a project',
    description: 'Plan the work with its team, budget and due date, then break it into tasks.',
    link: { to: '/projects/active?new=1', label: 'New Project' },
  },
  'set-working-hours': {
    title: 'Set your working hours',
    description: 'Time zone, first day of the week and the working day that shifts and overtime follow.',
    link: { to: '/settings?tab=workspace', label: 'Workspace settings' },
  },
};

/**
 * A new workspace's first steps on the dashboard, for Admins: each ticked by the server from the
 * workspace's records, until all are done or an Admin puts the list away.
 */
export function GettingStartedChecklist() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const checklist = useQuery(gettingStartedQueryOptions());
  const dismiss = useMutation({
    mutationFn: setGettingStartedDismissed,
    onSuccess: (answer: GettingStarted, dismissed) => {
      queryClient.setQueryData(gettingStartedQueryOptions().queryKey, answer);
      if (dismissed) {
        toast.success('The getting-started checklist is hidden', {
          description: 'Help & Support keeps the same steps.',
          action: { label: 'Undo', onClick: () => dismiss.mutate(false) },
          duration: 10_000,
        });
      }
    },
    onError: (error) => toast.error('The checklist could not be changed', { description: error.message }),
  });

  // Loading or failing, the dashboard simply goes without it: none of its steps depends on it.
  if (!checklist.data || !showsGettingStarted(checklist.data)) return null;
  const { steps } = checklist.data;
  const doneCount = steps.filter((step) => step.done).length;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Get started
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {doneCount} of {steps.length} done. Each step ticks itself once it is done.
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate(true)}
          aria-label="Dismiss the getting-started checklist"
        >
          <X aria-hidden="true" className="size-4" />
          Dismiss
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label="Getting started"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={doneCount}
        className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-indigo-600"
          style={{ width: `${(doneCount / steps.length) * 100}%` }}
        />
      </div>
      <ol className="mt-4 grid gap-3 md:grid-cols-2">
        {steps.map((step) => {
          const text = stepTexts[step.id];
          return (
            <li
              key={step.id}
              className={cn(
                'flex gap-3 rounded-xl p-4 ring-1',
                step.done ? 'bg-slate-50 ring-slate-200' : 'bg-white ring-slate-200',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'grid size-6 shrink-0 place-items-center rounded-full ring-1',
                  step.done ? 'bg-emerald-600 text-white ring-emerald-600' : 'bg-white ring-slate-300',
                )}
              >
                {step.done ? <Check className="size-4" /> : null}
              </span>
              <div className="min-w-0">
                <p
                  className={cn('font-medium', step.done ? 'text-slate-600 line-through' : 'text-slate-900')}
                >
                  {text.title}
                  <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
                </p>
                {step.done ? null : (
                  <>
                    <p className="mt-1 text-sm text-slate-600">{text.description}</p>
                    <Link
                      to={text.link.to}
                      className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 hover:text-indigo-800"
                    >
                      {text.link.label}
                      <ArrowRight aria-hidden="true" className="size-4" />
                    </Link>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
