import { Logo } from '../components/ui/logo';

/**
 * Shown until the first page can render: the app's frame — its header with the logo, the sidebar's
 * column — around a spinner. index.html carries it prerendered (src/prerender.tsx), so an app page
 * paints at once instead of after its scripts and the session (ADR 013); the router keeps showing
 * the same while the page's modules and data load.
 */
export function RoutePending() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-3 sm:px-6">
        {/* Where the app header has its navigation button. */}
        <span aria-hidden="true" className="size-10 shrink-0 lg:hidden" />
        <Logo />
      </header>
      <div className="flex">
        <div
          aria-hidden="true"
          className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 border-r border-slate-200 bg-white lg:block"
        />
        <div role="status" className="grid min-w-0 flex-1 place-items-center py-24">
          <span className="size-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none" />
          <span className="sr-only">Loading…</span>
        </div>
      </div>
    </div>
  );
}
