import type { Shift } from '@atrium/shared';
import { TriangleAlert } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatHours, formatLongDay, formatShiftTimes } from '../lib/schedule-format';

/**
 * One shift: its times and hours. A conflict (spec 9: more than one active shift that day) and an
 * inactive shift say so in words, not only in colour. Managers click it to edit.
 */
export function ShiftChip({
  shift,
  employeeName,
  onEdit,
  showDay = false,
}: {
  shift: Shift;
  employeeName: string;
  /** Present for roles that may change the schedule. */
  onEdit?: (() => void) | undefined;
  /** The Employee View lists a week's shifts in one column, so each names its day. */
  showDay?: boolean;
}) {
  const content = (
    <>
      {onEdit ? (
        <span className="sr-only">{`Edit ${employeeName}'s shift on ${formatLongDay(shift.date)}: `}</span>
      ) : null}
      <span className="flex flex-wrap items-baseline gap-x-2">
        {showDay ? <span className="font-medium text-slate-900">{formatLongDay(shift.date)}</span> : null}
        <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
          {formatShiftTimes(shift)}
        </span>
        {shift.overnight ? <span className="text-xs text-slate-600">next day</span> : null}
      </span>
      <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-700">
        <span className="tabular-nums">{formatHours(shift.hours)}</span>
        {showDay && shift.breakMinutes > 0 ? <span>{`${shift.breakMinutes} min break`}</span> : null}
        {!shift.isActive ? <span className="font-semibold text-slate-700">Inactive</span> : null}
        {shift.conflict ? (
          <span className="inline-flex items-center gap-1 font-semibold text-red-800">
            <TriangleAlert aria-hidden="true" className="size-3.5" />
            Conflict
          </span>
        ) : null}
      </span>
    </>
  );
  const classes = cn(
    'flex w-full flex-col gap-0.5 rounded-lg py-1.5 text-left ring-1 ring-inset',
    showDay ? 'px-2.5 text-sm' : 'px-2 text-xs',
    shift.conflict
      ? 'bg-red-50 ring-red-300'
      : shift.isActive
        ? 'bg-indigo-50 ring-indigo-200'
        : 'bg-slate-50 ring-slate-300',
  );
  if (!onEdit) return <div className={classes}>{content}</div>;
  return (
    <button
      type="button"
      onClick={onEdit}
      className={cn(
        classes,
        'hover:ring-indigo-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        shift.conflict && 'hover:ring-red-400',
      )}
    >
      {content}
    </button>
  );
}
