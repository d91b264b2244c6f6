import { ticketReference, type TicketDetails } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { isUuid } from '../../../lib/search-params';
import { useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import { ticketDetailsQueryOptions } from '../api/tickets.queries';
import { TicketPriorityBadge, TicketStatusBadge } from '../components/ticket-badges';
import { MergeTicketDialog } from '../components/merge-ticket-dialog';
import { TicketComposer } from '../components/ticket-composer';
import { ReplyingNotice } from '../components/replying-notice';
import { TicketConversation } from '../components/ticket-conversation';
import { TicketSidePanel } from '../components/ticket-side-panel';
import { useReplyingPresence } from '../hooks/use-replying-presence';
import { slaTierLabels, ticketTypeLabels } from '../lib/ticket-labels';

/** The way back keeps the queue's view and filters when the ticket was opened from it. */
function useQueueAddress(): string {
  const state = useLocation().state as { queueSearch?: unknown } | null;
  const search = typeof state?.queueSearch === 'string' ? state.queueSearch : '';
  return `/helpdesk/tickets${search}`;
}

/**
 * The conversation in order and the composer, with a notice between them while another agent is
 * replying (issue 21); what the agent types here is announced to the others the same way.
 */
function ConversationSection({ ticket, timeZone }: { ticket: TicketDetails; timeZone: string | undefined }) {
  const presence = useReplyingPresence(ticket);
  return (
    <section aria-labelledby="conversation-heading" className="min-w-0 space-y-4">
      <h2 id="conversation-heading" className="text-base font-semibold text-slate-900">
        Conversation
      </h2>
      <TicketConversation messages={ticket.messages} timeZone={timeZone} />
      <div className="space-y-1.5">
        <ReplyingNotice repliers={presence.repliers} />
        <TicketComposer ticket={ticket} onTyping={presence.announce} />
      </div>
    </section>
  );
}

/**
 * /helpdesk/tickets/:id (issue 21 "Ticket page"): the conversation in order with the composer, and
 * the side panel. Another agent's reply or change arrives through the live updates (realtime).
 */
export function TicketPage() {
  const { id = '' } = useParams();
  const me = useMe();
  const timeZone = useWorkspaceTimeZone();
  const queueAddress = useQueueAddress();
  const validId = isUuid(id);
  const details = useQuery({ ...ticketDetailsQueryOptions(id), enabled: validId });
  const ticket = details.data;

  const backLink = (
    <Link
      to={queueAddress}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to tickets
    </Link>
  );

  const notFound = !validId || (details.error instanceof ApiError && details.error.status === 404);
  if (notFound || (details.isError && !ticket)) {
    return (
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <title>{`Ticket — ${me.workspace.name} — Atrium`}</title>
        {backLink}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Ticket</h1>
        {notFound ? (
          <EmptyState
            icon={SearchX}
            title="Ticket not found"
            description="It may have been merged or removed, or the link is incomplete."
            action={
              <Link to="/helpdesk/tickets" className={buttonClasses({ variant: 'secondary' })}>
                Open the queue
              </Link>
            }
          />
        ) : details.error ? (
          <LoadError
            error={details.error}
            title="The ticket could not be loaded"
            onRetry={() => void details.refetch()}
          />
        ) : null}
      </div>
    );
  }

  if (!ticket) {
    return (
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <title>{`Ticket — ${me.workspace.name} — Atrium`}</title>
        {backLink}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Ticket</h1>
        <ListSkeleton label="Loading the ticket…" rows={4} />
      </div>
    );
  }

  const reference = ticketReference(ticket.number);
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`${reference} ${ticket.subject} — ${me.workspace.name} — Atrium`}</title>
      {backLink}
      <header className="space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
            <span className="text-slate-500">{reference}</span> {ticket.subject}
          </h1>
          <MergeTicketDialog ticket={ticket} />
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
          <span>
            {[
              ticketTypeLabels[ticket.type],
              ticket.category,
              ticket.slaTier ? `${slaTierLabels[ticket.slaTier]} SLA` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <ConversationSection ticket={ticket} timeZone={timeZone} />
        <TicketSidePanel ticket={ticket} timeZone={timeZone} />
      </div>
    </div>
  );
}
