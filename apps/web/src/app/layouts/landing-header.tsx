import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { landingSections } from './landing-sections';

/**
 * Spec section 2: on / the anchors, 'Log in', 'Start Free Trial' and a mobile menu. Plain links, no
 * router: the landing entry (landing-main.tsx) renders this header without the single-page app.
 */
export function LandingHeader() {
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

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-4 sm:px-6 lg:px-8">
        <a href="/" aria-label="Atrium home" className="rounded-md">
          <Logo />
        </a>

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
          <a href="/login" className={buttonClasses({ variant: 'ghost' })}>
            Log in
          </a>
          <a href="/signup" className={buttonClasses()}>
            Start Free Trial
          </a>
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
                onClick={() => setMenuOpen(false)}
                className="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="mt-3 grid gap-2 border-t border-slate-200 pt-4">
          <a href="/login" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            Log in
          </a>
          <a href="/signup" className={buttonClasses({ size: 'lg' })}>
            Start Free Trial
          </a>
        </div>
      </nav>
    </header>
  );
}
