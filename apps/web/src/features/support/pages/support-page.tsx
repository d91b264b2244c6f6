import { invitationLifetimeDays, standardWorkday, trialDays, type Action } from '@atrium/shared';
import { BookOpen, Mail, Rocket } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { supportEmail, supportMailto } from '../../../lib/contact';
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

type Topic = {
  key: string;
  /** Shown only to members allowed this (none: to everyone): the page speaks to the reader's role (issue 20). */
  action?: Action;
  /** Hidden from members allowed this: an Admin is not told to ask an admin. */
  unless?: Action;
  content: ReactNode;
};

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li>
      <strong className="font-semibold text-slate-900">{title}</strong> {children}
    </li>
  );
}

const gettingStarted: Topic[] = [
  {
    key: 'working-hours',
    action: 'settings:manage',
    content: (
      <Step title="Set your working hours.">
        In{' '}
        <Link to="/settings?tab=workspace" className={linkClasses}>
          Settings → Workspace
        </Link>{' '}
        choose the time zone, the first day of the week and the working day — {standardWorkday.start} to{' '}
        {standardWorkday.end} with a {standardWorkday.breakMinutes}-minute break and{' '}
        {standardWorkday.weeklyHours} weekly hours until you change them.
      </Step>
    ),
  },
  {
    key: 'invite',
    action: 'settings:manage',
    content: (
      <Step title="Invite your team.">
        In{' '}
        <Link to="/settings?tab=members" className={linkClasses}>
          Settings → Members
        </Link>{' '}
        choose <em>Invite member</em>, enter their email and a role: Admin, Manager, Employee, Contractor, or
        Customer for the help-desk portal.
      </Step>
    ),
  },
  {
    key: 'outbox',
    action: 'settings:manage',
    content: (
      <Step title="Check the invitation went out.">
        If your Atrium has no mail server configured, invitations wait in{' '}
        <Link to="/settings?tab=outbox" className={linkClasses}>
          Settings → Outbox
        </Link>
        : open the mail and send its link to the person yourself. Links work for {invitationLifetimeDays}{' '}
        days.
      </Step>
    ),
  },
  {
    key: 'clock-in',
    action: 'time:track-own',
    unless: 'settings:manage',
    content: (
      <Step title="Clock in and out.">
        <Link to="/team/time-tracking" className={linkClasses}>
          Time Tracking
        </Link>{' '}
        starts and stops your working time on the server clock; your timesheet shows each entry and whether it
        has been approved.
      </Step>
    ),
  },
  {
    key: 'shifts',
    action: 'schedule:view',
    unless: 'settings:manage',
    content: (
      <Step title="See your shifts.">
        <Link to="/team/scheduling" className={linkClasses}>
          Scheduling
        </Link>{' '}
        shows the week&apos;s shifts, yours among them.
      </Step>
    ),
  },
  {
    key: 'tasks',
    action: 'tasks:work',
    unless: 'settings:manage',
    content: (
      <Step title="Work on your tasks.">
        <Link to="/projects/tasks" className={linkClasses}>
          Tasks &amp; Workflows
        </Link>{' '}
        and the{' '}
        <Link to="/projects/kanban" className={linkClasses}>
          Kanban Board
        </Link>{' '}
        list the tasks of your projects; move a task along as its work progresses, and comment on it.
      </Step>
    ),
  },
  {
    key: 'goals',
    action: 'performance:view',
    unless: 'settings:manage',
    content: (
      <Step title="Follow your goals.">
        <Link to="/team/performance" className={linkClasses}>
          Performance
        </Link>{' '}
        holds your reviews and the goals you work towards.
      </Step>
    ),
  },
  {
    key: 'notifications',
    action: 'workspace:view',
    unless: 'settings:manage',
    content: (
      <Step title="Choose what you hear about.">
        In{' '}
        <Link to="/settings?tab=notifications" className={linkClasses}>
          Settings → Notifications
        </Link>{' '}
        pick which events reach you in the app and by email.
      </Step>
    ),
  },
  {
    key: 'portal',
    action: 'portal:use',
    content: (
      <Step title="Your requests.">
        The{' '}
        <Link to="/helpdesk/portal" className={linkClasses}>
          Customer Portal
        </Link>{' '}
        is where you will open requests to the team and follow their answers. Until it opens, write to your
        contact at the company that invited you.
      </Step>
    ),
  },
  {
    key: 'find-your-way',
    content: (
      <Step title="Find your way around.">
        The sidebar lists every module your role can use; the Profile menu at the top right holds sign-out,
        and the workspace name next to the logo switches workspaces when you belong to several.
      </Step>
    ),
  },
];

const questions: Topic[] = [
  {
    key: 'invitation',
    action: 'settings:manage',
    content: (
      <Question question="Someone did not get their invitation.">
        Without a mail server, Atrium keeps mail in the Outbox instead of sending it (see step 3 above).
        Inviting the same address again replaces the earlier link.
      </Question>
    ),
  },
  {
    key: 'no-access',
    action: 'workspace:view',
    content: (
      <Question question="A page says I don't have access.">
        Each role sees only its part of Atrium. Your role here is shown in the Profile menu; an admin can
        change it in Settings → Members.
      </Question>
    ),
  },
  {
    key: 'trial',
    action: 'settings:manage',
    content: (
      <Question question="How long is the free trial, and what does it cost after?">
        The trial lasts {trialDays} days with every feature. The plans and their prices are on the{' '}
        <Link to="/pricing" className={linkClasses}>
          pricing page
        </Link>
        .
      </Question>
    ),
  },
  {
    key: 'password',
    content: (
      <Question question="I forgot my password.">
        Resetting a password by email is not available yet. Write to{' '}
        <a href={supportMailto('Password reset')} className={linkClasses}>
          {supportEmail}
        </a>{' '}
        from the address you sign in with.
      </Question>
    ),
  },
  {
    key: 'another-company',
    action: 'workspace:view',
    content: (
      <Question question="Can I run a workspace for another company?">
        Yes:{' '}
        <Link to="/signup" className={linkClasses}>
          create a free account
        </Link>{' '}
        for it with an email address that has no Atrium account yet; each workspace keeps its data apart. To
        join someone else&apos;s workspace instead, ask its admin for an invitation.
      </Question>
    ),
  },
  {
    key: 'self-hosting',
    action: 'settings:manage',
    content: (
      <Question question="Where is the documentation for running Atrium myself?">
        Atrium is open source (GNU AGPL v3). The README of its source code explains the quick start, running
        on PostgreSQL, and every configuration variable — among them <code>SMTP_URL</code>, which makes Atrium
        send its mail instead of keeping it in the Outbox.
      </Question>
    ),
  },
];

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-slate-900">{question}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

/** Spec section 2: the sidebar's Help & Support, with how to reach us and how to start (issues 3, 20). */
export function SupportPage() {
  const me = useMe();
  const isAdmin = hasPermission(me, 'settings:manage');
  const isCustomer = !hasPermission(me, 'workspace:view');
  const forReader = (topics: Topic[]) =>
    topics.filter(
      (topic) =>
        (!topic.action || hasPermission(me, topic.action)) &&
        !(topic.unless && hasPermission(me, topic.unless)),
    );

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <title>Help &amp; Support — Atrium</title>
      <PageHeader
        title="Help & Support"
        description={
          isAdmin
            ? 'How to reach us, and how to get your team started.'
            : 'How to reach us, and what you can do here.'
        }
      />

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
          {isAdmin ? null : isCustomer ? (
            <p>
              For a question about your requests or your account, ask your contact at {me.workspace.name}.
            </p>
          ) : (
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
            {forReader(gettingStarted).map((topic) => (
              <Fragment key={topic.key}>{topic.content}</Fragment>
            ))}
          </ol>
        </Card>

        <Card
          id="questions"
          icon={<BookOpen aria-hidden="true" className="size-5 text-indigo-600" />}
          title="Common questions"
        >
          <dl className="space-y-4">
            {forReader(questions).map((topic) => (
              <Fragment key={topic.key}>{topic.content}</Fragment>
            ))}
          </dl>
        </Card>
      </div>
    </div>
  );
}
