import { ChartColumn, Clock, FolderKanban, LifeBuoy, Megaphone, Users, type LucideIcon } from 'lucide-react';
import { SectionHeading } from './section-heading';

type ModuleFeature = { title: string; icon: LucideIcon; description: string; highlights: readonly string[] };

/** Spec section 1: the six modules of the marketing copy. */
const modules: readonly ModuleFeature[] = [
  {
    title: 'Team Management',
    icon: Users,
    description: 'Know who is on your team, when they work and how they are growing.',
    highlights: ['Employee directory', 'Shift scheduling', 'Time and attendance', 'Performance reviews'],
  },
  {
    title: 'Project Management',
    icon: FolderKanban,
    description: 'Plan the work, move it across the board and see where every project stands.',
    highlights: ['Tasks', 'Kanban boards', 'Collaboration', 'Progress tracking'],
  },
  {
    title: 'Help Desk',
    icon: LifeBuoy,
    description: 'Answer customers quickly and keep every promise you make to them.',
    highlights: ['Tickets', 'Knowledge base', 'SLA tracking', 'Customer portal'],
  },
  {
    title: 'Marketing Automation',
    icon: Megaphone,
    description: 'Reach the right leads with campaigns that run themselves.',
    highlights: ['Email campaigns', 'Lead scoring', 'Workflows', 'Campaign analytics'],
  },
  {
    title: 'Advanced Analytics',
    icon: ChartColumn,
    description: 'Turn the data from every team into decisions.',
    highlights: ['Custom dashboards', 'Real-time reports', 'Data export', 'KPI tracking'],
  },
  {
    title: 'Time Tracking',
    icon: Clock,
    description: 'Capture hours where work happens and pay people correctly.',
    highlights: ['GPS location', 'Photo clock-in', 'Overtime', 'Payroll integration'],
  },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything your business runs on, in one place"
        >
          Six modules that share one directory, one calendar and one set of permissions: no more copying data
          between tools.
        </SectionHeading>
        <ul className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {modules.map((module) => (
            <li
              key={module.title}
              className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700 ring-1 ring-indigo-100">
                <module.icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{module.title}</h3>
              <p className="mt-2 text-slate-600">{module.description}</p>
              <ul className="mt-5 flex flex-wrap gap-2">
                {module.highlights.map((highlight) => (
                  <li
                    key={highlight}
                    className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700"
                  >
                    {highlight}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
