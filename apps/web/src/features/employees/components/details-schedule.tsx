import { formatCalendarDate } from '../../../lib/dates';
import { addCalendarDays, hoursLabel, type Shift } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { employeeWeekQueryOptions } from '../api/employees.queries';
import { TabError, TabSkeleton } from './details-states';

/** Spec 2, details dialog: Schedule, the employee's shifts week by week (this week first). */
export function DetailsSchedule({ employeeId }: { employeeId: string }) {
  // Any date of the week to show; undefined is this week in the workspace's time zone.
  const [weekDate, setWeekDate] = useState<string | undefined>(undefined);
  const week = useQuery(employeeWeekQueryOptions(employeeId, weekDate));

  if (week.isPending) return <TabSkeleton label="Loading the schedule…" lines={7} />;
  if (week.isError) {
    return (
      <TabError
        error={week.error}
        title="The schedule could not be loaded"
        onRetry={() => void week.refetch()}
      />
    );
  }

  const { days, weekStart, weekEnd, today } = week.data;
  // The week lists active employees and anyone with a shift; someone inactive without one is absent.
  const person = week.data.data.find((row) => row.id === employeeId);
  const shifts = person?.shifts ?? [];
  const isThisWeek = weekStart <= today && today <= weekEnd;
  const range = `${formatCalendarDate(weekStart, { month: 'short', day: 'numeric' })} – ${formatCalendarDate(weekEnd)}`;

  return (
    <div className={cn('space-y-4', week.isPlaceholderData && 'opacity-60')} aria-busy={week.isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            className="size-9 px-0"
            aria-label="Previous week"
            onClick={() => setWeekDate(addCalendarDays(weekStart, -7))}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <p aria-live="polite" className="min-w-44 px-2 text-center text-sm font-semibold text-slate-900">
            {range}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="size-9 px-0"
            aria-label="Next week"
            onClick={() => setWeekDate(addCalendarDays(weekStart, 7))}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
          {isThisWeek ? null : (
            <Button variant="ghost" size="sm" onClick={() => setWeekDate(undefined)}>
              This week
            </Button>
          )}
        </div>
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900 tabular-nums">
            {hoursLabel(person?.weeklyHours ?? 0)}
          </span>{' '}
          scheduled
          {person?.overScheduled ? (
            <Badge tone="warning" className="ml-2">
              Over-scheduled
            </Badge>
          ) : null}
        </p>
      </div>
      <ol
        aria-label={`Shifts, week of ${range}`}
        className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
      >
        {days.map((day) => (
          <DayRow
            key={day}
            day={day}
            isToday={day === today}
            shifts={shifts.filter((shift) => shift.date === day)}
          />
        ))}
      </ol>
    </div>
  );
}

function DayRow({ day, isToday, shifts }: { day: string; isToday: boolean; shifts: Shift[] }) {
  return (
    <li
      className={cn('flex flex-wrap items-start gap-x-4 gap-y-1 px-4 py-2.5', isToday && 'bg-indigo-50/60')}
    >
      <p className="w-28 shrink-0 text-sm font-medium text-slate-900">
        {formatCalendarDate(day, { weekday: 'short', month: 'short', day: 'numeric' })}
      </p>
      {shifts.length === 0 ? (
        <p className="flex-1 text-sm text-slate-600">No shift</p>
      ) : (
        <ul className="min-w-0 flex-1 space-y-1">
          {shifts.map((shift) => (
            <li key={shift.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
              <span
                className={cn('font-semibold text-slate-900 tabular-nums', !shift.isActive && 'line-through')}
              >
                {shift.startTime}–{shift.endTime}
              </span>
              <span>
                {hoursLabel(shift.hours)} · {shift.breakMinutes} min break
              </span>
              {shift.overnight ? <Badge tone="brand">Overnight</Badge> : null}
              {shift.isActive ? null : <Badge tone="warning">Inactive</Badge>}
              {shift.conflict ? <Badge tone="danger">Conflict</Badge> : null}
            </li>
          ))}
        </ul>
      )}
      {isToday ? (
        <Badge tone="brand" className="ml-auto">
          Today
        </Badge>
      ) : null}
    </li>
  );
}
