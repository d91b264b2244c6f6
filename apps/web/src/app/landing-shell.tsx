import { LandingPage } from '../features/landing/pages/landing-page';
import { LandingHeader } from './layouts/landing-header';
import { PublicShell } from './layouts/public-shell';

/** The whole landing page as the landing entry prerenders and hydrates it: no router, no query client. */
export function LandingShell() {
  return (
    <PublicShell header={<LandingHeader />}>
      <LandingPage />
    </PublicShell>
  );
}
