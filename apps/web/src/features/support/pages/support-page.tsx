import { invitationLifetimeDays, standardWorkday } from '@atrium/shared';
import { BookOpen, Mail, Rocket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { supportEmail, supportMailto } from '../../../lib/contact';
import { trialDays } from '@atrium/shared';
import { hasPermission, useMe } from '../../accounts';

const linkClasses = 'font-medium text-indigo-700 underline hover:text-indigo-800';

function Card({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-20 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {title}
      </h2>
      <div className="mt-4 space-y-3 text-sm leading-6 text-slate-700">{children}</div>
    </section>
  );
}

const onThisPage = [
  { id: 'contact', label: 'Contact support' },
  { id: 'getting-started', label: 'Getting started' },
  { id: 'questions', label: 'Common questions' },
];

/** Spec section 2: the sidebar's Help & Support, with how to reach us and how to start (issue 3). */
export function SupportPage() {
  const me = useMe();
  const isAdmin = hasPermission(me, 'settings:manage');

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <title>Help &amp; Support — Atrium</title>
      <PageHeader title="Help & Support" description="How to reach us, and how to get your team started." />

      <nav aria-label="On this page" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {onThisPage.map((item) => (
            <li key={item.id}>
              <a
                href={`#${item.id}`}
                className="inline-block rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6 space-y-6">
        <Card
          id="contact"
          icon={<Mail aria-hidden="true" className="size-5 text-indigo-600" />}
          title="Contact support"
        >
          <p>
            Write to{' '}
            <a href={supportMailto(`Help with ${me.workspace.name}`)} className={linkClasses}>
              {supportEmail}
            </a>
            . Email is our support channel; there is no phone line.
          </p>
          <p>To help us help you quickly, include:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>your workspace name ({me.workspace.name}) and the email you sign in with;</li>
            <li>what you did, what you expected, and what happened instead;</li>
            <li>
              the reference shown under an error message, if there was one — it lets us find the request in
              our logs.
            </li>
          </ul>
          {isAdmin ? null : (
            <p>
              For access to a page, a role change or a new invitation, ask an admin of your workspace: they
              manage members in Settings.
            </p>
          )}
        </Card>

        <Card
          id="getting-started"
          icon={<Rocket aria-hidden="true" className="size-5 text-indigo-600" />}
          title="Getting started"
        >
          <ol className="list-decimal space-y-3 pl-5">
            <li>
              <strong className="font-semibold text-slate-900">Set your working hours.</strong> In{' '}
              {isAdmin ? (
                <Link to="/settings?tab=workspace" className={linkClasses}>
                  Settings → Workspace
                </Link>
              ) : (
                'Settings → Workspace (admins)'
              )}{' '}
              choose the time zone, the first day of the week and the working day — {standardWorkday.start} to{' '}
              {standardWorkday.end} with a {standardWorkday.breakMinutes}-minute break and{' '}
              {standardWorkday.weeklyHours} weekly hours until you change them.
            </li>
            <li>
              <strong className="font-semibold text-slate-900">Invite your team.</strong> In{' '}
              {isAdmin ? (
                <Link to="/settings?tab=members" className={linkClasses}>
                  Settings → Members
                </Link>
              ) : (
                'Settings → Members (admins)'
              )}{' '}
              choose <em>Invite member</em>, enter their email and a role: Admin, Manager, Employee,
              Contractor, or Customer for the help-desk portal.
            </li>
            <li>
              <strong className="font-semibold text-slate-900">Check the invitation went out.</strong> If your
              Atrium has no mail server configured, invitations wait in{' '}
              {isAdmin ? (
                <Link to="/settings?tab=outbox" className={linkClasses}>
                  Settings → Outbox
                </Link>
              ) : (
                'Settings → Outbox (admins)'
              )}
              : open the mail and send its link to the person yourself. Links work for{' '}
              {invitationLifetimeDays} days.
            </li>
            <li>
              <strong className="font-semibold text-slate-900">Find your way around.</strong> The sidebar
              lists every module your role can use; the Profile menu at the top right holds sign-out, and the
              workspace name next to the logo switches workspaces when you belong to several.
            </li>
          </ol>
        </Card>

        <Card
          id="questions"
          icon={<BookOpen aria-hidden="true" className="size-5 text-indigo-600" />}
          title="Common questions"
        >
          <dl className="space-y-4">
            <div>
              <dt className="font-semibold text-slate-900">Someone did not get their invitation.</dt>
              <dd className="mt-1">
                Without a mail server, Atrium keeps mail in the Outbox instead of sending it (see step 3
                above). Inviting the same address again replaces the earlier link.
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">A page says I don&apos;t have access.</dt>
              <dd className="mt-1">
                Each role sees only its part of Atrium. Your role here is shown in the Profile menu; an admin
                can change it in Settings → Members.
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">
                How long is the free trial, and what does it cost after?
              </dt>
              <dd className="mt-1">
                The trial lasts {trialDays} days with every feature. The plans and their prices are on the{' '}
                <Link to="/pricing" className={linkClasses}>
                  pricing page
                </Link>
                .
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">I forgot my password.</dt>
              <dd className="mt-1">
                Resetting a password by email is not available yet. Write to{' '}
                <a href={supportMailto('Password reset')} className={linkClasses}>
                  {supportEmail}
                </a>{' '}
                from the address you sign in with.
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Can I run a workspace for another company?</dt>
              <dd className="mt-1">
                Yes:{' '}
                <Link to="/signup" className={linkClasses}>
                  create a free account
                </Link>{' '}
                for it with an email address that has no Atrium account yet; each workspace keeps its data
                apart. To join someone else&apos;s workspace instead, ask its admin for an invitation.
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">
                Where is the documentation for running Atrium myself?
              </dt>
              <dd className="mt-1">
                Atrium is open source (GNU AGPL v3). The README of its source code explains the quick start,
                running on PostgreSQL, and every configuration variable — among them <code>SMTP_URL</code>,
                which makes Atrium send its mail instead of keeping it in the Outbox.
              </dd>
            </div>
          </dl>
        </Card>
      </div>
    </div>
  );
}
