import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** One figure of a screen's summary row: a label, the value and an optional line under it. */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  tone = 'brand',
  loading = false,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: LucideIcon;
  tone?: 'brand' | 'success' | 'warning' | 'danger' | 'neutral';
  loading?: boolean;
}) {
  const iconTone = {
    brand: 'bg-indigo-50 text-indigo-700',
    success: 'bg-emerald-50 text-emerald-700',
    warning: 'bg-amber-50 text-amber-700',
    danger: 'bg-red-50 text-red-700',
    neutral: 'bg-slate-100 text-slate-700',
  }[tone];
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <dl className="min-w-0">
          <dt className="truncate text-sm font-medium text-slate-600">{label}</dt>
          <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
            {loading ? (
              // A span has no role an aria-label could name (axe: aria-prohibited-attr), so the
              // word is read from hidden text instead.
              <span className="inline-block h-7 w-16 animate-pulse rounded bg-slate-200">
                <span className="sr-only">Loading</span>
              </span>
            ) : (
              value
            )}
          </dd>
          {hint ? (
            // While loading the line keeps its place, hidden, so the card does not grow when the
            // figure arrives (layout shift).
            <dd className={cn('mt-1 text-xs text-slate-600', loading && 'invisible')}>{hint}</dd>
          ) : null}
        </dl>
        {Icon ? (
          <span className={cn('hidden size-10 shrink-0 place-items-center rounded-lg sm:grid', iconTone)}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** The row of stat cards: two per line on phones, up to `columns` on wide screens. */
export function StatGrid({ columns = 4, children }: { columns?: 4 | 5 | 6; children: ReactNode }) {
  // Six cards in one row only fit beside the sidebar on very wide screens; until then, two rows of three.
  const wide = { 4: 'lg:grid-cols-4', 5: 'lg:grid-cols-5', 6: '2xl:grid-cols-6' }[columns];
  return <div className={cn('grid grid-cols-2 gap-4 sm:grid-cols-3', wide)}>{children}</div>;
}
