import { homePathFor, type Me } from '@atrium/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { signOut, switchWorkspace } from '../api/account.api';
import { meQueryKey } from '../api/session.queries';

const isMeQuery = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] === meQueryKey[0];

/**
 * Nothing cached for one person may show for another. A query still shown (the page being left) is
 * kept: removed while observed it would only fetch again, for a session that has ended; it is removed
 * here at the next sign-in, once nothing shows it.
 */
function forgetPersonalData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => !isMeQuery(query) && query.getObserversCount() === 0 });
}

/**
 * After a sign-in, sign-up or accepted invitation: the new `Me`, then the page to go to. What an
 * earlier person left in the cache goes.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (me: Me, to: string) => {
    forgetPersonalData(queryClient);
    queryClient.setQueryData(meQueryKey, me);
    await navigate(to, { replace: true });
  };
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // The sign-in page reads the session afresh, finds none and stays; only then is the cache
      // emptied, so the shell never renders half-cleared data on the way out.
      await navigate('/login', { replace: true });
      forgetPersonalData(queryClient);
    },
    onError: (error) => toast.error('Signing out failed', { description: error.message }),
  });
}

/** Switches the active workspace; every query then refetches for the new one (issue 3). */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: switchWorkspace,
    onSuccess: async (me) => {
      queryClient.setQueryData(meQueryKey, me);
      await navigate(homePathFor(me.workspace.role));
      await queryClient.resetQueries({ predicate: (query) => !isMeQuery(query) });
      toast.success(`Switched to ${me.workspace.name}`);
    },
    onError: (error) => toast.error('The workspace could not be switched', { description: error.message }),
  });
}
