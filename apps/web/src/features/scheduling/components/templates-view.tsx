import { dayOfWeek, type ScheduleTemplate } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { LayoutTemplate } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { LoadError } from '../../../components/ui/list-states';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { scheduleTemplatesQueryOptions } from '../api/scheduling.queries';
import { formatHours, formatWeekdayLong, formatWeekdayShort } from '../lib/schedule-format';

const hourOf = (time: string) => String(Number(time.slice(0, 2)));

/**
 * Templates (spec 2): the six patterns, each a week strip in the workspace's week order. The server
 * makes them of the workspace's working day and break, so each card says what applying it creates
 * and the hours it counts (issue 20).
 */
export function TemplatesView({
  days,
  onApply,
}: {
  /** Any week's dates: they give the weekday order (the workspace's week start). */
  days: readonly string[];
  /** Present for roles that may change the schedule. */
  onApply?: ((template: ScheduleTemplate) => void) | undefined;
}) {
  const templates = useQuery(scheduleTemplatesQueryOptions());
  if (templates.isPending) {
    return (
      <div role="status" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <span className="sr-only">Loading the templates…</span>
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} aria-hidden="true" className="h-48 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </div>
    );
  }
  if (templates.isError) {
    return (
      <LoadError
        error={templates.error}
        title="The templates could not be loaded"
        onRetry={() => void templates.refetch()}
      />
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {templates.data.data.map((template) => (
        <li
          key={template.id}
          className="flex flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 items-start gap-3">
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-700">
                <LayoutTemplate aria-hidden="true" className="size-5" />
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">{template.name}</h3>
                {template.note ? <p className="text-sm text-slate-600">{template.note}</p> : null}
                <p className="text-sm text-slate-600">{template.summary}</p>
              </div>
            </div>
            <Badge tone="brand" className="whitespace-nowrap">
              {formatHours(template.weeklyHours)}
              <span className="sr-only"> a week</span>
            </Badge>
          </div>
          <ol aria-label={`${template.name} week`} className="mt-4 grid grid-cols-7 gap-1">
            {days.map((date) => {
              const shift = template.shifts.find((candidate) => candidate.dayOfWeek === dayOfWeek(date));
              return (
                <li
                  key={date}
                  className={cn(
                    'rounded-md py-1.5 text-center tracking-tight whitespace-nowrap',
                    shift ? 'bg-indigo-50 text-indigo-900' : 'bg-slate-50 text-slate-600',
                  )}
                >
                  <span aria-hidden="true" className="block text-[0.6875rem] font-semibold uppercase">
                    {formatWeekdayShort(date)}
                  </span>
                  <span aria-hidden="true" className="block text-[0.6875rem] tabular-nums">
                    {shift ? `${hourOf(shift.startTime)}–${hourOf(shift.endTime)}` : 'Off'}
                  </span>
                  <span className="sr-only">
                    {`${formatWeekdayLong(date)}: ${shift ? `${shift.startTime} to ${shift.endTime}` : 'off'}`}
                  </span>
                </li>
              );
            })}
          </ol>
          {onApply ? (
            <div className="mt-auto pt-4">
              <Button variant="secondary" onClick={() => onApply(template)}>
                Apply Template
                <span className="sr-only"> {template.name}</span>
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
