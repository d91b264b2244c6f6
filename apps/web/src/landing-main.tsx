import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingShell } from './app/landing-shell';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root element');

// The build prerenders the page into landing.html (vite.config.ts): React adopts that markup.
hydrateRoot(
  container,
  <StrictMode>
    <LandingShell />
  </StrictMode>,
);
