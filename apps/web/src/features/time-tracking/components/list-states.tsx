import { formatCount } from '@atrium/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/** Grey rows where the entries will be, so the layout does not jump when they arrive. */
export function RowsSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-4 px-4 py-4 sm:px-6">
          <span className="size-8 shrink-0 animate-pulse rounded-full bg-slate-200" />
          <span className="h-4 w-40 animate-pulse rounded bg-slate-200" />
          <span className="hidden h-4 w-32 animate-pulse rounded bg-slate-100 sm:block" />
          <span className="ml-auto h-4 w-16 animate-pulse rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

export function LoadError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <div className="p-4 sm:p-6">
      <Alert title={title}>
        <p>{error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          Retry
        </Button>
      </Alert>
    </div>
  );
}

/** Keyset paging: the next page on request ("Load more"), with how many are shown so far. */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onLoadMore,
}: {
  shown: number;
  total: number | undefined;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:px-6">
      <p aria-live="polite">
        {total !== undefined && total >= shown
          ? `Showing ${formatCount(shown)} of ${formatCount(total)}`
          : `Showing ${formatCount(shown)}`}
      </p>
      {hasMore ? (
        <Button variant="secondary" size="sm" onClick={onLoadMore} disabled={loading}>
          {loading ? <Spinner /> : null}
          Load more
        </Button>
      ) : null}
    </div>
  );
}
