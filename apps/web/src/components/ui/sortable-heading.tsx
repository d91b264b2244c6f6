import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A column heading that sorts its table by the column; aria-sort tells which way it is sorted. */
export function SortableHeading<Column extends string>({
  column,
  sort,
  onSort,
  className,
  children,
}: {
  column: Column;
  sort: { sort: Column; order: 'asc' | 'desc' };
  onSort: (column: Column) => void;
  className?: string | undefined;
  children: ReactNode;
}) {
  const active = sort.sort === column;
  const Icon = !active ? ChevronsUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-2 py-2 whitespace-nowrap', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          'inline-flex items-center gap-1 rounded px-1 py-1 tracking-wide uppercase hover:text-slate-900',
          'focus-visible:outline-2 focus-visible:outline-indigo-600',
          active && 'text-indigo-700',
        )}
      >
        {children}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'text-slate-400')} />
      </button>
    </th>
  );
}
