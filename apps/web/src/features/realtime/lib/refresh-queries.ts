import type { Query, QueryClient } from '@tanstack/react-query';
import type { AffectedQueries } from './affected-queries';

/**
 * The key of a mutation deleting the record with this id. The change it causes reaches this tab's
 * stream too, often before the mutation's own answer: a refetch then would ask for a record that is
 * gone (404) while its page is still on screen. Refreshes leave the record's queries alone.
 */
export const deletionKey = (id: string) => ['deleting', id] as const;

function idsBeingDeleted(queryClient: QueryClient): Set<unknown> {
  const deletions = queryClient.getMutationCache().findAll({ mutationKey: ['deleting'] });
  return new Set(
    deletions
      .filter(({ state }) => state.status === 'pending' || state.status === 'success')
      .map(({ options }) => options.mutationKey?.[1]),
  );
}

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
  const deleting = idsBeingDeleted(queryClient);
  void queryClient.invalidateQueries({
    predicate: (query) => isAffected(query, affected) && !query.queryKey.some((part) => deleting.has(part)),
  });
  return true;
}
