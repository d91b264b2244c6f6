import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { meQueryKey } from '../api/session.queries';

/**
 * Re-reads `me` when an answer says the session changed under the page: a 401 means it ended (idle or
 * absolute timeout, issue 3) and the app shell sends the person to sign in; a 403 may mean an admin
 * changed their role, and the shell then shows what the new role allows.
 */
export function useSessionWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const sessionChanged = (error: unknown) =>
      error instanceof ApiError && (error.status === 401 || error.status === 403);
    const refreshMe = () => void queryClient.invalidateQueries({ queryKey: meQueryKey });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] !== meQueryKey[0] && sessionChanged(event.action.error)) refreshMe();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && sessionChanged(event.action.error)) {
        refreshMe();
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
