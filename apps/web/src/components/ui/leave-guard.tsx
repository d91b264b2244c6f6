import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './dialog';

/**
 * Keeps a form's unsaved changes from being lost by leaving the page: a link or Back inside the app
 * asks first, and closing or reloading the tab gets the browser's own question. `allowLeaving()`
 * lets the page's own navigation through (after saving or deleting).
 */
export function useLeaveGuard(unsaved: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      description="Your changes on this page are not saved yet; leaving drops them."
      confirmLabel="Leave without saving"
      onConfirm={() => blocker.proceed?.()}
      pending={false}
    />
  );
  return { dialog, allowLeaving: () => (allowed.current = true) };
}
