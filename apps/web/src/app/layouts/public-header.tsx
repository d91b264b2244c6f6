import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { LandingHeader } from './landing-header';

// Loaded only off the landing page: it reads the session, which the landing page never needs.
const PublicAccountActions = lazy(() =>
  import('./public-account-actions').then((module) => ({ default: module.PublicAccountActions })),
);

export function PublicHeader() {
  const onLanding = useLocation().pathname === '/';
  return onLanding ? <LandingHeader /> : <PageHeader />;
}

function PageHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label="Atrium home" className="rounded-md">
          <Logo />
        </Link>
        <Suspense fallback={null}>
          <PublicAccountActions />
        </Suspense>
      </div>
    </header>
  );
}
