import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

/** Placeholder blocks while a section loads; announced once as a status. */
export function SectionSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-10 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

export function LoadError({
  error,
  title,
  onRetry,
  children,
}: {
  error: Error;
  title: string;
  onRetry: () => void;
  /** Another way out, next to Try again. */
  children?: ReactNode;
}) {
  return (
    <div className="space-y-3">
      <ServerErrorAlert error={error} title={title} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
        {children}
      </div>
    </div>
  );
}

/**
 * A wide table scrolls sideways inside its own box on narrow screens, not the page. The box is
 * focusable so keyboard users can scroll it too.
 */
export function TableScroller({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {children}
    </div>
  );
}

/** "Showing 10 of 15 projects" with a Load more button while the server has further pages. */
export function ListFooter({
  shown,
  total,
  noun,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
}: {
  shown: number;
  total?: number | undefined;
  noun: string;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last Load more failed: the rows shown stay, and the button tries again. */
  loadMoreFailed: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {total === undefined ? `Showing ${shown} ${noun}` : `Showing ${shown} of ${total} ${noun}`}
        {loadMoreFailed ? (
          <span role="alert" className="ml-2 font-medium text-red-700">
            The next {noun} could not be loaded.
          </span>
        ) : null}
      </p>
      {hasMore ? (
        <Button variant="secondary" size="sm" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? <Spinner /> : null}
          {loadMoreFailed ? 'Try again' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}

/** A percentage as a number with a bar beside it; the bar only repeats the number, so it is hidden. */
export function PercentBar({
  value,
  tone = 'brand',
  className,
}: {
  value: number;
  tone?: 'brand' | 'success' | 'warning' | 'danger';
  className?: string;
}) {
  const fill = {
    brand: 'bg-indigo-600',
    success: 'bg-emerald-600',
    warning: 'bg-amber-500',
    danger: 'bg-red-600',
  }[tone];
  return (
    <span className={cn('flex items-center gap-2', className)}>
      <span aria-hidden="true" className="h-2 w-12 shrink-0 overflow-hidden rounded-full bg-slate-200">
        <span
          className={cn('block h-full rounded-full', fill)}
          style={{ width: `${Math.min(100, Math.max(0, value))}%` }}
        />
      </span>
      <span className="tabular-nums">{value}%</span>
    </span>
  );
}

/** The header cell style every report table shares. */
export const headerCell =
  'px-3 py-3 first:pl-4 last:pr-4 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase';
export const numberHeaderCell = cn(headerCell, 'text-right');
export const bodyCell = 'px-3 py-3 first:pl-4 last:pr-4 whitespace-nowrap text-slate-800';
export const numberCell = cn(bodyCell, 'text-right tabular-nums');

/** The rows of a per-project section gathered from its pages, and what its Load more footer needs. */
export type PagedSection<Row> = {
  rows: Row[];
  footer: {
    shown: number;
    total?: number | undefined;
    hasMore: boolean;
    loadingMore: boolean;
    loadMoreFailed: boolean;
    onLoadMore: () => void;
  };
};

/** The first column stays in view while a wide table scrolls sideways on a phone. */
export const stickyColumn = 'sticky left-0 z-10 bg-white shadow-[1px_0_0_var(--color-slate-200)]';
