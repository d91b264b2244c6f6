import { redirect, type LoaderFunctionArgs } from 'react-router';
import { meQueryOptions, signedInDestination, signInPathFor } from '../features/accounts';
import { queryClient } from './query-client';

/** Issue 3: a signed-out visit to an app page goes to /login, which comes back here afterwards. */
export async function requireMember({ request }: LoaderFunctionArgs) {
  const me = await queryClient.ensureQueryData({ ...meQueryOptions(), revalidateIfStale: true });
  if (!me) {
    const url = new URL(request.url);
    throw redirect(signInPathFor(url.pathname + url.search));
  }
  return null;
}

/**
 * /login and /signup send a signed-in person on to where they were going, or home. The session is
 * read afresh: just after signing out the cache still holds the person who left.
 */
export async function redirectMember({ request }: LoaderFunctionArgs) {
  const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
  if (me) throw redirect(signedInDestination(me.workspace.role, new URL(request.url).search));
  return null;
}
