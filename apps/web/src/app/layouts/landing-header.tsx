import { homePathFor, type Me } from '@atrium/shared';
import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { apiRequest } from '../../lib/api-client';
import { landingSections } from './landing-sections';

/**
 * Where a signed-in visitor's 'Dashboard' link goes, or null for a guest. The page is prerendered for
 * guests; the session is asked for once the page has loaded, so a first visit waits for nothing.
 */
function useSignedInHome(): string | null {
  const [home, setHome] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const check = () => {
      apiRequest<Me | null>('/api/v1/session', { signal: controller.signal })
        .then((me) => setHome(me ? homePathFor(me.workspace.role) : null))
        // Not knowing leaves the guest's links, which still work.
        .catch(() => undefined);
    };
    if (document.readyState === 'complete') check();
    else window.addEventListener('load', check, { once: true });
    return () => {
      window.removeEventListener('load', check);
      controller.abort();
    };
  }, []);
  return home;
}

function AccountLinks({ home, size = 'md' }: { home: string | null; size?: 'md' | 'lg' }) {
  if (home) {
    return (
      <a href={home} className={buttonClasses({ size })}>
        Dashboard
      </a>
    );
  }
  return (
    <>
      <a href="/login" className={buttonClasses({ variant: size === 'lg' ? 'secondary' : 'ghost', size })}>
        Log in
      </a>
      <a href="/signup" className={buttonClasses({ size })}>
        Start Free Trial
      </a>
    </>
  );
}

/**
 * Spec section 2: on / the anchors, 'Log in', 'Start Free Trial' and a mobile menu; a signed-in visitor
 * gets 'Dashboard' instead (issue 20). Plain links, no router: the landing entry (landing-main.tsx)
 * renders this header without the single-page app.
 */
export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const home = useSignedInHome();

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
          <AccountLinks home={home} />
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
          <AccountLinks home={home} size="lg" />
        </div>
      </nav>
    </header>
  );
}
