import { ticketReference, type PortalTicketState } from '@atrium/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronRight, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { formatRelative } from '../../../lib/dates';
import { portalTicketsQueryOptions } from '../api/portal.queries';
import { portalPath, type PortalViewer } from '../hooks/use-portal-viewer';
import { PortalStatusBadge } from './portal-status-badge';

const emptyStates: Record<PortalTicketState, { title: string; description: string }> = {
  open: {
    title: 'No open tickets',
    description: 'When you ask us something, your ticket shows here until it is answered.',
  },
  closed: {
    title: 'No closed tickets',
    description: 'Tickets that were resolved or closed show here.',
  },
};

/** My tickets, one tab's worth: newest activity first, more on request. */
export function PortalTicketList({
  viewer,
  state,
  emptyAction,
}: {
  viewer: PortalViewer;
  state: PortalTicketState;
  emptyAction?: ReactNode;
}) {
  const tickets = useInfiniteQuery(portalTicketsQueryOptions(viewer, state));
  if (tickets.isPending) return <ListSkeleton label="Loading your tickets…" rows={3} />;
  if (tickets.isError) {
    return (
      <LoadError
        error={tickets.error}
        title="Your tickets could not be loaded"
        onRetry={() => void tickets.refetch()}
      />
    );
  }
  const rows = tickets.data.pages.flatMap((page) => page.data);
  if (rows.length === 0) {
    return (
      <EmptyState icon={Inbox} {...emptyStates[state]} action={state === 'open' ? emptyAction : undefined} />
    );
  }
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {rows.map((ticket) => (
          <li key={ticket.id}>
            <Link
              to={portalPath(viewer, `/helpdesk/portal/tickets/${ticket.id}`)}
              className="flex items-center gap-3 px-4 py-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 sm:px-5"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{ticket.subject}</p>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                  <span>{ticketReference(ticket.number)}</span>
                  <span>Updated {formatRelative(ticket.updatedAt)}</span>
                </p>
              </div>
              <PortalStatusBadge status={ticket.status} />
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
      {tickets.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => void tickets.fetchNextPage()}
          disabled={tickets.isFetchingNextPage}
        >
          {tickets.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}
