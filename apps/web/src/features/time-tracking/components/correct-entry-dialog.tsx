import { zodResolver } from '@hookform/resolvers/zod';
import { correctTimeEntrySchema, type CorrectTimeEntryInput, type TimeEntry } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { correctEntry, timeEntriesKey, timeEntryOptions } from '../api/time-entries.queries';
import { fromZonedInputValue, toZonedInputValue } from '../lib/zoned-time';
import { entryEmployeeName } from './entry-cells';

type CorrectionForm = { clockIn: string; clockOut: string; notes: string; note: string };

const fieldNames = ['clockIn', 'clockOut', 'notes', 'note'] as const;

function formValuesOf(entry: TimeEntry, timeZone: string): CorrectionForm {
  return {
    clockIn: toZonedInputValue(entry.clockIn, timeZone),
    clockOut: entry.clockOut ? toZonedInputValue(entry.clockOut, timeZone) : '',
    notes: entry.notes ?? '',
    note: '',
  };
}

/**
 * Only what changed goes to the server: an unchanged time typed back from the minute-precise input
 * would otherwise move the clock-in by its seconds.
 */
function correctionOf(values: CorrectionForm, entry: TimeEntry, timeZone: string): CorrectTimeEntryInput {
  const initial = formValuesOf(entry, timeZone);
  const clockOutChanged = values.clockOut !== initial.clockOut;
  return {
    ...(values.clockIn !== initial.clockIn ? { clockIn: fromZonedInputValue(values.clockIn, timeZone) } : {}),
    ...(clockOutChanged ? { clockOut: fromZonedInputValue(values.clockOut, timeZone) } : {}),
    ...(values.notes.trim() !== initial.notes.trim() ? { notes: values.notes.trim() || null } : {}),
    note: values.note,
    version: entry.version,
  };
}

/** The shared schema checks the request the form turns into, so its messages land on the fields. */
function correctionResolver(
  entry: TimeEntry,
  timeZone: string,
): Resolver<CorrectionForm, unknown, CorrectTimeEntryInput> {
  const validate = zodResolver(correctTimeEntrySchema);
  return async (values, context, options) =>
    (await validate(
      correctionOf(values, entry, timeZone),
      context,
      options as unknown as Parameters<typeof validate>[2],
    )) as Awaited<ReturnType<Resolver<CorrectionForm, unknown, CorrectTimeEntryInput>>>;
}

/**
 * A Manager's correction of an open or completed entry (issue 4): the times and notes, with a note
 * saying why that goes to the audit trail. A stale version (412) reloads the entry.
 */
export function CorrectEntryDialog({
  entry: initialEntry,
  timeZone,
  onClose,
}: {
  entry: TimeEntry;
  timeZone: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [entry, setEntry] = useState(initialEntry);
  const [reloaded, setReloaded] = useState(false);
  const form = useForm<CorrectionForm, unknown, CorrectTimeEntryInput>({
    resolver: correctionResolver(entry, timeZone),
    defaultValues: formValuesOf(entry, timeZone),
  });
  const { errors } = form.formState;
  const name = entryEmployeeName(entry);
  const latest = toZonedInputValue(new Date().toISOString(), timeZone);

  const correct = useMutation({
    mutationFn: (input: CorrectTimeEntryInput) => correctEntry(entry.id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: timeEntriesKey });
      toast.success(`The entry of ${name} was corrected`);
      onClose();
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 412) {
        void queryClient.invalidateQueries({ queryKey: timeEntriesKey });
        try {
          const fresh = await queryClient.fetchQuery({ ...timeEntryOptions(entry.id), staleTime: 0 });
          const note = form.getValues('note');
          setEntry(fresh);
          form.reset({ ...formValuesOf(fresh, timeZone), note });
          setReloaded(true);
        } catch {
          // The reload failed: the alert below still tells them to close and try again.
        }
        return;
      }
      setServerFieldErrors(error, fieldNames, form.setError);
    },
  });

  const stale = correct.error instanceof ApiError && correct.error.status === 412;
  const running = entry.clockOut === null;

  return (
    <Modal
      open
      onClose={onClose}
      title={`Correct the entry of ${name}`}
      description={`Times are in the workspace time zone (${timeZone}). The note explaining the correction is kept in the activity log with the values before and after.`}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((input) => {
          setReloaded(false);
          correct.mutate(input);
        })}
        className="space-y-5"
      >
        {stale || reloaded ? (
          <Alert title="Someone else changed this entry meanwhile">
            {reloaded
              ? 'It was reloaded with their changes. Check the values and save again.'
              : 'Close the dialog and open the entry again to see their changes.'}
          </Alert>
        ) : correct.error && !isFieldError(correct.error, fieldNames) ? (
          <ServerErrorAlert error={correct.error} title="The entry could not be corrected" />
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Clock in" error={errors.clockIn?.message}>
            {(control) => (
              <Input {...control} type="datetime-local" max={latest} {...form.register('clockIn')} />
            )}
          </Field>
          <Field
            label="Clock out"
            error={errors.clockOut?.message}
            hint={running ? 'Still clocked in. Set a time to clock the entry out.' : undefined}
          >
            {(control) => (
              <Input {...control} type="datetime-local" max={latest} {...form.register('clockOut')} />
            )}
          </Field>
        </div>
        <Field label="Entry notes" error={errors.notes?.message} hint="Shown in the timesheet.">
          {(control) => <Textarea {...control} rows={2} {...form.register('notes')} />}
        </Field>
        <Field label="Reason for the correction" error={errors.note?.message}>
          {(control) => <Textarea {...control} rows={2} {...form.register('note')} />}
        </Field>
        <FormActions submitLabel="Save correction" pending={correct.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
