import { queryOptions } from '@tanstack/react-query';
import type { Me } from '@atrium/shared';
import { apiRequest } from '../../../lib/api-client';

export const meQueryKey = ['me'] as const;

/**
 * Who is signed in, or null when nobody is. GET /api/v1/session answers 200 with null for a signed-out
 * visitor (GET /api/v1/me would answer 401, which the browser logs as a console error).
 */
export function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  return apiRequest<Me | null>('/api/v1/session', { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
  });
