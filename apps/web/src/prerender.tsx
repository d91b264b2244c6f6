import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { AccountShell } from './app/account-shell';
import { LandingShell } from './app/landing-shell';
import { RoutePending } from './app/route-pending';

/**
 * The markup of each prerendered page's #root, rendered at build time (vite.config.ts): the very
 * trees landing-main.tsx and account-main.tsx hydrate, and the app's frame, which main.tsx replaces
 * with the same frame until the page is ready.
 */
export const prerenderedPages: Record<string, () => string> = {
  'index.html': () => renderToString(<RoutePending />),
  'landing.html': () =>
    renderToString(
      <StrictMode>
        <LandingShell />
      </StrictMode>,
    ),
  'login.html': () =>
    renderToString(
      <StrictMode>
        <AccountShell page="login" />
      </StrictMode>,
    ),
  'signup.html': () =>
    renderToString(
      <StrictMode>
        <AccountShell page="signup" />
      </StrictMode>,
    ),
};
