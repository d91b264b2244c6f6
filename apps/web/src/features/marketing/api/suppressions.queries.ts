import type {
  CreateSuppressionValues,
  Suppression,
  SuppressionListResponse,
  SuppressionReason,
} from '@atrium/shared';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Issue 23: the workspace's suppression list, /api/v1/marketing/suppressions.

/** Every cached page of the list starts with this key: an add or a release refreshes them all. */
export const suppressionsQueryKey = ['marketing-suppressions'] as const;

const suppressionsPath = '/api/v1/marketing/suppressions';
const pageSize = 50;

/** Newest first, `q` matching any part of the address, of one reason when given; keyset pages (Load more). */
export const suppressionListQueryOptions = (q: string, reason: SuppressionReason | '') =>
  infiniteQueryOptions({
    queryKey: [...suppressionsQueryKey, 'list', q, reason],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(pageSize) });
      if (q) query.set('q', q);
      if (reason) query.set('reason', reason);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<SuppressionListResponse>(`${suppressionsPath}?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A new search keeps the old rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

/** 409 (with a field error on `email`) when the address is on the list already. */
export const createSuppression = (input: CreateSuppressionValues) =>
  apiRequest<Suppression>(suppressionsPath, { method: 'POST', json: input });

export const releaseSuppression = (id: string) =>
  apiRequest<void>(`${suppressionsPath}/${encodeURIComponent(id)}`, { method: 'DELETE' });
