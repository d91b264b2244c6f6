import type { ListPage } from '@atrium/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { justLoadedMs } from './dashboard.queries';

/** One line of GET /api/v1/activity: who did what to which record, and when. */
export type ActivityItem = {
  id: string;
  actorName: string;
  action: string;
  entityType: string;
  entityId: string;
  summary: string;
  occurredAt: string;
};

const pageSize = 6;

export const recentActivityQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['activity', 'recent'],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(pageSize) });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<ListPage<ActivityItem>>(`/api/v1/activity?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: justLoadedMs,
  });
