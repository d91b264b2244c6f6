import { zodResolver } from '@hookform/resolvers/zod';
import {
  createBusinessCalendarSchema,
  defaultBusinessCalendar,
  maxBusinessPeriodsPerDay,
  type BusinessCalendarView,
  type CreateBusinessCalendarInput,
  type CreateBusinessCalendarValues,
  type Weekday,
} from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { SaveProblems } from '../../../components/ui/server-error-alert';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDate } from '../../../lib/dates';
import { createSlaCalendar, refreshAfterSlaChange, updateSlaCalendar } from '../api/sla.queries';

/** Monday first, as a support week is read. */
export const calendarWeek: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];
export const weekdayNames: Record<Weekday, string> = {
  0: 'Sunday',
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
};

type FormValues = CreateBusinessCalendarInput;
type Periods = NonNullable<FormValues['periods']>;

const formValuesOf = (calendar: BusinessCalendarView | null, timeZone: string): FormValues =>
  calendar
    ? {
        name: calendar.name,
        timeZone: calendar.timeZone,
        periods: calendar.periods,
        holidays: calendar.holidays,
        holidayCountry: calendar.holidayCountry ?? '',
        isDefault: calendar.isDefault,
      }
    : { name: '', ...defaultBusinessCalendar(timeZone), holidayCountry: '', isDefault: false };

/** The fields a server error may name: the form's own, and each period and holiday by its place. */
const formFieldPattern =
  /^(name|timeZone|holidayCountry|isDefault|periods\.\d(\.\d+\.(start|end))?|holidays(\.\d+)?)$/;

/**
 * Create or edit a business calendar (issue 21): opening periods per weekday (several a day),
 * days off, the time zone, and a country whose public holidays are days off too.
 */
export function SlaCalendarDialog({
  open,
  calendar,
  timeZone,
  onClose,
}: {
  open: boolean;
  /** Null for a new calendar. */
  calendar: BusinessCalendarView | null;
  /** The workspace's, for a new calendar. */
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={calendar ? `Edit ${calendar.name}` : 'New calendar'}
      description="The hours SLA clocks count. Tickets on this calendar get their due times again when it changes."
    >
      {open ? (
        <CalendarForm
          key={calendar ? `${calendar.id}-${calendar.version}` : 'new'}
          calendar={calendar}
          timeZone={timeZone}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function CalendarForm({
  calendar,
  timeZone,
  onClose,
}: {
  calendar: BusinessCalendarView | null;
  timeZone: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const timeZones = useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    const current = calendar?.timeZone ?? timeZone;
    return zones.includes(current) ? zones : [current, ...zones];
  }, [calendar?.timeZone, timeZone]);
  const form = useForm<FormValues, unknown, CreateBusinessCalendarValues>({
    resolver: zodResolver(createBusinessCalendarSchema),
    defaultValues: formValuesOf(calendar, timeZone),
  });
  const { errors } = form.formState;
  const [stale, setStale] = useState(false);

  const save = useMutation({
    mutationFn: (values: CreateBusinessCalendarValues) =>
      calendar
        ? updateSlaCalendar(calendar.id, { ...values, version: calendar.version })
        : createSlaCalendar(values),
    onSuccess: (saved) => {
      void refreshAfterSlaChange(queryClient);
      toast.success(`${saved.name} was saved`);
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      if (error.status === 412) {
        setStale(true);
        void refreshAfterSlaChange(queryClient);
      }
      let focused = false;
      for (const [field, message] of Object.entries(error.fields ?? {})) {
        if (!formFieldPattern.test(field)) continue;
        form.setError(field as Path<FormValues>, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
    },
  });
  const fieldError =
    save.error instanceof ApiError &&
    Object.keys(save.error.fields ?? {}).some((field) => formFieldPattern.test(field));
  const staleError = save.error instanceof ApiError && save.error.status === 412;
  const requestError = save.error && !fieldError && !staleError ? save.error : null;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-5">
      <SaveProblems
        record="calendar"
        stale={stale}
        reloadError={null}
        requestError={requestError}
        requestTitle="The calendar could not be saved"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" maxLength={100} {...form.register('name')} />}
        </Field>
        <Field label="Time zone" error={errors.timeZone?.message}>
          {(control) => (
            <Select {...control} {...form.register('timeZone')}>
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Opening hours</legend>
        <Controller
          control={form.control}
          name="periods"
          render={({ field }) => (
            <WeekEditor
              periods={field.value ?? {}}
              errors={errors.periods as FieldErrors<Periods> | undefined}
              onChange={field.onChange}
            />
          )}
        />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Days off</legend>
        <Controller
          control={form.control}
          name="holidays"
          render={({ field }) => (
            <HolidayEditor
              holidays={field.value ?? []}
              errors={errors.holidays as unknown as ({ message?: string } | undefined)[] | undefined}
              onChange={field.onChange}
            />
          )}
        />
        <Field
          label="Public holidays of"
          hint="A country code like DE, or a country and region like US-CA; leave empty for none"
          error={errors.holidayCountry?.message}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              maxLength={6}
              className="uppercase sm:max-w-40"
              {...form.register('holidayCountry')}
            />
          )}
        </Field>
      </fieldset>

      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-indigo-600"
          disabled={calendar?.isDefault === true}
          aria-describedby="calendar-default-hint"
          {...form.register('isDefault')}
        />
        <span>
          The default calendar
          <span id="calendar-default-hint" className="block text-xs text-slate-600">
            {calendar?.isDefault
              ? 'Mark another calendar as the default to change it.'
              : 'Tiers without a calendar of their own count in it.'}
          </span>
          {errors.isDefault?.message ? (
            <span className="block font-medium text-red-700">{errors.isDefault.message}</span>
          ) : null}
        </span>
      </label>

      <FormActions
        submitLabel={calendar ? 'Save calendar' : 'Create calendar'}
        pending={save.isPending}
        onCancel={onClose}
      />
    </form>
  );
}

function WeekEditor({
  periods,
  errors,
  onChange,
}: {
  periods: Periods;
  errors: FieldErrors<Periods> | undefined;
  onChange: (periods: Periods) => void;
}) {
  const setDay = (day: Weekday, next: Periods[Weekday]) => onChange({ ...periods, [day]: next });
  return (
    <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
      {calendarWeek.map((day) => {
        const dayPeriods = periods[day] ?? [];
        const dayErrors = errors?.[day] as
          ({ start?: { message?: string }; end?: { message?: string } } | undefined)[] | undefined;
        return (
          <li key={day} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start">
            <span className="w-28 shrink-0 pt-2 text-sm font-medium text-slate-900">{weekdayNames[day]}</span>
            <div className="flex-1 space-y-2">
              {dayPeriods.length === 0 ? <p className="pt-2 text-sm text-slate-600">Closed</p> : null}
              {dayPeriods.map((period, index) => {
                const problem = dayErrors?.[index];
                const message = problem?.start?.message ?? problem?.end?.message;
                const label = `${weekdayNames[day]} period ${index + 1}`;
                const update = (change: Partial<typeof period>) =>
                  setDay(
                    day,
                    dayPeriods.map((candidate, at) =>
                      at === index ? { ...candidate, ...change } : candidate,
                    ),
                  );
                return (
                  <div key={index}>
                    <div className="flex flex-wrap items-center gap-2">
                      <div className="w-32">
                        <Input
                          type="time"
                          aria-label={`${label} opens`}
                          aria-invalid={Boolean(problem?.start)}
                          value={period.start}
                          onChange={(event) => update({ start: event.target.value })}
                        />
                      </div>
                      <span aria-hidden="true" className="text-slate-600">
                        –
                      </span>
                      <div className="w-32">
                        <Input
                          type="time"
                          aria-label={`${label} closes`}
                          aria-invalid={Boolean(problem?.end)}
                          value={period.end === '24:00' ? '23:59' : period.end}
                          onChange={(event) => update({ end: event.target.value })}
                        />
                      </div>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${label}`}
                        onClick={() =>
                          setDay(
                            day,
                            dayPeriods.filter((_, at) => at !== index),
                          )
                        }
                      >
                        <X aria-hidden="true" className="size-4" />
                      </Button>
                    </div>
                    {message ? <p className="mt-1 text-sm font-medium text-red-700">{message}</p> : null}
                  </div>
                );
              })}
              {dayPeriods.length < maxBusinessPeriodsPerDay ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    const last = dayPeriods.at(-1);
                    const start = last ? last.end : '09:00';
                    setDay(day, [...dayPeriods, { start, end: last ? '24:00' : '17:00' }]);
                  }}
                >
                  <Plus aria-hidden="true" className="size-4" />
                  Add hours<span className="sr-only"> on {weekdayNames[day]}</span>
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function HolidayEditor({
  holidays,
  errors,
  onChange,
}: {
  holidays: string[];
  errors: ({ message?: string } | undefined)[] | undefined;
  onChange: (holidays: string[]) => void;
}) {
  const [day, setDay] = useState('');
  const add = () => {
    if (!day || holidays.includes(day)) return;
    onChange([...holidays, day].sort());
    setDay('');
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          type="date"
          aria-label="A day off"
          className="max-w-44"
          value={day}
          onChange={(event) => setDay(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" size="sm" onClick={add} disabled={!day}>
          <Plus aria-hidden="true" className="size-4" />
          Add day off
        </Button>
      </div>
      {holidays.length === 0 ? (
        <p className="text-sm text-slate-600">No days off of its own.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Days off">
          {holidays.map((holiday, index) => (
            <li
              key={holiday}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-sm text-slate-800"
            >
              {formatCalendarDate(holiday)}
              {errors?.[index]?.message ? (
                <span className="text-red-700"> ({errors[index]?.message})</span>
              ) : null}
              <button
                type="button"
                aria-label={`Remove ${formatCalendarDate(holiday)}`}
                className="rounded-full p-1 text-slate-600 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
                onClick={() => onChange(holidays.filter((candidate) => candidate !== holiday))}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
