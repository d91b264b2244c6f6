import type { OutboxMail } from '@atrium/shared';
import { countOf } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Inbox, RefreshCw } from 'lucide-react';
import { Fragment } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { useWorkspaceTimeZone } from '../../workspace';
import { outboxQueryOptions } from '../api/outbox.queries';

const statusBadges: Record<OutboxMail['status'], { tone: BadgeTone; label: string }> = {
  queued: { tone: 'warning', label: 'Queued' },
  sent: { tone: 'success', label: 'Sent' },
  failed: { tone: 'danger', label: 'Failed' },
};

// Without SMTP the server files a mail as "sent" to the outbox; it never left, so say where it is.
const badgeOf = (mail: OutboxMail): { tone: BadgeTone; label: string } => {
  if (mail.transport === 'outbox') return { tone: 'brand', label: 'In outbox' };
  if (mail.status === 'queued' && mail.attempts > 0) return { tone: 'warning', label: 'Retrying' };
  return statusBadges[mail.status];
};

const attemptsText = (count: number) => countOf(count, { one: 'attempt', other: 'attempts' });

/** The body as text, its links clickable: an admin without SMTP hands the invitation link on. */
function MailBody({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <p className="rounded-lg bg-slate-50 p-4 font-mono text-sm break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="text-indigo-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

function describeTransport(mail: OutboxMail, timeZone: string | undefined): string {
  if (mail.transport === 'outbox') return 'Not emailed: no mail server is configured, so it is kept here.';
  const last = mail.lastAttemptAt ? `, the last at ${formatDateTime(mail.lastAttemptAt, timeZone)}` : '';
  if (mail.status === 'failed')
    return `Not delivered after ${attemptsText(mail.attempts)}${last}; no more tries.`;
  if (mail.status === 'sent') return `Handed to the mail server (${attemptsText(mail.attempts)}${last}).`;
  if (mail.attempts > 0)
    return `Not delivered yet after ${attemptsText(mail.attempts)}${last}; it will be tried again.`;
  return 'Waiting for the mail server.';
}

/** Settings > Outbox: mail of this workspace, newest first (issue 3: invitations land here without SMTP). */
export function OutboxPanel() {
  const timeZone = useWorkspaceTimeZone();
  const outbox = useQuery(outboxQueryOptions());

  return (
    <section aria-labelledby="outbox-title" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-4 p-4 sm:p-6">
        <div>
          <h2 id="outbox-title" className="text-lg font-semibold text-slate-900">
            Outbox
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Mail Atrium sent for this workspace. When no mail server (SMTP) is configured, it stays here: open
            a mail to copy its link.
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
        >
          <RefreshCw
            aria-hidden="true"
            className={outbox.isFetching ? 'size-4 animate-spin motion-reduce:animate-none' : 'size-4'}
          />
          Refresh
        </Button>
      </div>
      {outbox.isPending ? (
        <div
          role="status"
          className="flex items-center gap-2 border-t border-slate-200 p-6 text-sm text-slate-600"
        >
          <Spinner /> Loading the outbox…
        </div>
      ) : outbox.isError ? (
        <div className="border-t border-slate-200 p-6">
          <ServerErrorAlert error={outbox.error} title="The outbox could not be loaded" />
        </div>
      ) : outbox.data.length === 0 ? (
        <div className="border-t border-slate-200 px-6 py-12 text-center">
          <Inbox aria-hidden="true" className="mx-auto size-10 text-slate-400" />
          <p className="mt-3 font-medium text-slate-900">No mail sent yet</p>
          <p className="mt-1 text-sm text-slate-600">Invitations you send appear here.</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 border-t border-slate-200">
          {outbox.data.map((mail) => (
            <li key={mail.id}>
              <details className="group">
                <summary className="flex cursor-pointer list-none items-start gap-3 px-4 py-3 hover:bg-slate-50 sm:px-6 [&::-webkit-details-marker]:hidden">
                  <ChevronRight
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-90"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-slate-900">{mail.subject}</span>
                    <span className="block text-sm break-all text-slate-600">To {mail.to}</span>
                  </span>
                  <span className="flex shrink-0 flex-col items-end gap-1">
                    <Badge tone={badgeOf(mail).tone}>{badgeOf(mail).label}</Badge>
                    <time dateTime={mail.createdAt} className="text-xs whitespace-nowrap text-slate-600">
                      {formatDateTime(mail.createdAt, timeZone)}
                    </time>
                  </span>
                </summary>
                <div className="space-y-3 px-4 pb-4 pl-11 sm:px-6 sm:pl-13">
                  <p className="text-xs text-slate-600">{describeTransport(mail, timeZone)}</p>
                  {mail.error ? <p className="text-sm text-red-700">Last error: {mail.error}</p> : null}
                  <MailBody text={mail.text} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
