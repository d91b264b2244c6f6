import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingShell } from './app/landing-shell';

/** The markup of landing.html's #root, rendered at build time: the very tree landing-main.tsx hydrates. */
export function renderLandingShell(): string {
  return renderToString(
    <StrictMode>
      <LandingShell />
    </StrictMode>,
  );
}
