import { Button } from '../../../components/ui/button';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';

/** A details tab while its data loads: grey bars where the lines will be. */
export function TabSkeleton({ label, lines = 4 }: { label: string; lines?: number }) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-10 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

export function TabError({ error, title, onRetry }: { error: Error; title: string; onRetry: () => void }) {
  return (
    <div>
      <ServerErrorAlert error={error} title={title} />
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The line a tab shows when it has nothing (the spec's texts, e.g. 'No documents uploaded.'). */
export function TabEmpty({ children }: { children: string }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}
