import type { Mutation, Query, QueryClient } from '@tanstack/react-query';
import type { AffectedQueries } from './affected-queries';

/**
 * The key of a mutation deleting the record with this id. The change it causes reaches this tab's
 * stream too, often before the mutation's own answer: a refetch then would ask for a record that is
 * gone (404) while its page is still on screen. Refreshes leave the record's queries alone.
 */
const deleting = 'deleting';

export const deletionKey = (id: string) => [deleting, id] as const;

/** A mutation with `deletionKey` that has not failed: the record is going or gone. */
export const isDeletion = (mutation: Mutation<unknown, Error, unknown, unknown>) =>
  mutation.options.mutationKey?.[0] === deleting &&
  (mutation.state.status === 'pending' || mutation.state.status === 'success');

/** Leaves out the queries of the records this tab is deleting or has deleted: they would be 404s. */
export function notDeletedHere(queryClient: QueryClient): (query: Query) => boolean {
  const deletedIds = new Set(
    queryClient
      .getMutationCache()
      .findAll({ predicate: isDeletion })
      .map(({ options }) => options.mutationKey?.[1]),
  );
  return (query) => !query.queryKey.some((part) => deletedIds.has(part));
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
  const notDeleted = notDeletedHere(queryClient);
  void queryClient.invalidateQueries({
    predicate: (query) => isAffected(query, affected) && notDeleted(query),
  });
  return true;
}
