import type { BackgroundJobPage, BackgroundJobState } from '@atrium/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const jobsKey = ['jobs'] as const;

/** GET /api/v1/jobs: the workspace's background jobs in one state, newest first. */
export const jobsQueryOptions = (state: BackgroundJobState) =>
  infiniteQueryOptions({
    queryKey: [...jobsKey, state],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ state, limit: '25' });
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<BackgroundJobPage>(`/api/v1/jobs?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Jobs move on their own, outside the workspace's change events: look again while it is open.
    refetchInterval: 5_000,
  });

export const retryJob = (id: string) => apiRequest<void>(`/api/v1/jobs/${id}/retry`, { method: 'POST' });
