import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { Logo } from '../components/ui/logo';

export function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    // Spec section 2, "Route table": the attempted path is logged to the console.
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-6 py-16 text-center"
    >
      <title>Page not found — Atrium</title>
      <Link to="/" aria-label="Atrium home" className="mb-12 rounded-md">
        <Logo />
      </Link>
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Error</p>
      <h1 className="mt-2 text-7xl font-extrabold tracking-tight text-slate-900 sm:text-8xl">404</h1>
      <p className="mt-4 text-xl font-medium text-slate-700">Oops! Page not found</p>
      <p className="mt-2 max-w-md text-base text-slate-600">
        There is nothing at{' '}
        <code className="rounded bg-slate-200/70 px-1.5 py-0.5 text-sm break-all">{pathname}</code>. Check the
        address, or head back to the start.
      </p>
      <Link to="/" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        Return to Home
      </Link>
    </main>
  );
}
