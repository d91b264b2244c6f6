import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPortalMessageSchema,
  ticketReference,
  type CreatePortalMessageInput,
  type CreatePortalMessageValues,
  type PortalTicket,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import {
  FileAttachments,
  readyAttachmentIds,
  type PickedAttachment,
} from '../../../components/ui/file-attachments';
import { Textarea } from '../../../components/ui/input';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { useMe } from '../../accounts';
import {
  closePortalTicket,
  portalAttachmentUrl,
  portalQueryKey,
  portalTicketQueryOptions,
  reopenPortalTicket,
  replyOnPortalTicket,
  uploadPortalFile,
} from '../api/portal.queries';
import { PortalConversation } from '../components/portal-conversation';
import { PortalStatusBadge } from '../components/portal-status-badge';
import { PreviewBanner } from '../components/preview-banner';
import { TicketRatingForm } from '../components/ticket-rating-form';
import { portalPath, usePortalViewer } from '../hooks/use-portal-viewer';

const fieldNames = ['body'] as const;

function ReplyForm({ ticket, onSaved }: { ticket: PortalTicket; onSaved: (ticket: PortalTicket) => void }) {
  const [files, setFiles] = useState<PickedAttachment[]>([]);
  const form = useForm<CreatePortalMessageInput, unknown, CreatePortalMessageValues>({
    resolver: zodResolver(createPortalMessageSchema),
    defaultValues: { body: '', attachmentIds: [] },
  });
  const { errors } = form.formState;
  const attachmentIds = readyAttachmentIds(files);
  const send = useMutation({
    mutationFn: (values: CreatePortalMessageValues) =>
      replyOnPortalTicket(ticket.id, { ...values, attachmentIds: attachmentIds ?? [] }),
    onSuccess: (saved) => {
      form.reset();
      setFiles([]);
      onSaved(saved);
      toast.success('Your reply was sent');
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });
  const showRequestError = send.error && !isFieldError(send.error, fieldNames);

  return (
    <form
      noValidate
      aria-labelledby="reply-heading"
      onSubmit={form.handleSubmit((values) => send.mutate(values))}
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="reply-heading" className="text-lg font-semibold text-slate-900">
        Reply
      </h2>
      {showRequestError ? <ServerErrorAlert error={send.error} title="Your reply could not be sent" /> : null}
      {ticket.status === 'resolved' || ticket.status === 'closed' ? (
        <p className="text-sm text-slate-600">Replying opens this ticket again.</p>
      ) : null}
      <Field label="Your message" error={errors.body?.message}>
        {(control) => <Textarea {...control} rows={4} {...form.register('body')} />}
      </Field>
      <FileAttachments files={files} onChange={setFiles} upload={uploadPortalFile} />
      <div className="flex justify-end">
        <Button type="submit" disabled={send.isPending || attachmentIds === undefined}>
          {send.isPending ? <Spinner /> : null}
          Send reply
        </Button>
      </div>
    </form>
  );
}

function StatusActions({
  ticket,
  onSaved,
}: {
  ticket: PortalTicket;
  onSaved: (ticket: PortalTicket) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const close = useMutation({
    mutationFn: () => closePortalTicket(ticket.id),
    onSuccess: (saved) => {
      setConfirming(false);
      onSaved(saved);
      toast.success('Your ticket was closed');
    },
  });
  const reopen = useMutation({
    mutationFn: () => reopenPortalTicket(ticket.id),
    onSuccess: (saved) => {
      onSaved(saved);
      toast.success('Your ticket was reopened');
    },
  });
  const error = close.error ?? reopen.error;
  return (
    <div className="space-y-3">
      {error ? <ServerErrorAlert error={error} title="The ticket could not be changed" /> : null}
      <div className="flex flex-wrap items-center gap-3">
        {ticket.mayClose ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Close ticket
          </Button>
        ) : null}
        {ticket.mayReopen ? (
          <Button variant="secondary" onClick={() => reopen.mutate()} disabled={reopen.isPending}>
            {reopen.isPending ? <Spinner /> : null}
            Reopen ticket
          </Button>
        ) : null}
        {ticket.reopenUntil && ticket.mayReopen ? (
          <p className="text-sm text-slate-600">You can reopen it until {formatDate(ticket.reopenUntil)}.</p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Close this ticket?"
        description="Close it when your question is answered. You can reopen it within 7 days."
        confirmLabel="Close ticket"
        onConfirm={() => close.mutate()}
        pending={close.isPending}
        destructive={false}
      />
    </div>
  );
}

/** One of the customer's tickets (issue 22): the public conversation, a reply, close and reopen. */
export function PortalTicketPage() {
  const me = useMe();
  const viewer = usePortalViewer();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const options = portalTicketQueryOptions(viewer, id);
  const details = useQuery(options);
  const ticket = details.data;

  const saved = (next: PortalTicket) => {
    queryClient.setQueryData(options.queryKey, next);
    void queryClient.invalidateQueries({ queryKey: portalQueryKey });
  };

  const banner = viewer.previewOf ? <PreviewBanner name={viewer.previewName} /> : null;
  const backLink = (
    <Link
      to={portalPath(viewer, '/helpdesk/portal')}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {viewer.preview ? 'Back to their tickets' : 'Back to my tickets'}
    </Link>
  );
  const shell = (children: ReactNode, title = 'Ticket') => (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`${title} — ${me.workspace.name} — Atrium`}</title>
      {banner}
      {backLink}
      {children}
    </div>
  );

  if (viewer.preview && !viewer.previewOf) {
    return shell(
      <Alert tone="info" title="Choose a customer first">
        The preview shows a customer’s tickets once you choose whose portal to look at.
      </Alert>,
    );
  }
  const notFound = details.error instanceof ApiError && details.error.status === 404;
  if (notFound) {
    return shell(
      <>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Ticket</h1>
        <EmptyState
          icon={SearchX}
          title="Ticket not found"
          description="This ticket does not exist, or it is not one of yours."
          action={
            <Link
              to={portalPath(viewer, '/helpdesk/portal')}
              className={buttonClasses({ variant: 'secondary' })}
            >
              See my tickets
            </Link>
          }
        />
      </>,
    );
  }
  if (details.isError && !ticket) {
    return shell(
      <LoadError
        error={details.error}
        title="The ticket could not be loaded"
        onRetry={() => void details.refetch()}
      />,
    );
  }
  if (!ticket) return shell(<ListSkeleton label="Loading the ticket…" rows={4} />);

  const reference = ticketReference(ticket.number);
  return shell(
    <>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
          <span className="text-slate-500">{reference}</span> {ticket.subject}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <PortalStatusBadge status={ticket.status} />
          <span>
            {ticket.category} · Opened {formatDate(ticket.createdAt)}
          </span>
        </div>
      </header>
      <section aria-label="Messages">
        <PortalConversation
          messages={ticket.messages}
          attachmentUrl={(fileId) => portalAttachmentUrl(viewer, ticket.id, fileId)}
        />
      </section>
      {viewer.preview ? null : (
        <>
          <TicketRatingForm ticketId={ticket.id} />
          {ticket.mayReply ? (
            <ReplyForm ticket={ticket} onSaved={saved} />
          ) : (
            <Alert tone="info" title="This ticket was closed more than 7 days ago">
              <Link to="/helpdesk/portal/new" className="font-medium underline">
                Open a new ticket
              </Link>{' '}
              if you need more help.
            </Alert>
          )}
          <StatusActions ticket={ticket} onSaved={saved} />
        </>
      )}
    </>,
    `${reference} ${ticket.subject}`,
  );
}
