import type {
  CreateSegmentInput,
  Segment,
  SegmentLeadPage,
  SegmentList,
  SegmentPreview,
  SegmentRules,
  UpdateSegmentInput,
} from '@atrium/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Issue 23: saved audiences of campaigns (/api/v1/marketing/segments).

/** Every cached segment answer starts with this key. */
export const segmentsQueryKey = ['marketing-segments'] as const;

const segments = '/api/v1/marketing/segments';
const segmentPath = (id: string) => `${segments}/${encodeURIComponent(id)}`;

/** Leads per page of "View all leads". */
export const segmentLeadsPageSize = 25;

/** Every segment of the workspace, by name (a workspace has tens, so the list is not paged). */
export const segmentListQueryOptions = () =>
  queryOptions({
    queryKey: [...segmentsQueryKey, 'list'],
    queryFn: ({ signal }) => apiRequest<SegmentList>(segments, { signal }),
  });

export const segmentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...segmentsQueryKey, 'details', id],
    queryFn: ({ signal }) => apiRequest<Segment>(segmentPath(id), { signal }),
  });

/**
 * The count and first leads of rules being edited. Keyed by the rules themselves, so going back to
 * an earlier rule answers from the cache; the last answer stays on screen while the next one loads.
 */
export const segmentPreviewQueryOptions = (rules: SegmentRules) =>
  queryOptions({
    queryKey: [...segmentsQueryKey, 'preview', rules],
    queryFn: ({ signal }) =>
      apiRequest<SegmentPreview>(`${segments}/preview`, { method: 'POST', json: { rules }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/** A saved segment's leads, page by page (by last name, first name). */
export const segmentLeadsInfiniteQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...segmentsQueryKey, 'leads', id],
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ limit: String(segmentLeadsPageSize) });
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<SegmentLeadPage>(`${segmentPath(id)}/leads?${params}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const refreshSegments = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: segmentsQueryKey });

export const createSegment = (input: CreateSegmentInput) =>
  apiRequest<Segment>(segments, { method: 'POST', json: input });

/** Sends the version read: 412 when someone saved the segment since. */
export const updateSegment = (id: string, input: UpdateSegmentInput) =>
  apiRequest<Segment>(segmentPath(id), { method: 'PATCH', json: input });

/** 409 while campaigns go to the segment; the message names them. */
export const deleteSegment = (id: string) => apiRequest<void>(segmentPath(id), { method: 'DELETE' });
