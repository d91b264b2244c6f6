import type {
  UploadedFile,
  BulkTicketInput,
  BulkTicketResult,
  CreateTicketInput,
  CreateTicketMessageInput,
  TicketDetails,
  TicketListResponse,
  TicketMessageResult,
  UpdateTicketInput,
} from '@atrium/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ticketListApiParams, type TicketQueueFilters } from '../lib/ticket-queue-filters';

/**
 * Every cached ticket answer starts with this key: realtime refreshes them when another agent changes
 * a ticket, and a change made here invalidates them all at once (queue pages and ticket pages).
 */
export const ticketsQueryKey = ['tickets'] as const;

/** A ticket change moves the dashboard's Open Tickets and its Recent Activity too. */
export function refreshAfterTicketChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}

const ticketQueuePageSize = 50;

const ticketPath = (id: string) => `/api/v1/helpdesk/tickets/${encodeURIComponent(id)}`;

export const ticketQueueQueryOptions = (filters: TicketQueueFilters) =>
  infiniteQueryOptions({
    queryKey: [...ticketsQueryKey, 'queue', filters],
    queryFn: ({ pageParam, signal }) => {
      const query = ticketListApiParams(filters);
      query.set('limit', String(ticketQueuePageSize));
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<TicketListResponse>(`/api/v1/helpdesk/tickets?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A new view, search or sort keeps the old rows on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });

export const ticketDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ticketsQueryKey, 'details', id],
    queryFn: ({ signal }) => apiRequest<TicketDetails>(ticketPath(id), { signal }),
  });

/** The agent filter's name when the address carries only the id. */
export const agentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['employees', 'ticket-agent', id],
    queryFn: ({ signal }) =>
      apiRequest<{ id: string; firstName: string; lastName: string }>(
        `/api/v1/employees/${encodeURIComponent(id)}`,
        { signal },
      ),
    staleTime: 5 * 60_000,
  });

// ---- changes ----------------------------------------------------------------------------------

export const createTicket = (input: CreateTicketInput) =>
  apiRequest<TicketDetails>('/api/v1/helpdesk/tickets', { method: 'POST', json: input });

export const updateTicket = (id: string, input: UpdateTicketInput) =>
  apiRequest<TicketDetails>(ticketPath(id), { method: 'PATCH', json: input });

export const addTicketMessage = (id: string, input: CreateTicketMessageInput) =>
  apiRequest<TicketMessageResult>(`${ticketPath(id)}/messages`, { method: 'POST', json: input });

export const bulkUpdateTickets = (input: BulkTicketInput) =>
  apiRequest<BulkTicketResult>('/api/v1/helpdesk/tickets/bulk', { method: 'POST', json: input });

/** A few tickets matching a number or words: the merge dialog's choices. */
export const ticketSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...ticketsQueryKey, 'search', q],
    queryFn: ({ signal }) =>
      apiRequest<TicketListResponse>(
        `/api/v1/helpdesk/tickets?${new URLSearchParams({ view: 'all', q, limit: '6' }).toString()}`,
        { signal },
      ),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });

export const mergeTicket = (id: string, intoTicketId: string) =>
  apiRequest<TicketDetails>(`${ticketPath(id)}/merge`, { method: 'POST', json: { intoTicketId } });

/** POST /api/v1/helpdesk/uploads: a file to attach to the message being written. */
export function uploadAttachment(file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiRequest<UploadedFile>('/api/v1/helpdesk/uploads', { method: 'POST', form });
}
