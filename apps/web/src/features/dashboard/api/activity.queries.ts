import type { ActivityPage } from '@atrium/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { justLoadedMs } from './dashboard.queries';

const pageSize = 6;

export const recentActivityQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['activity', 'recent'],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(pageSize) });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<ActivityPage>(`/api/v1/activity?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: justLoadedMs,
  });
