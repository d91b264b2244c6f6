import { useMutationState } from '@tanstack/react-query';
import { deletionKey, isDeletion } from '../lib/refresh-queries';

/**
 * Whether this tab is deleting, or has deleted, the record with this id (a mutation with
 * `deletionKey`). Its page then asks for it no more: the answer would be a 404, and the page may
 * still be on screen while the app navigates away from it.
 */
export function useDeletedHere(id: string): boolean {
  const deletions = useMutationState({ filters: { mutationKey: deletionKey(id), predicate: isDeletion } });
  return deletions.length > 0;
}
