import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingShell } from './app/landing-shell';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root element');

// The build prerenders the page into landing.html (vite.config.ts): React adopts that markup, in a
// transition, so that hydrating yields to the browser every few milliseconds (account-main.tsx).
startTransition(() => {
  hydrateRoot(
    container,
    <StrictMode>
      <LandingShell />
    </StrictMode>,
  );
});
