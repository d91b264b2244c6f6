import type { ScheduleEmployee } from '@atrium/shared';
import { Plus } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatHours } from '../lib/schedule-format';
import type { ScheduleActions } from './calendar-view';
import { EmployeeWeekBadges, hasWeekFlags } from './employee-week-summary';
import { ShiftChip } from './shift-chip';

/** Employee View (spec 2): per employee the week's hours against the limit and their shifts. */
export function EmployeeView({
  employees,
  limitHours,
  firstDay,
  onAddShift,
  onEditShift,
}: {
  employees: readonly ScheduleEmployee[];
  /** Spec 9: over-scheduled above 40 weekly hours (the workspace setting). */
  limitHours: number;
  /** Where Add Shift starts when the card's own button opens it. */
  firstDay: string;
} & ScheduleActions) {
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {employees.map((employee) => {
        const share = Math.min(100, (employee.weeklyHours / Math.max(1, limitHours)) * 100);
        return (
          <li
            key={employee.id}
            className="flex flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <div className="flex items-start gap-3">
              <Avatar name={employee.name} />
              <div className="min-w-0 flex-1">
                <h3 className="truncate font-semibold text-slate-900">{employee.name}</h3>
                <p className="truncate text-sm text-slate-600">
                  {employee.jobTitle} · {employee.department}
                </p>
              </div>
            </div>
            <div className="mt-4">
              <p className="flex items-baseline justify-between gap-2 text-sm">
                <span className="text-slate-600">Scheduled this week</span>
                <span
                  className={cn(
                    'font-semibold tabular-nums',
                    employee.overScheduled ? 'text-red-800' : 'text-slate-900',
                  )}
                >
                  {`${formatHours(employee.weeklyHours)} of ${formatHours(limitHours)}`}
                </span>
              </p>
              <div aria-hidden="true" className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100">
                <div
                  className={cn(
                    'h-full rounded-full',
                    employee.overScheduled ? 'bg-red-600' : 'bg-indigo-600',
                  )}
                  style={{ width: `${share}%` }}
                />
              </div>
              {hasWeekFlags(employee) ? (
                <div className="mt-2 flex flex-wrap gap-1.5">
                  <EmployeeWeekBadges employee={employee} />
                </div>
              ) : null}
            </div>
            <div className="mt-3 flex-1">
              {employee.shifts.length === 0 ? (
                <p className="text-sm text-slate-600">No shifts this week.</p>
              ) : (
                <ul className="space-y-1.5" aria-label={`${employee.name}'s shifts`}>
                  {employee.shifts.map((shift) => (
                    <li key={shift.id}>
                      <ShiftChip
                        shift={shift}
                        employeeName={employee.name}
                        showDay
                        onEdit={onEditShift ? () => onEditShift(shift, employee) : undefined}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {onAddShift ? (
              <Button
                variant="secondary"
                size="sm"
                className="mt-4 self-start"
                onClick={() => onAddShift(employee, firstDay)}
              >
                <Plus aria-hidden="true" className="size-4" />
                Add Shift
                <span className="sr-only"> for {employee.name}</span>
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
