import {
  Calculator,
  CreditCard,
  FileText,
  ListChecks,
  MessageSquare,
  UserRound,
  Video,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { SectionHeading } from './section-heading';

/** Spec section 1: integrations are listed by kind. */
const integrationKinds: readonly { name: string; icon: LucideIcon; description: string }[] = [
  { name: 'Chat', icon: MessageSquare, description: 'Notifications and approvals where your team talks.' },
  { name: 'Office suite', icon: FileText, description: 'Documents, spreadsheets and calendars in sync.' },
  { name: 'CRM', icon: UserRound, description: 'Leads and customers flow both ways.' },
  { name: 'Payments', icon: CreditCard, description: 'Collect payments from invoices and the portal.' },
  { name: 'Accounting', icon: Calculator, description: 'Hours and expenses land in your books.' },
  { name: 'Automation', icon: Workflow, description: 'Trigger workflows from any event in Atrium.' },
  { name: 'Video meetings', icon: Video, description: 'One click from a calendar event to the call.' },
  { name: 'Task trackers', icon: ListChecks, description: 'Import boards and keep issues linked.' },
];

export function IntegrationsSection() {
  return (
    <section
      id="solutions"
      aria-labelledby="integrations-title"
      className="scroll-mt-16 bg-slate-50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="integrations-title" eyebrow="Solutions" title="Fits the tools you already use">
          More than 500 integrations connect Atrium to the rest of your stack, set up in minutes.
        </SectionHeading>
        <ul className="mt-16 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {integrationKinds.map((kind) => (
            <li key={kind.name} className="flex gap-4 rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <kind.icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-indigo-600" />
              <div>
                <h3 className="font-semibold text-slate-900">{kind.name}</h3>
                <p className="mt-1 text-sm text-slate-600">{kind.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
