import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is prerendered and while React adopts that markup, true from then on (and
 * at once in a page the app renders itself). A prerendered form disables its buttons until then:
 * before hydration they would submit natively or do nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
