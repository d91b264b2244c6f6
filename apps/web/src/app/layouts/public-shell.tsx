import type { ReactNode } from 'react';
import { SkipLink } from '../../components/ui/skip-link';
import { PublicFooter } from './public-footer';

/** The frame of every public page: skip link, the given header, the page, the footer. */
export function PublicShell({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {header}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
