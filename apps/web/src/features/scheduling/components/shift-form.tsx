import { zodResolver } from '@hookform/resolvers/zod';
import {
  createShiftSchema,
  isOvernightShift,
  maxBreakMinutes,
  shiftHours,
  shiftTimeOptions,
  type CreateShiftInput,
} from '@atrium/shared';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type SubmitHandler } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { EmployeePicker, type PickedEmployee } from '../../employees';
import { formatHours, formatLongDay } from '../lib/schedule-format';

export type ShiftValues = {
  employeeId: string;
  date: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
  isActive: boolean;
};

export const shiftFieldNames = [
  'employeeId',
  'date',
  'startTime',
  'endTime',
  'breakMinutes',
  'isActive',
] as const;

/** Spec 5, as the manager types: end − start − break, never below 0 (the shared rule, not a copy). */
function ShiftLength({ control }: { control: Control<CreateShiftInput, unknown, ShiftValues> }) {
  const [startTime, endTime, breakMinutes] = useWatch({
    control,
    name: ['startTime', 'endTime', 'breakMinutes'],
  });
  const breakKnown = typeof breakMinutes === 'number' && Number.isFinite(breakMinutes);
  const hours = breakKnown ? shiftHours({ startTime, endTime, breakMinutes }) : undefined;
  const overnight = isOvernightShift({ startTime, endTime });
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
      <p className="text-sm text-slate-700" aria-live="polite">
        Shift length:{' '}
        <output className="font-semibold text-slate-900">
          {hours === undefined ? '—' : formatHours(hours)}
        </output>
        {overnight ? <span className="text-slate-600"> (ends the next day)</span> : null}
      </p>
    </div>
  );
}

/**
 * The fields of Add Shift and Edit Shift (spec 2: employee, day, start, end, break), checked with the
 * shared schema in the browser and by the server, whose field errors land next to the same fields.
 */
export function ShiftForm({
  defaults,
  employee,
  days,
  showActive,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  secondaryAction,
  notice,
}: {
  defaults: ShiftValues;
  employee: PickedEmployee | null;
  /** The week's dates: the day select offers these. */
  days: readonly string[];
  /** Edit offers "counts as scheduled"; Add always creates an active shift. */
  showActive: boolean;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (values: ShiftValues) => Promise<unknown>;
  onCancel: () => void;
  secondaryAction?: ReactNode;
  notice?: ReactNode;
}) {
  const [picked, setPicked] = useState(employee);
  const form = useForm<CreateShiftInput, unknown, ShiftValues>({
    resolver: zodResolver(createShiftSchema),
    defaultValues: defaults,
  });
  const { errors } = form.formState;

  const submit: SubmitHandler<ShiftValues> = async (values) => {
    try {
      await onSubmit(values);
    } catch (failure) {
      setServerFieldErrors(failure, shiftFieldNames, form.setError);
    }
  };

  // A date outside the listed week (a shift moved by someone else) stays selectable.
  const dayOptions = days.includes(defaults.date) ? days : [defaults.date, ...days];

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-5">
      {notice}
      {error && !isFieldError(error, shiftFieldNames) ? (
        <ServerErrorAlert error={error} title="The shift could not be saved" />
      ) : null}
      <Field label="Employee" error={errors.employeeId?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="employeeId"
            render={({ field }) => (
              <EmployeePicker
                {...control}
                inputRef={field.ref}
                onlyActive
                value={picked}
                onChange={(next) => {
                  setPicked(next);
                  field.onChange(next?.id ?? '');
                }}
              />
            )}
          />
        )}
      </Field>
      <Field label="Day" error={errors.date?.message}>
        {(control) => (
          <Select {...control} {...form.register('date')}>
            {dayOptions.map((date) => (
              <option key={date} value={date}>
                {formatLongDay(date)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label="Start time" error={errors.startTime?.message}>
          {(control) => (
            <Select {...control} {...form.register('startTime')}>
              {shiftTimeOptions.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="End time" error={errors.endTime?.message}>
          {(control) => (
            <Select {...control} {...form.register('endTime')}>
              {shiftTimeOptions.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Break (minutes)" error={errors.breakMinutes?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={maxBreakMinutes}
              step={5}
              {...form.register('breakMinutes', { valueAsNumber: true })}
            />
          )}
        </Field>
      </div>
      {showActive ? (
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4 accent-indigo-600" {...form.register('isActive')} />
          <span>
            <span className="font-medium">Active</span>
            <span className="block text-slate-600">
              Inactive shifts stay on the schedule but count for no hours.
            </span>
          </span>
        </label>
      ) : null}
      <ShiftLength control={form.control} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>{secondaryAction}</div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner /> : null}
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
