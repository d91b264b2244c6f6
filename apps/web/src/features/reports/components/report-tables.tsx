import type { ListFooterState } from '../../../components/ui/list-states';
import { cn } from '../../../lib/cn';

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
  footer: ListFooterState;
};

/** The first column stays in view while a wide table scrolls sideways on a phone. */
export const stickyColumn = 'sticky left-0 z-10 bg-white shadow-[1px_0_0_var(--color-slate-200)]';
