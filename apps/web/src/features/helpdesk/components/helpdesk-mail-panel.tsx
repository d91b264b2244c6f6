import type { InboundMail, InboundMailOutcome } from '@atrium/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Download, Inbox, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { LoadMore, PanelListBody } from '../../../components/ui/paged-list';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { formatFileSize } from '../../../lib/file-size';
import { useWorkspaceTimeZone } from '../../workspace';
import {
  inboundMailKey,
  inboundMailQueryOptions,
  mailSettingsQueryOptions,
  rawMailUrl,
  retryInboundMail,
} from '../api/mail.queries';

const outcomeLabels: Record<InboundMailOutcome, { label: string; tone: BadgeTone }> = {
  ticket: { label: 'New ticket', tone: 'success' },
  reply: { label: 'Reply', tone: 'brand' },
  ignored: { label: 'Ignored', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

const filters: { value: InboundMailOutcome | undefined; label: string; empty: string }[] = [
  { value: undefined, label: 'All mail', empty: 'No mail has arrived yet.' },
  { value: 'failed', label: 'Failed', empty: 'No mail failed: every message became a ticket or a reply.' },
  { value: 'ignored', label: 'Ignored', empty: 'No auto-replies or bounces arrived.' },
];

const noun = { one: 'message', many: 'messages' };

function InboundAddress() {
  const settings = useQuery(mailSettingsQueryOptions());
  const copy = async (address: string) => {
    try {
      await navigator.clipboard.writeText(address);
      toast.success('Address copied');
    } catch {
      toast.error('Could not copy', { description: 'Select the address and copy it by hand.' });
    }
  };
  if (settings.isPending) {
    return (
      <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> Loading the address…
      </p>
    );
  }
  if (settings.isError) {
    return (
      <Alert tone="error" title="The inbound address could not be loaded" className="mt-4">
        {settings.error.message}
      </Alert>
    );
  }
  const { inboundAddress, receiverOn } = settings.data;
  return (
    <div className="mt-4 space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Input
          readOnly
          value={inboundAddress}
          aria-label="Inbound address"
          className="font-mono text-sm sm:max-w-md"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy(inboundAddress)} className="shrink-0">
          <Copy aria-hidden="true" className="size-4" />
          Copy address
        </Button>
      </div>
      {receiverOn ? (
        <p className="text-sm text-slate-600">
          Forward your support address (for example support@yourcompany.com) to this address: each mail opens
          a ticket, and replies to a ticket’s emails land in the same ticket.
        </p>
      ) : (
        <Alert tone="info" title="This server does not receive mail yet">
          Whoever runs Atrium can turn on its mail receiver (the INBOUND_SMTP_PORT setting), so that mail to
          this address arrives. Until then, mail can come in through the API (POST
          /api/v1/helpdesk/inbound-mail with a raw message).
        </Alert>
      )}
    </div>
  );
}

function MailRow({ mail, timeZone }: { mail: InboundMail; timeZone: string | undefined }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryInboundMail(mail.id),
    onSuccess: (result) => {
      if (result.outcome === 'failed') toast.error('The mail failed again');
      else
        toast.success(
          result.outcome === 'ticket' ? 'The mail opened a ticket' : 'The mail was added to its ticket',
        );
      void queryClient.invalidateQueries({ queryKey: inboundMailKey });
    },
    onError: (error) => toast.error('The mail could not be tried again', { description: error.message }),
  });
  const { label, tone } = outcomeLabels[mail.outcome];
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 sm:px-6">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{mail.subject || '(no subject)'}</p>
        <p className="text-sm break-words text-slate-600">
          From {mail.fromAddress || 'an unknown sender'} · {formatDateTime(mail.receivedAt, timeZone)} ·{' '}
          {formatFileSize(mail.sizeBytes)}
        </p>
        {mail.reason ? <p className="mt-1 text-sm break-words text-slate-700">{mail.reason}</p> : null}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Badge tone={tone}>{label}</Badge>
        {mail.ticket ? (
          <Link
            to={`/helpdesk/tickets/${mail.ticket.id}`}
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Ticket #{mail.ticket.number}
          </Link>
        ) : null}
        {mail.hasRaw ? (
          <a
            href={rawMailUrl(mail.id)}
            download
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            <Download aria-hidden="true" className="size-4" />
            Download<span className="sr-only"> the mail {mail.subject}</span>
          </a>
        ) : null}
        {mail.outcome === 'failed' && mail.hasRaw ? (
          <Button variant="secondary" size="sm" onClick={() => retry.mutate()} disabled={retry.isPending}>
            {retry.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" className="size-4" />}
            Try again<span className="sr-only"> {mail.subject}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Settings -> Help desk, incoming mail (issue 21): the workspace's inbound address, and every mail
 * that arrived with what became of it. Failed mail is kept, to download and try again.
 */
export function HelpdeskMailPanel() {
  const timeZone = useWorkspaceTimeZone();
  const [outcome, setOutcome] = useState<InboundMailOutcome | undefined>(undefined);
  const list = useInfiniteQuery(inboundMailQueryOptions(outcome));
  const mails = list.data?.pages.flatMap((page) => page.data) ?? [];
  const current = filters.find((filter) => filter.value === outcome)!;

  return (
    <section aria-labelledby="mail-title" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="p-4 sm:p-6">
        <h2 id="mail-title" className="text-lg font-semibold text-slate-900">
          Incoming mail
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Customers write to your support address; each mail becomes a ticket, and agents’ replies go back by
          email.
        </p>
        <InboundAddress />
        <div role="group" aria-label="Show mail" className="mt-6 flex flex-wrap gap-2">
          {filters.map((filter) => (
            <Button
              key={filter.label}
              variant={filter.value === outcome ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={filter.value === outcome}
              onClick={() => setOutcome(filter.value)}
            >
              {filter.label}
            </Button>
          ))}
        </div>
      </div>
      <PanelListBody list={list} noun={noun} empty={current.empty} emptyIcon={Inbox}>
        <ul className="divide-y divide-slate-100">
          {mails.map((mail) => (
            <MailRow key={mail.id} mail={mail} timeZone={timeZone} />
          ))}
        </ul>
      </PanelListBody>
      <div className="px-4 pb-4 sm:px-6">
        <LoadMore list={list} noun={noun} />
      </div>
    </section>
  );
}
