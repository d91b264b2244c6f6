import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { landingSections } from './landing-sections';

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

/** Spec section 2: on / the anchors, 'Log in', 'Start Free Trial' and a mobile menu. */
function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label="Atrium home" className="rounded-md" onClick={closeMenu}>
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {landingSections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <Link to="/login" className={buttonClasses({ variant: 'ghost' })}>
            Log in
          </Link>
          <Link to="/signup" className={buttonClasses()}>
            Start Free Trial
          </Link>
        </div>

        <button
          type="button"
          className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'size-10 px-0 md:hidden' })}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
        </button>
      </div>

      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!menuOpen}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg md:hidden"
      >
        <ul className="flex flex-col">
          {landingSections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                onClick={closeMenu}
                className="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="mt-3 grid gap-2 border-t border-slate-200 pt-4">
          <Link
            to="/login"
            onClick={closeMenu}
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            Log in
          </Link>
          <Link to="/signup" onClick={closeMenu} className={buttonClasses({ size: 'lg' })}>
            Start Free Trial
          </Link>
        </div>
      </nav>
    </header>
  );
}
