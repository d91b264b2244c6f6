import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { LandingHeader } from './landing-header';
import { PublicPageHeader } from './public-page-header';

// Loaded only off the landing page: it reads the session, which the landing page never needs.
const PublicAccountActions = lazy(() =>
  import('./public-account-actions').then((module) => ({ default: module.PublicAccountActions })),
);

export function PublicHeader() {
  const onLanding = useLocation().pathname === '/';
  return onLanding ? (
    <LandingHeader />
  ) : (
    <PublicPageHeader
      actions={
        <Suspense fallback={null}>
          <PublicAccountActions />
        </Suspense>
      }
    />
  );
}
