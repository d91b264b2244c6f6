import { countOf, formatCount } from '@atrium/shared';
import type { ReactNode } from 'react';
import { Button } from './button';
import type { ListNoun } from './paged-list';
import { ServerErrorAlert } from './server-error-alert';
import { Spinner } from './spinner';

/** Placeholder rows while a list or section loads; announced once as a status. */
export function ListSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
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

/** What a Load more footer needs from a paged list. */
export type ListFooterState = {
  shown: number;
  total?: number | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last Load more failed: the rows shown stay, and the button tries again. */
  loadMoreFailed: boolean;
  onLoadMore: () => void;
};

/** "Showing 10 of 15 projects" with a Load more button while the server has further pages. */
export function ListFooter({
  shown,
  total,
  noun,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
}: ListFooterState & { noun: ListNoun }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {total === undefined
          ? `Showing ${countOf(shown, { one: noun.one, other: noun.many })}`
          : `Showing ${formatCount(shown)} of ${countOf(total, { one: noun.one, other: noun.many })}`}
        {loadMoreFailed ? (
          <span role="alert" className="ml-2 font-medium text-red-700">
            The next {noun.many} could not be loaded.
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
