import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { usePainted } from '../lib/after-next-paint';

// sonner is about a tenth of the landing page's JavaScript budget (issue 6) and the landing page never
// shows a toast: the toaster loads once the first other page has painted, and then stays.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Wraps every route: restores scroll on back/forward and starts new pages at the top (or at their #hash). */
export function RootRoute() {
  const onLanding = useLocation().pathname === '/';
  const painted = usePainted();
  const [toasterNeeded, setToasterNeeded] = useState(false);
  if (painted && !onLanding && !toasterNeeded) setToasterNeeded(true);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      {toasterNeeded ? (
        <Suspense fallback={null}>
          {/* Spec section 2: bottom-right, one at a time, close button, Alt+T focuses them. */}
          <Toaster
            position="bottom-right"
            visibleToasts={1}
            closeButton
            hotkey={['altKey', 'KeyT']}
            richColors
          />
        </Suspense>
      ) : null}
    </>
  );
}
