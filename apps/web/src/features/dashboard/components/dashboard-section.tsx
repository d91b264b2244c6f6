import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';

/**
 * A titled card of the dashboard; the region is named by its heading. A card below the fold is
 * laid out and painted when it nears the viewport rather than with the page's first frame
 * (content-visibility), keeping its last size once it has been shown.
 */
export function DashboardSection({
  title,
  action,
  children,
}: {
  title: string;
  /** A link or button on the right of the heading, e.g. "View all". */
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 [contain-intrinsic-size:auto_20rem] [content-visibility:auto]"
    >
      <div className="flex items-center justify-between gap-3 px-4 pt-5 sm:px-6">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Grey bars in the shape of the rows to come, with the words for screen readers. */
export function SectionSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="space-y-3 px-4 py-5 sm:px-6">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-12 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

export function SectionError({
  error,
  title,
  onRetry,
}: {
  error: Error;
  title: string;
  onRetry: () => void;
}) {
  return (
    <div className="px-4 py-5 sm:px-6">
      <ServerErrorAlert error={error} title={title} />
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
