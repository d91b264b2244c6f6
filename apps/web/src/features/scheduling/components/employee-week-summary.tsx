import { countOf, type ScheduleEmployee } from '@atrium/shared';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatHours } from '../lib/schedule-format';

/** The employee's scheduled hours this week (active shifts only, spec 9). */
export function WeeklyHours({ employee, className }: { employee: ScheduleEmployee; className?: string }) {
  return (
    <span
      className={cn(
        'text-xs font-semibold tabular-nums',
        employee.overScheduled ? 'text-red-800' : 'text-slate-700',
        className,
      )}
    >
      {formatHours(employee.weeklyHours)}
      <span className="sr-only"> scheduled this week</span>
    </span>
  );
}

export const hasWeekFlags = (employee: ScheduleEmployee) =>
  employee.overScheduled ||
  employee.unassigned ||
  employee.conflictDates.length > 0 ||
  employee.status !== 'active';

/** Spec 9's flags for one employee's week, in words: over-scheduled, unassigned, conflicts. */
export function EmployeeWeekBadges({ employee }: { employee: ScheduleEmployee }) {
  const conflicts = employee.conflictDates.length;
  return (
    <>
      {employee.overScheduled ? (
        <Badge tone="danger" className="whitespace-nowrap">
          Over-scheduled
        </Badge>
      ) : null}
      {employee.unassigned && employee.status === 'active' ? (
        <Badge tone="warning" className="whitespace-nowrap">
          Unassigned
        </Badge>
      ) : null}
      {conflicts > 0 ? (
        <Badge tone="danger" className="whitespace-nowrap">
          {countOf(conflicts, { one: 'conflict', other: 'conflicts' })}
        </Badge>
      ) : null}
      {employee.status !== 'active' ? (
        <Badge tone="warning">{`${employee.status[0]?.toUpperCase()}${employee.status.slice(1)}`}</Badge>
      ) : null}
    </>
  );
}
