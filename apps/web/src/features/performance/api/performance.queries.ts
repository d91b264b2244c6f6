import type {
  CreateGoalInput,
  CreateReviewInput,
  Goal,
  GoalStatus,
  ListPage,
  PerformanceAnalytics,
  PerformanceOverview,
  PerformanceStatsAnswer,
  Review,
  ReviewPeriodFilter,
} from '@atrium/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const basePath = '/api/v1/performance';

/** The screen's filters (kept in the address): who, and which review period. */
export type PerformanceFilters = { employeeId?: string | undefined; period: ReviewPeriodFilter };

/** Every performance query starts with this key, so one invalidation refreshes cards, lists and charts. */
export const performanceQueryKey = ['performance'] as const;

// Pages small enough to render (and check) quickly; Load more brings the next one.
const overviewPageSize = 12;
const listPageSize = 25;

function searchOf(values: Record<string, string | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value) query.set(name, value);
  }
  return query.toString();
}

/** The six stat cards: their own request, since they add up every review and goal in scope. */
export const statsQueryOptions = (filters: PerformanceFilters) =>
  queryOptions({
    queryKey: [...performanceQueryKey, 'stats', filters],
    queryFn: ({ signal }) =>
      apiRequest<PerformanceStatsAnswer>(
        `${basePath}/stats?${searchOf({ employeeId: filters.employeeId, period: filters.period })}`,
        { signal },
      ),
  });

/** The employee cards, keyset paged by name. */
export const overviewQueryOptions = (filters: PerformanceFilters) =>
  infiniteQueryOptions({
    queryKey: [...performanceQueryKey, 'overview', filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PerformanceOverview>(
        `${basePath}/overview?${searchOf({
          employeeId: filters.employeeId,
          period: filters.period,
          limit: String(overviewPageSize),
          cursor: pageParam,
        })}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const reviewsQueryOptions = (filters: PerformanceFilters) =>
  infiniteQueryOptions({
    queryKey: [...performanceQueryKey, 'reviews', filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ListPage<Review>>(
        `${basePath}/reviews?${searchOf({
          employeeId: filters.employeeId,
          period: filters.period,
          limit: String(listPageSize),
          cursor: pageParam,
        })}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export type GoalFilters = { employeeId?: string | undefined; status?: GoalStatus | undefined };

export const goalsQueryOptions = (filters: GoalFilters) =>
  infiniteQueryOptions({
    queryKey: [...performanceQueryKey, 'goals', filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ListPage<Goal>>(
        `${basePath}/goals?${searchOf({
          employeeId: filters.employeeId,
          status: filters.status,
          limit: String(listPageSize),
          cursor: pageParam,
        })}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const analyticsQueryOptions = (filters: PerformanceFilters) =>
  queryOptions({
    queryKey: [...performanceQueryKey, 'analytics', filters],
    queryFn: ({ signal }) =>
      apiRequest<PerformanceAnalytics>(
        `${basePath}/analytics?${searchOf({ employeeId: filters.employeeId, period: filters.period })}`,
        { signal },
      ),
  });

/** Export Reports: a same-origin link, so the session cookie goes along and the browser saves the file. */
export function exportUrl(type: 'reviews' | 'goals', filters: PerformanceFilters & GoalFilters): string {
  return `${basePath}/export?${searchOf({
    type,
    employeeId: filters.employeeId,
    period: filters.period,
    status: type === 'goals' ? filters.status : undefined,
  })}`;
}

export const createReview = (input: CreateReviewInput) =>
  apiRequest<Review>(`${basePath}/reviews`, { method: 'POST', json: input });

export const createGoal = (input: CreateGoalInput) =>
  apiRequest<Goal>(`${basePath}/goals`, { method: 'POST', json: input });

export const updateGoalProgress = (goal: Pick<Goal, 'id' | 'version'>, progress: number) =>
  apiRequest<Goal>(`${basePath}/goals/${encodeURIComponent(goal.id)}`, {
    method: 'PATCH',
    json: { progress, version: goal.version },
  });

export const completeGoal = (goal: Pick<Goal, 'id' | 'version'>) =>
  apiRequest<Goal>(`${basePath}/goals/${encodeURIComponent(goal.id)}/complete`, {
    method: 'POST',
    json: { version: goal.version },
  });
