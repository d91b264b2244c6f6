import type { TimeEntry } from '@atrium/shared';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/dates';
import { formatClockTime, formatHours, formatShortDay } from '../lib/zoned-time';
import { ElapsedTime } from './elapsed-time';

/** Spec 8: an entry whose employee is gone reads 'Unknown Employee'. */
export const entryEmployeeName = (entry: TimeEntry) => entry.employeeName ?? 'Unknown Employee';

const sameDay = (a: string, b: string, timeZone: string) =>
  formatDate(a, timeZone) === formatDate(b, timeZone);

export function EmployeeCell({ entry }: { entry: TimeEntry }) {
  const name = entryEmployeeName(entry);
  return (
    <div className="flex min-w-44 items-center gap-3">
      <Avatar name={entry.employeeName ?? '?'} size="sm" />
      <div className="min-w-0">
        <div
          className={entry.employeeName ? 'font-medium text-slate-900' : 'font-medium text-slate-500 italic'}
        >
          {name}
        </div>
        {entry.employeeCode ? <div className="text-xs text-slate-600">{entry.employeeCode}</div> : null}
      </div>
    </div>
  );
}

/**
 * The day and the clock-in to clock-out times, with the entry's notes under them; `inline` puts the
 * day and the times on one line (the phone cards).
 */
export function ShiftCell({
  entry,
  timeZone,
  inline = false,
}: {
  entry: TimeEntry;
  timeZone: string;
  inline?: boolean;
}) {
  const clockOut = entry.clockOut;
  return (
    <div className={inline ? 'text-sm' : 'min-w-40'}>
      <div className={inline ? 'flex flex-wrap gap-x-2' : undefined}>
        <span className={inline ? 'font-medium text-slate-900' : 'block font-medium text-slate-900'}>
          {formatDate(entry.clockIn, timeZone)}
        </span>
        <span className="block text-slate-700 tabular-nums">
          {formatClockTime(entry.clockIn, timeZone)}
          {' – '}
          {clockOut ? (
            <>
              {sameDay(entry.clockIn, clockOut, timeZone) ? null : `${formatShortDay(clockOut, timeZone)}, `}
              {formatClockTime(clockOut, timeZone)}
            </>
          ) : (
            <span className="text-emerald-700">now</span>
          )}
        </span>
      </div>
      {entry.notes ? (
        <p className="mt-0.5 max-w-64 truncate text-xs text-slate-600" title={entry.notes}>
          {entry.notes}
        </p>
      ) : null}
    </div>
  );
}

/** Hours to 2 decimals (spec 9); a running entry shows its time so far, ticking. */
export function HoursCell({ entry }: { entry: TimeEntry }) {
  if (entry.totalHours === null) {
    return entry.status === 'active' ? (
      <span className="inline-flex items-center gap-1.5 font-medium text-emerald-700">
        <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500 motion-safe:animate-pulse" />
        <ElapsedTime since={entry.clockIn} className="tabular-nums" />
      </span>
    ) : (
      <span className="text-slate-500">—</span>
    );
  }
  return <span className="font-medium text-slate-900 tabular-nums">{formatHours(entry.totalHours)}</span>;
}

export function OvertimeCell({ entry }: { entry: TimeEntry }) {
  if (entry.overtimeHours === null) return <span className="text-slate-500">—</span>;
  return (
    <span
      className={
        entry.overtimeHours > 0 ? 'font-medium text-amber-800 tabular-nums' : 'text-slate-600 tabular-nums'
      }
    >
      {formatHours(entry.overtimeHours)}
    </span>
  );
}

/**
 * An entry as a card, on a phone, where the table's columns would hide behind a sideways scroll:
 * the timesheet's and the approval queue's rows alike.
 */
export function EntryCard({
  entry,
  timeZone,
  selected = false,
  leading,
  badge,
  actions,
}: {
  entry: TimeEntry;
  timeZone: string;
  /** Picked for a bulk decision: the card is tinted. */
  selected?: boolean;
  /** Before the name, e.g. the checkbox that picks the entry. */
  leading?: ReactNode;
  /** Across from the name, e.g. the entry's status. */
  badge?: ReactNode;
  /** Across from the hours, e.g. Clock Out or the approval decision. */
  actions?: ReactNode;
}) {
  return (
    <li className={cn('space-y-3 p-4', selected && 'bg-indigo-50/60')}>
      <div className="flex items-start gap-3">
        {leading}
        <EmployeeCell entry={entry} />
        {badge ? <div className="ml-auto">{badge}</div> : null}
      </div>
      <ShiftCell entry={entry} timeZone={timeZone} inline />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <dl className="flex gap-6 text-sm">
          <div>
            <dt className="text-xs text-slate-600">Hours</dt>
            <dd>
              <HoursCell entry={entry} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Overtime</dt>
            <dd>
              <OvertimeCell entry={entry} />
            </dd>
          </div>
        </dl>
        {actions}
      </div>
    </li>
  );
}
