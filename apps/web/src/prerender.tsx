import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { AccountShell } from './app/account-shell';
import { LandingShell } from './app/landing-shell';
import { RoutePending } from './app/route-pending';

/** The tree as hydratePrerendered adopts it. */
const hydrated = (page: ReactNode) => () => renderToString(<StrictMode>{page}</StrictMode>);

/**
 * The markup of each prerendered page's #root, rendered at build time (vite.config.ts): the very
 * trees landing-main.tsx and account-main.tsx hydrate, and the app's frame, which main.tsx replaces
 * with the same frame until the page is ready.
 */
export const prerenderedPages: Record<string, () => string> = {
  'index.html': () => renderToString(<RoutePending />),
  'landing.html': hydrated(<LandingShell />),
  'login.html': hydrated(<AccountShell page="login" />),
  'signup.html': hydrated(<AccountShell page="signup" />),
};
