import type { ScheduleEmployee, Shift } from '@atrium/shared';
import { Plus } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';
import { formatLongDay, formatMonthDay, formatWeekdayShort, formatWeekRange } from '../lib/schedule-format';
import { EmployeeWeekBadges, WeeklyHours } from './employee-week-summary';
import { ShiftChip } from './shift-chip';

export type ScheduleActions = {
  /** Present for roles that may change the schedule (schedule:manage). */
  onAddShift?: ((employee: ScheduleEmployee, date: string) => void) | undefined;
  onEditShift?: ((shift: Shift, employee: ScheduleEmployee) => void) | undefined;
};

/**
 * Calendar View (spec 2): employees as rows, the week's days as columns. Wider than a phone, so the
 * grid scrolls sideways in its own box with the names kept in view.
 */
export function CalendarView({
  days,
  today,
  employees,
  onAddShift,
  onEditShift,
}: {
  days: readonly string[];
  today: string;
  employees: readonly ScheduleEmployee[];
} & ScheduleActions) {
  return (
    <div
      role="region"
      aria-label="Week schedule"
      // Keyboard users can scroll the grid sideways even where it holds no buttons (staff view).
      tabIndex={0}
      className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <table className="w-full min-w-[60rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">
          {`Shifts of the week of ${formatWeekRange(days[0] ?? today, days[6] ?? today)}, one row per employee`}
        </caption>
        <colgroup>
          <col className="w-40 sm:w-52" />
          {days.map((date) => (
            <col key={date} />
          ))}
        </colgroup>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50">
            <th
              scope="col"
              className="sticky left-0 z-10 bg-slate-50 px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              Employee
            </th>
            {days.map((date) => (
              <th
                key={date}
                scope="col"
                aria-current={date === today ? 'date' : undefined}
                className={cn(
                  'px-2 py-2.5 text-left font-semibold',
                  date === today ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700',
                )}
              >
                <span className="flex items-center gap-1.5 text-xs tracking-wide uppercase">
                  {formatWeekdayShort(date)}
                  {date === today ? (
                    <span className="rounded-full bg-indigo-600 px-1.5 py-px text-[0.625rem] font-semibold tracking-normal text-white normal-case">
                      Today
                    </span>
                  ) : null}
                </span>
                <span className="block text-sm">{formatMonthDay(date)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {employees.map((employee) => (
            <tr key={employee.id} className="align-top">
              <th
                scope="row"
                className="sticky left-0 z-10 border-r border-slate-100 bg-white px-3 py-2.5 text-left font-normal"
              >
                <span className="flex items-start gap-2.5">
                  <span className="hidden sm:contents">
                    <Avatar name={employee.name} size="sm" />
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{employee.name}</span>
                    <span className="block truncate text-xs text-slate-600">{employee.jobTitle}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-1.5">
                      <WeeklyHours employee={employee} />
                      <EmployeeWeekBadges employee={employee} />
                    </span>
                  </span>
                </span>
              </th>
              {days.map((date) => (
                <DayCell
                  key={date}
                  employee={employee}
                  date={date}
                  isToday={date === today}
                  onAddShift={onAddShift}
                  onEditShift={onEditShift}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayCell({
  employee,
  date,
  isToday,
  onAddShift,
  onEditShift,
}: {
  employee: ScheduleEmployee;
  date: string;
  isToday: boolean;
} & ScheduleActions) {
  const shifts = employee.shifts.filter((shift) => shift.date === date);
  return (
    <td className={cn('px-1.5 py-2', isToday && 'bg-indigo-50/40')}>
      {shifts.length === 0 ? (
        <div className="flex min-h-9 items-center justify-between gap-1 pl-1">
          <span className="text-xs text-slate-600">No shift</span>
          {onAddShift ? (
            <button
              type="button"
              aria-label={`Add shift for ${employee.name} on ${formatLongDay(date)}`}
              title="Add shift"
              onClick={() => onAddShift(employee, date)}
              className="grid size-8 shrink-0 place-items-center rounded-md text-slate-600 hover:bg-indigo-100 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
      ) : (
        <ul className="space-y-1.5">
          {shifts.map((shift) => (
            <li key={shift.id}>
              <ShiftChip
                shift={shift}
                employeeName={employee.name}
                onEdit={onEditShift ? () => onEditShift(shift, employee) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </td>
  );
}
