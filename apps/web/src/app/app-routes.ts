import type { RouteObject } from 'react-router';
import { hasPermission, meQueryOptions } from '../features/accounts';
import { allPages, mayOpenPage, screenPageOf, type AppPage } from './app-pages';
import type { AppPageHandle } from './current-page';
import { AppLayout } from './layouts/app-layout';
import { queryClient } from './query-client';
import { requireMember } from './session-guards';

function pageRoute(page: AppPage): RouteObject {
  const shown = screenPageOf(page);
  const { load } = shown;
  return {
    path: page.path,
    handle: { page: shown } satisfies AppPageHandle,
    // Runs beside the shell's requireMember. Without a session (requireMember then sends the visitor to
    // sign in), or without access to the page (the shell shows NoAccess), it loads nothing.
    loader: load
      ? async () => {
          const me = await queryClient.ensureQueryData(meQueryOptions());
          if (me && mayOpenPage(shown, (action) => hasPermission(me, action))) await load(queryClient, me);
          return null;
        }
      : undefined,
    lazy: {
      Component: () =>
        shown.screen ? shown.screen() : import('./placeholder-page').then((module) => module.PlaceholderPage),
    },
  };
}

/**
 * Spec section 2, "Layouts": every page of the table, inside the header-plus-sidebar shell. The shell
 * is part of the app's entry, not a lazy module: every app page needs it, and its modules then load
 * with the entry instead of after it (ADR 013).
 */
export const appShellRoute: RouteObject = {
  id: 'app',
  loader: requireMember,
  Component: AppLayout,
  children: allPages.flatMap((page) => [page, ...(page.recordPages ?? [])]).map(pageRoute),
};
