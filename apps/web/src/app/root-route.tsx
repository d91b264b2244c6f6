import { Outlet, ScrollRestoration } from 'react-router';

/** Wraps every route: restores scroll on back/forward and starts new pages at the top (or at their #hash). */
export function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
