import { startTransition, StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * React adopts a page the build prerendered (vite.config.ts, prerender.tsx) in a transition, so that
 * hydrating yields to the browser every few milliseconds instead of blocking it in one long task:
 * the page is already painted and readable meanwhile.
 */
export function hydratePrerendered(container: Element, page: ReactNode): void {
  startTransition(() => {
    hydrateRoot(container, <StrictMode>{page}</StrictMode>);
  });
}
