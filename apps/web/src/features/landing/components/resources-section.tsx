import { BookOpen, CirclePlay, Mail, Tags, type LucideIcon } from 'lucide-react';
import { supportEmail, supportMailto } from '../../../lib/contact';
import { SectionHeading } from './section-heading';

type Resource = { title: string; icon: LucideIcon; description: string; href: string; link: string };

/** The header's 'Resources': where to get help, not customer stories (issue 20). */
const resources: readonly Resource[] = [
  {
    title: 'Help & Support',
    icon: BookOpen,
    description: 'Getting started, common questions and what each role can do, inside your workspace.',
    href: '/support',
    link: 'Open Help & Support',
  },
  {
    title: 'Email support',
    icon: Mail,
    description: `Write to ${supportEmail}: a person answers, with no phone tree in between.`,
    href: supportMailto('Question about Atrium'),
    link: 'Write to support',
  },
  {
    title: 'Product tour',
    icon: CirclePlay,
    description: 'Four stops through Atrium, then the sample workspace to try every role in.',
    href: '#tour',
    link: 'Take the tour',
  },
  {
    title: 'Plans and pricing',
    icon: Tags,
    description: 'Every plan with what it includes, and what happens after the free trial.',
    href: '/pricing',
    link: 'Compare plans',
  },
];

export function ResourcesSection() {
  return (
    <section id="resources" aria-labelledby="resources-title" className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="resources-title" eyebrow="Resources" title="Help when you need it">
          Answers, people and a place to try things out.
        </SectionHeading>
        <ul className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {resources.map((resource) => (
            <li
              key={resource.title}
              className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <resource.icon aria-hidden="true" className="size-6 text-indigo-600" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{resource.title}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-600">{resource.description}</p>
              <a
                href={resource.href}
                className="mt-4 text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline"
              >
                {resource.link}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
