import { CirclePlay, FolderKanban, LayoutDashboard, LifeBuoy, Timer, type LucideIcon } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { SectionHeading } from './section-heading';

type TourStop = { title: string; icon: LucideIcon; description: string };

/** What 'Watch Demo' shows: a short walk through the product, then the sample workspace to try it in. */
const tourStops: readonly TourStop[] = [
  {
    title: 'Start on the dashboard',
    icon: LayoutDashboard,
    description:
      'Key figures, your upcoming tasks and meetings, project progress and what changed, as soon as you sign in.',
  },
  {
    title: 'Run your team',
    icon: Timer,
    description:
      'Find anyone in the directory, plan the week’s shifts, clock in and out and approve hours and overtime.',
  },
  {
    title: 'Move the work',
    icon: FolderKanban,
    description:
      'Projects with budgets and teams, tasks on a list or a kanban board, and reports on where each one stands.',
  },
  {
    title: 'Answer your customers',
    icon: LifeBuoy,
    description:
      'Tickets with their SLA clocks, a knowledge base and a portal where customers follow requests.',
  },
];

export function TourSection() {
  return (
    <section id="tour" aria-labelledby="tour-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="tour-title" eyebrow="Product tour" title="Atrium in four stops">
          A two-minute look at a working day, then try it yourself in the sample workspace.
        </SectionHeading>
        <ol className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {tourStops.map((stop, index) => (
            <li key={stop.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
                  <stop.icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-semibold text-slate-600">Step {index + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{stop.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{stop.description}</p>
            </li>
          ))}
        </ol>
        <div className="mt-12 text-center">
          {/* The sample workspace opens with one click per role on the sign-in page's demo list. */}
          <a href="/login#demo-title" className={buttonClasses({ size: 'lg' })}>
            <CirclePlay aria-hidden="true" className="size-5" />
            Open the demo workspace
          </a>
          <p className="mt-3 text-sm text-slate-600">
            Sign in as any of its people, from the admin to a customer, with one click.
          </p>
        </div>
      </div>
    </section>
  );
}
