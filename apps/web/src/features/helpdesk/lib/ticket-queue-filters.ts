import {
  parseTicketStatusFilter,
  slaTiers,
  ticketCategories,
  ticketPriorities,
  ticketSortKeys,
  ticketTypes,
  ticketViews,
  type SlaTier,
  type TicketCategory,
  type TicketPriority,
  type TicketSortKey,
  type TicketStatus,
  type TicketType,
  type TicketView,
} from '@atrium/shared';
import { isUuid, oneOf, searchParamsDifferingFrom, searchTextFrom } from '../../../lib/search-params';

/** The queue's view, search, filters and order (issue 21 "Tickets"): kept in the address. */
export type TicketQueueFilters = {
  view: TicketView;
  q: string;
  /** The statuses kept, as the address and the API write them: 'open,pending', or '' for all. */
  status: string;
  priority: TicketPriority | '';
  type: TicketType | '';
  category: TicketCategory | '';
  /** An employee id, 'unassigned', or '' for every agent. */
  assigneeId: string;
  slaTier: SlaTier | '';
  tag: string;
  customer: string;
  sort: TicketSortKey;
  order: 'asc' | 'desc';
};

/** The queue opens on the work still to do: every open ticket, newest first. */
export const defaultTicketQueueFilters: TicketQueueFilters = {
  view: 'open',
  q: '',
  status: '',
  priority: '',
  type: '',
  category: '',
  assigneeId: '',
  slaTier: '',
  tag: '',
  customer: '',
  sort: 'created',
  order: 'desc',
};

/** The statuses in the address, in workflow order; anything unknown keeps every status. */
export const statusesOf = (filter: string): TicketStatus[] => parseTicketStatusFilter(filter) ?? [];

export const statusFilterParam = (statuses: readonly TicketStatus[]) => statuses.join(',');

const shortText = (value: string | null, max: number) => (value ?? '').trim().slice(0, max);

/** Reads the queue from the address; anything unknown (an old or hand-edited link) falls back to the default. */
export function ticketQueueFiltersFrom(params: URLSearchParams): TicketQueueFilters {
  const assigneeId = params.get('assigneeId');
  return {
    view: oneOf(ticketViews, params.get('view')) ?? defaultTicketQueueFilters.view,
    q: searchTextFrom(params),
    status: statusFilterParam(statusesOf(params.getAll('status').join(','))),
    priority: oneOf(ticketPriorities, params.get('priority')) ?? '',
    type: oneOf(ticketTypes, params.get('type')) ?? '',
    category: oneOf(ticketCategories, params.get('category')) ?? '',
    assigneeId: assigneeId === 'unassigned' || isUuid(assigneeId) ? assigneeId : '',
    slaTier: oneOf(slaTiers, params.get('slaTier')) ?? '',
    tag: shortText(params.get('tag'), 40),
    customer: shortText(params.get('customer'), 254),
    sort: oneOf(ticketSortKeys, params.get('sort')) ?? defaultTicketQueueFilters.sort,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** Only what differs from the default, so a plain /helpdesk/tickets stays plain. */
export function ticketQueueSearchParams(filters: TicketQueueFilters): URLSearchParams {
  return searchParamsDifferingFrom(filters, defaultTicketQueueFilters);
}

/**
 * The API's query: the view is always sent, since the API's own default view (every ticket) is not
 * the queue's (open tickets).
 */
export function ticketListApiParams(filters: TicketQueueFilters): URLSearchParams {
  const params = ticketQueueSearchParams(filters);
  params.set('view', filters.view);
  return params;
}

/** True when a search or filter narrows the view (the view and the order do not). */
export function hasActiveTicketFilters(filters: TicketQueueFilters): boolean {
  return (
    filters.q !== '' ||
    filters.status !== '' ||
    filters.priority !== '' ||
    filters.type !== '' ||
    filters.category !== '' ||
    filters.assigneeId !== '' ||
    filters.slaTier !== '' ||
    filters.tag !== '' ||
    filters.customer !== ''
  );
}

/** Clearing the filters keeps the view and the order the agent chose. */
export function clearedTicketFilters(filters: TicketQueueFilters): TicketQueueFilters {
  return { ...defaultTicketQueueFilters, view: filters.view, sort: filters.sort, order: filters.order };
}

/**
 * A click on a column heading: the same column flips its direction; a new one starts where it reads
 * best — dates and priority with the newest or most urgent first, number and subject ascending.
 */
export function nextTicketSort(
  current: Pick<TicketQueueFilters, 'sort' | 'order'>,
  column: TicketSortKey,
): Pick<TicketQueueFilters, 'sort' | 'order'> {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: column === 'subject' || column === 'number' ? 'asc' : 'desc' };
}
