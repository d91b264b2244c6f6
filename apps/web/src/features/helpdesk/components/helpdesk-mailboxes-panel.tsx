import type { Mailbox } from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailPlus, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { useWorkspaceTimeZone } from '../../workspace';
import {
  deleteMailbox,
  inboundMailKey,
  mailboxesKey,
  mailboxesQueryOptions,
  pollMailbox,
} from '../api/mail.queries';
import { MailboxDialog } from './mailbox-dialog';

function MailboxRow({ mailbox, onEdit }: { mailbox: Mailbox; onEdit: () => void }) {
  const timeZone = useWorkspaceTimeZone();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const name = `${mailbox.username} on ${mailbox.host}`;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: mailboxesKey });
    void queryClient.invalidateQueries({ queryKey: inboundMailKey });
  };
  const poll = useMutation({
    mutationFn: () => pollMailbox(mailbox.id),
    onSuccess: (result) => {
      if (result.error) toast.error('The mailbox could not be read', { description: result.error });
      else
        toast.success(
          result.fetched === 0
            ? 'No new mail'
            : `${result.fetched} new ${result.fetched === 1 ? 'mail' : 'mails'} fetched`,
        );
      refresh();
    },
    onError: (error) => toast.error('The mailbox could not be checked', { description: error.message }),
  });
  const remove = useMutation({
    mutationFn: () => deleteMailbox(mailbox.id),
    onSuccess: () => {
      toast.success(`${name} is disconnected`);
      setConfirming(false);
      refresh();
    },
    onError: (error) => toast.error('The mailbox could not be disconnected', { description: error.message }),
  });

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 sm:px-6">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{name}</p>
        <p className="text-sm text-slate-600">
          {mailbox.folder}
          {mailbox.moveTo ? ` → moved to ${mailbox.moveTo}` : ', marked as read'} · port {mailbox.port}
          {mailbox.tls ? ' with TLS' : ''} ·{' '}
          {mailbox.lastPolledAt
            ? `checked ${formatDateTime(mailbox.lastPolledAt, timeZone)}`
            : 'not checked yet'}
        </p>
        {mailbox.lastError ? (
          <p className="mt-1 text-sm break-words text-red-700">Last check failed: {mailbox.lastError}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {mailbox.enabled ? null : <Badge tone="warning">Paused</Badge>}
        <Button variant="secondary" size="sm" onClick={() => poll.mutate()} disabled={poll.isPending}>
          {poll.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" className="size-4" />}
          Check now<span className="sr-only"> {name}</span>
        </Button>
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit<span className="sr-only"> {name}</span>
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Disconnect<span className="sr-only"> {name}</span>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Disconnect ${name}?`}
        description="Atrium stops fetching mail from it. Tickets already made from its mail stay."
        confirmLabel="Disconnect"
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
      />
    </li>
  );
}

/** Settings -> Help desk: the IMAP mailboxes polled for support mail (issue 21). */
export function HelpdeskMailboxesPanel() {
  const mailboxes = useQuery(mailboxesQueryOptions());
  const [editing, setEditing] = useState<Mailbox | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const show = (mailbox: Mailbox | undefined) => {
    setEditing(mailbox);
    setOpen(true);
  };

  return (
    <section
      aria-labelledby="mailboxes-title"
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="min-w-0 flex-1">
          <h2 id="mailboxes-title" className="text-lg font-semibold text-slate-900">
            Mailboxes
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Rather than forwarding, let Atrium fetch your support mailbox over IMAP every minute.
          </p>
        </div>
        <Button onClick={() => show(undefined)}>
          <MailPlus aria-hidden="true" className="size-4" />
          Connect mailbox
        </Button>
      </div>
      <div className="border-t border-slate-200">
        {mailboxes.isPending ? (
          <div role="status" className="flex items-center gap-2 p-6 text-sm text-slate-600">
            <Spinner /> Loading the mailboxes…
          </div>
        ) : mailboxes.isError ? (
          <div className="p-4 sm:p-6">
            <Alert tone="error" title="The mailboxes could not be loaded">
              {mailboxes.error.message}
            </Alert>
          </div>
        ) : mailboxes.data.data.length === 0 ? (
          <p className="px-6 py-8 text-center text-sm text-slate-600">No mailbox is connected.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {mailboxes.data.data.map((mailbox) => (
              <MailboxRow key={mailbox.id} mailbox={mailbox} onEdit={() => show(mailbox)} />
            ))}
          </ul>
        )}
      </div>
      <MailboxDialog open={open} onClose={() => setOpen(false)} mailbox={editing} />
    </section>
  );
}
