import { hydratePrerendered } from './app/hydrate-prerendered';
import { LandingShell } from './app/landing-shell';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root element');

hydratePrerendered(container, <LandingShell />);
