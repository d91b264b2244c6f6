import type { Query, QueryClient } from '@tanstack/react-query';
import type { AffectedQueries } from './affected-queries';

const isAffected = (query: Query, affected: AffectedQueries) =>
  affected === 'everything' || affected.includes(String(query.queryKey[0]));

/**
 * Refetches the affected queries on screen, unless one of them is loading its next page: a refetch
 * would cancel that page and the user's Load more would come to nothing. Returns false then, for
 * the caller to try again once the page is in.
 */
export function refreshQueries(queryClient: QueryClient, affected: AffectedQueries): boolean {
  const loadingMore = queryClient
    .getQueryCache()
    .findAll({ fetchStatus: 'fetching', predicate: (query) => isAffected(query, affected) })
    .some((query) => query.state.fetchMeta?.fetchMore !== undefined);
  if (loadingMore) return false;
  if (affected === 'everything') void queryClient.invalidateQueries();
  else for (const root of affected) void queryClient.invalidateQueries({ queryKey: [root] });
  return true;
}
