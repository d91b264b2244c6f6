/** Shown while the first route module downloads. */
export function RoutePending() {
  return (
    <div role="status" aria-live="polite" className="grid min-h-dvh place-items-center">
      <span className="size-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
