import type { BusinessCalendarView } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { deleteSlaCalendar, refreshAfterSlaChange } from '../api/sla.queries';
import { calendarWeek, SlaCalendarDialog, weekdayNames } from './sla-calendar-dialog';

/** "Mon–Fri 09:00–17:00; Sat 10:00–14:00": a week's opening hours, days with the same hours together. */
export function openingHoursText(calendar: BusinessCalendarView): string {
  const hoursOf = (day: (typeof calendarWeek)[number]) =>
    (calendar.periods[day] ?? []).map(({ start, end }) => `${start}–${end}`).join(', ');
  const groups: { first: number; last: number; hours: string }[] = [];
  calendarWeek.forEach((day, index) => {
    const hours = hoursOf(day);
    const previous = groups.at(-1);
    if (previous && previous.hours === hours && previous.last === index - 1) previous.last = index;
    else groups.push({ first: index, last: index, hours });
  });
  const short = (index: number) => weekdayNames[calendarWeek[index]!].slice(0, 3);
  const open = groups.filter((group) => group.hours !== '');
  if (open.length === 0) return 'Never open';
  return open
    .map(
      ({ first, last, hours }) =>
        `${first === last ? short(first) : `${short(first)}–${short(last)}`} ${hours}`,
    )
    .join('; ');
}

/** The business calendars (issue 21): the default first; managers add, edit and delete them. */
export function SlaCalendars({
  calendars,
  mayManage,
  timeZone,
}: {
  calendars: readonly BusinessCalendarView[];
  mayManage: boolean;
  timeZone: string;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ calendar: BusinessCalendarView | null } | null>(null);
  const [deleting, setDeleting] = useState<BusinessCalendarView | null>(null);
  const remove = useMutation({
    mutationFn: (calendar: BusinessCalendarView) => deleteSlaCalendar(calendar.id),
    onSuccess: (_, calendar) => {
      void refreshAfterSlaChange(queryClient);
      toast.success(`${calendar.name} was deleted`);
      setDeleting(null);
    },
  });

  return (
    <div className="space-y-3">
      {mayManage ? (
        <div className="flex justify-end">
          <Button variant="secondary" size="sm" onClick={() => setEditing({ calendar: null })}>
            <Plus aria-hidden="true" className="size-4" />
            New calendar
          </Button>
        </div>
      ) : null}
      {calendars.length === 0 ? (
        <EmptyState icon={CalendarClock} title="No calendars yet" />
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {calendars.map((calendar) => (
            <li key={calendar.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{calendar.name}</h3>
                  <p className="text-sm text-slate-600">{calendar.timeZone}</p>
                </div>
                {calendar.isDefault ? <Badge tone="brand">Default</Badge> : null}
              </div>
              <dl className="mt-3 space-y-1 text-sm">
                <div className="flex gap-2">
                  <dt className="w-24 shrink-0 text-slate-600">Hours</dt>
                  <dd className="text-slate-800">{openingHoursText(calendar)}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="w-24 shrink-0 text-slate-600">Days off</dt>
                  <dd className="text-slate-800">
                    {[
                      calendar.holidays.length === 1 ? '1 day' : `${calendar.holidays.length} days`,
                      calendar.holidayCountry ? `public holidays of ${calendar.holidayCountry}` : null,
                    ]
                      .filter(Boolean)
                      .join(' and ')}
                  </dd>
                </div>
                <div className="flex gap-2">
                  <dt className="w-24 shrink-0 text-slate-600">Used by</dt>
                  <dd className="text-slate-800">
                    {calendar.usedBy.length > 0 ? calendar.usedBy.join(', ') : 'No tier'}
                  </dd>
                </div>
              </dl>
              {mayManage ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button variant="ghost" size="sm" onClick={() => setEditing({ calendar })}>
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit<span className="sr-only"> {calendar.name}</span>
                  </Button>
                  {calendar.isDefault ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        remove.reset();
                        setDeleting(calendar);
                      }}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete<span className="sr-only"> {calendar.name}</span>
                    </Button>
                  )}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <SlaCalendarDialog
        open={editing !== null}
        calendar={editing?.calendar ?? null}
        timeZone={timeZone}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'the calendar'}?`}
        description={
          <>
            It cannot be brought back.
            {remove.error ? (
              <span role="alert" className="mt-3 block font-medium text-red-700">
                {remove.error.message}
              </span>
            ) : null}
          </>
        }
        confirmLabel="Delete calendar"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
