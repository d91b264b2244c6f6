import type { ReactNode } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';

/**
 * The header of the public pages other than the landing page: the logo home and the given actions.
 * Plain links: the sign-in and sign-up pages render it without the router (ADR 011).
 */
export function PublicPageHeader({ actions }: { actions: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href="/" aria-label="Atrium home" className="rounded-md">
          <Logo />
        </a>
        {actions}
      </div>
    </header>
  );
}

/** Spec section 2, "Layouts": a visitor gets 'Log in' and 'Start Free Trial'. */
export function GuestActions() {
  return (
    <div className="flex items-center gap-2">
      <a href="/login" className={buttonClasses({ variant: 'ghost', className: 'px-3 sm:px-4' })}>
        Log in
      </a>
      <a href="/signup" className={buttonClasses({ className: 'px-3 sm:px-4' })}>
        Start Free Trial
      </a>
    </div>
  );
}
