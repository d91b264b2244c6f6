import type {
  CreatePortalDeflectionInput,
  CreatePortalMessageInput,
  CreatePortalTicketInput,
  PortalArticle,
  PortalSuggestionList,
  PortalTicket,
  PortalTicketList,
  PortalTicketState,
  UploadedFile,
} from '@atrium/shared';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PortalViewer } from '../hooks/use-portal-viewer';

/** Every cached portal answer starts with this key: a change invalidates them all at once. */
export const portalQueryKey = ['portal'] as const;

const pageSize = 20;

/** The customer's own portal, or the agents' read-only preview of a chosen customer's. */
const base = (viewer: PortalViewer) =>
  viewer.previewOf
    ? `/api/v1/helpdesk/portal-preview/${encodeURIComponent(viewer.previewOf)}/tickets`
    : '/api/v1/portal/tickets';

const ticketPath = (id: string) => `/api/v1/portal/tickets/${encodeURIComponent(id)}`;

export const portalTicketsQueryOptions = (viewer: PortalViewer, state: PortalTicketState) =>
  infiniteQueryOptions({
    queryKey: [...portalQueryKey, viewer.previewOf ?? 'me', 'tickets', state],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ state, limit: String(pageSize) });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<PortalTicketList>(`${base(viewer)}?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const portalTicketQueryOptions = (viewer: PortalViewer, id: string) =>
  queryOptions({
    queryKey: [...portalQueryKey, viewer.previewOf ?? 'me', 'ticket', id],
    queryFn: ({ signal }) =>
      apiRequest<PortalTicket>(`${base(viewer)}/${encodeURIComponent(id)}`, { signal }),
  });

/** A file of the conversation: the customer's download, or the agents' own in the preview. */
export const portalAttachmentUrl = (viewer: PortalViewer, ticketId: string, fileId: string) =>
  viewer.previewOf
    ? `/api/v1/helpdesk/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(fileId)}`
    : `${ticketPath(ticketId)}/attachments/${encodeURIComponent(fileId)}`;

/** Fewer letters than the server's minimum suggest nothing: no request. */
export const portalSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...portalQueryKey, 'suggestions', q],
    queryFn: ({ signal }) =>
      apiRequest<PortalSuggestionList>(
        `/api/v1/portal/suggestions?${new URLSearchParams({ q }).toString()}`,
        { signal },
      ),
    enabled: q.trim().length >= 3,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const portalArticleQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...portalQueryKey, 'article', slug],
    queryFn: ({ signal }) =>
      apiRequest<PortalArticle>(`/api/v1/portal/articles/${encodeURIComponent(slug)}`, { signal }),
  });

// ---- changes ----------------------------------------------------------------------------------

export const createPortalTicket = (input: CreatePortalTicketInput) =>
  apiRequest<PortalTicket>('/api/v1/portal/tickets', { method: 'POST', json: input });

export const replyOnPortalTicket = (id: string, input: CreatePortalMessageInput) =>
  apiRequest<PortalTicket>(`${ticketPath(id)}/messages`, { method: 'POST', json: input });

export const closePortalTicket = (id: string) =>
  apiRequest<PortalTicket>(`${ticketPath(id)}/close`, { method: 'POST' });

export const reopenPortalTicket = (id: string) =>
  apiRequest<PortalTicket>(`${ticketPath(id)}/reopen`, { method: 'POST' });

export const recordDeflection = (input: CreatePortalDeflectionInput) =>
  apiRequest<void>('/api/v1/portal/deflections', { method: 'POST', json: input });

/** POST /api/v1/portal/uploads: a file to attach to the ticket or reply being written. */
export function uploadPortalFile(file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiRequest<UploadedFile>('/api/v1/portal/uploads', { method: 'POST', form });
}
