import { openTicketStatuses, type TicketCategory, type TicketPriority } from '@atrium/shared';
import {
  defaultTicketQueueFilters,
  statusFilterParam,
  ticketQueueSearchParams,
  type TicketQueueFilters,
} from './ticket-queue-filters';

/** The queue filtered as given, in the address format the queue reads (use-ticket-queue-address). */
export function queueLink(changes: Partial<TicketQueueFilters>): string {
  const params = ticketQueueSearchParams({ ...defaultTicketQueueFilters, ...changes });
  const query = params.toString();
  return query ? `/helpdesk/tickets?${query}` : '/helpdesk/tickets';
}

/** Every open ticket (open, in progress, pending): the overview's Open count, as a queue. */
const openTickets: Partial<TicketQueueFilters> = {
  view: 'all',
  status: statusFilterParam(openTicketStatuses),
};

/** Where each figure of the overview leads (issue 21: each links to the filtered queue). */
export const overviewLinks = {
  open: queueLink(openTickets),
  unassigned: queueLink({ view: 'unassigned' }),
  breaching: queueLink({ view: 'breaching' }),
  // The queue has no date filter: the resolved and closed tickets, the latest changed first.
  resolved: queueLink({ view: 'closed', sort: 'updated', order: 'desc' }),
  answered: queueLink({ view: 'all', sort: 'created', order: 'desc' }),
  category: (category: TicketCategory) => queueLink({ ...openTickets, category }),
  priority: (priority: TicketPriority) => queueLink({ ...openTickets, priority }),
};
