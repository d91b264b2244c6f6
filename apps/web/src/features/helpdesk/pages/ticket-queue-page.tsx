import { ticketViewLabels, ticketViews, type TicketView } from '@atrium/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Inbox, Plus, SearchX, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadMore, PagedListError, PagedListHeading, type ListNoun } from '../../../components/ui/paged-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { useMe } from '../../accounts';
import { CustomerListDialog } from '../../portal';
import { ticketQueueQueryOptions } from '../api/tickets.queries';
import { NewTicketDialog } from '../components/new-ticket-dialog';
import { TicketBulkBar } from '../components/ticket-bulk-bar';
import { TicketCards, TicketTable, type TicketSelection } from '../components/ticket-queue-list';
import { TicketQueueToolbar } from '../components/ticket-queue-toolbar';
import { useTicketQueueAddress } from '../hooks/use-ticket-queue-address';
import {
  clearedTicketFilters,
  hasActiveTicketFilters,
  type TicketQueueFilters,
} from '../lib/ticket-queue-filters';

const ticketNoun: ListNoun = { one: 'ticket', many: 'tickets' };

/** What an empty view means when nothing narrows it. */
const emptyViewText: Record<TicketView, string> = {
  mine: 'No open tickets are assigned to you. Take one from Unassigned.',
  unassigned: 'Every open ticket has an agent.',
  open: 'No open tickets: the queue is clear.',
  breaching: 'No ticket is due within two business hours or overdue.',
  pending: 'No ticket is waiting on a customer.',
  closed: 'No ticket has been resolved or closed yet.',
  all: 'Tickets arrive here as customers write in. Enter one with New Ticket.',
};

/**
 * /helpdesk/tickets (issue 21 "Tickets"): the queue in views, searched, filtered and sorted by the
 * server in keyset pages, with the bulk bar and New Ticket; the view and filters live in the address.
 */
export function TicketQueuePage() {
  const me = useMe();
  const { search } = useLocation();
  const { filters, changeFilters } = useTicketQueueAddress();
  const list = useInfiniteQuery(ticketQueueQueryOptions(filters));
  const tickets = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const ticketsById = useMemo(() => new Map(tickets.map((ticket) => [ticket.id, ticket])), [tickets]);

  const [selectedIds, setSelectedIds] = useState<readonly string[]>([]);
  const [creating, setCreating] = useState(false);
  const [listingCustomers, setListingCustomers] = useState(false);

  // Only loaded rows can be selected: a ticket that left the view drops out of the selection.
  const selected = selectedIds.filter((id) => ticketsById.has(id));
  const selection: TicketSelection = {
    selected: new Set(selected),
    onToggle: (id) =>
      setSelectedIds((current) => {
        const loaded = current.filter((other) => ticketsById.has(other));
        return loaded.includes(id) ? loaded.filter((other) => other !== id) : [...loaded, id];
      }),
    onToggleAll: () =>
      setSelectedIds(
        tickets.length > 0 && selected.length === tickets.length ? [] : tickets.map((ticket) => ticket.id),
      ),
  };

  const applyFilters = (changes: Partial<TicketQueueFilters>) => {
    // A new view, search or filter starts a new selection: acting on rows no longer shown would surprise.
    if (Object.keys(changes).some((key) => key !== 'sort' && key !== 'order')) setSelectedIds([]);
    changeFilters(changes);
  };
  const filtered = hasActiveTicketFilters(filters);
  const clearButton = (
    <Button variant="secondary" onClick={() => applyFilters(clearedTicketFilters(filters))}>
      Clear filters
    </Button>
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Support Tickets — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Support Tickets"
        description="Customer requests by priority and status: answer, assign and close them."
        actions={
          <>
            <Button variant="secondary" onClick={() => setListingCustomers(true)}>
              <Users aria-hidden="true" className="size-4" />
              Customers
            </Button>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              New Ticket
            </Button>
          </>
        }
      />

      <Tabs value={filters.view} onValueChange={(view) => applyFilters({ view: view as TicketView })}>
        <TabsList aria-label="Views">
          {ticketViews.map((view) => (
            <TabsTrigger key={view} value={view}>
              {ticketViewLabels[view]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={filters.view} className="space-y-4 pt-4">
          <TicketQueueToolbar
            filters={filters}
            onChange={applyFilters}
            searching={list.isFetching && !list.isFetchingNextPage && list.isPlaceholderData}
          />

          <section aria-labelledby="ticket-results" aria-busy={list.isFetching} className="space-y-4">
            <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
              <PagedListHeading id="ticket-results" list={list} noun={ticketNoun} />
              {filters.view === 'breaching' ? (
                <p className="text-sm text-slate-600">Nearest due time first</p>
              ) : null}
              {filtered ? (
                <Button variant="ghost" size="sm" onClick={() => applyFilters(clearedTicketFilters(filters))}>
                  Clear filters
                </Button>
              ) : null}
            </div>

            {selected.length > 0 ? (
              <TicketBulkBar
                selectedIds={selected}
                ticketsById={ticketsById}
                onDone={() => setSelectedIds([])}
                onClear={() => setSelectedIds([])}
              />
            ) : null}

            {list.isPending ? (
              <ListSkeleton label="Loading tickets…" rows={8} />
            ) : list.isError && tickets.length === 0 ? (
              <PagedListError list={list} noun={ticketNoun} />
            ) : tickets.length === 0 ? (
              <EmptyState
                icon={filtered ? SearchX : Inbox}
                title={filtered ? 'No tickets match' : `No tickets in ${ticketViewLabels[filters.view]}`}
                description={
                  filtered
                    ? 'No ticket in this view matches this search and these filters. Try other words or clear the filters.'
                    : emptyViewText[filters.view]
                }
                action={
                  filtered ? (
                    clearButton
                  ) : (
                    <Button onClick={() => setCreating(true)}>
                      <Plus aria-hidden="true" className="size-4" />
                      New Ticket
                    </Button>
                  )
                }
              />
            ) : (
              <div className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
                <TicketTable
                  tickets={tickets}
                  selection={selection}
                  queueSearch={search}
                  sort={filters}
                  onSort={applyFilters}
                />
                <TicketCards tickets={tickets} selection={selection} queueSearch={search} />
              </div>
            )}

            <LoadMore list={list} noun={ticketNoun} />
          </section>
        </TabsContent>
      </Tabs>

      <NewTicketDialog open={creating} onClose={() => setCreating(false)} />
      <CustomerListDialog open={listingCustomers} onClose={() => setListingCustomers(false)} />
    </div>
  );
}
