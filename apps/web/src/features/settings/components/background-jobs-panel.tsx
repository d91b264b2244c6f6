import { backgroundJobStates, type BackgroundJob, type BackgroundJobState } from '@atrium/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Workflow } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadMore, PanelListBody } from '../../../components/ui/paged-list';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { useWorkspaceTimeZone } from '../../workspace';
import { jobsKey, jobsQueryOptions, retryJob } from '../api/jobs.queries';

const stateLabels: Record<BackgroundJobState, { label: string; tone: BadgeTone; empty: string }> = {
  queued: { label: 'Queued', tone: 'warning', empty: 'Nothing is waiting to run.' },
  running: { label: 'Running', tone: 'brand', empty: 'Nothing is running right now.' },
  failed: { label: 'Failed', tone: 'danger', empty: 'No job has failed in the last week.' },
  completed: { label: 'Completed', tone: 'success', empty: 'No job finished in the last 12 hours.' },
};

const noun = { one: 'job', many: 'jobs' };

function JobRow({ job, timeZone }: { job: BackgroundJob; timeZone: string | undefined }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryJob(job.id),
    onSuccess: () => {
      toast.success('The job will run again shortly');
      void queryClient.invalidateQueries({ queryKey: jobsKey });
    },
    onError: (error) => toast.error('The job could not be retried', { description: error.message }),
  });
  const when =
    job.state === 'queued'
      ? `Runs ${formatDateTime(job.runAt, timeZone)}`
      : job.finishedAt
        ? `Finished ${formatDateTime(job.finishedAt, timeZone)}`
        : `Started ${formatDateTime(job.runAt, timeZone)}`;

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 sm:px-6">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{job.label}</p>
        <p className="text-sm text-slate-600">
          {when} · attempt {job.attempts} of {job.maxAttempts} · queued{' '}
          {formatDateTime(job.createdAt, timeZone)}
        </p>
        {job.error ? <p className="mt-1 text-sm break-words text-red-700">Last error: {job.error}</p> : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Badge tone={stateLabels[job.state].tone}>{stateLabels[job.state].label}</Badge>
        {job.state === 'failed' ? (
          <Button variant="secondary" size="sm" onClick={() => retry.mutate()} disabled={retry.isPending}>
            {retry.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" className="size-4" />}
            Retry<span className="sr-only"> {job.label}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Settings > Background jobs (issue 19): what runs outside requests for this workspace, for Admins. */
export function BackgroundJobsPanel() {
  const timeZone = useWorkspaceTimeZone();
  const [state, setState] = useState<BackgroundJobState>('queued');
  const list = useInfiniteQuery(jobsQueryOptions(state));
  const counts = list.data?.pages[0]?.counts;
  const jobs = list.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section aria-labelledby="jobs-title" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="p-4 sm:p-6">
        <h2 id="jobs-title" className="text-lg font-semibold text-slate-900">
          Background jobs
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Work Atrium does outside your requests, such as delivering mail. A failed job was tried as often as
          its attempts allow; retry it once what made it fail is fixed.
        </p>
        <div role="group" aria-label="Show jobs" className="mt-4 flex flex-wrap gap-2">
          {backgroundJobStates.map((option) => (
            <Button
              key={option}
              variant={option === state ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={option === state}
              onClick={() => setState(option)}
            >
              {stateLabels[option].label}
              {counts ? <span className="tabular-nums">({counts[option]})</span> : null}
            </Button>
          ))}
        </div>
      </div>
      <PanelListBody list={list} noun={noun} empty={stateLabels[state].empty} emptyIcon={Workflow}>
        <ul className="divide-y divide-slate-100">
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} timeZone={timeZone} />
          ))}
        </ul>
      </PanelListBody>
      <div className="px-4 pb-4 sm:px-6">
        <LoadMore list={list} noun={noun} />
      </div>
    </section>
  );
}
