import type { RouteObject } from 'react-router';
import { allPages, screenPageOf, type AppPage } from './app-pages';
import type { AppPageHandle } from './current-page';
import { requireMember } from './session-guards';

function pageRoute(page: AppPage): RouteObject {
  const shown = screenPageOf(page);
  return {
    path: page.path,
    handle: { page: shown } satisfies AppPageHandle,
    lazy: {
      Component: () =>
        shown.screen ? shown.screen() : import('./placeholder-page').then((module) => module.PlaceholderPage),
    },
  };
}

/** Spec section 2, "Layouts": every page of the table, inside the header-plus-sidebar shell. */
export const appShellRoute: RouteObject = {
  id: 'app',
  loader: requireMember,
  lazy: { Component: () => import('./layouts/app-layout').then((module) => module.AppLayout) },
  children: allPages.map(pageRoute),
};
