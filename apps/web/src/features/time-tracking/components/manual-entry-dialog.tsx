import { zodResolver } from '@hookform/resolvers/zod';
import { hoursLabel, manualTimeEntrySchema, type ManualTimeEntryInput } from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { createManualEntry, employeeOptionsQueryOptions, timeEntriesKey } from '../api/time-entries.queries';
import { fromZonedInputValue, toZonedInputValue } from '../lib/zoned-time';

type ManualEntryForm = { employeeId: string; clockIn: string; clockOut: string; notes: string };

const fieldNames = ['employeeId', 'clockIn', 'clockOut', 'notes'] as const;
const emptyEntry: ManualEntryForm = { employeeId: '', clockIn: '', clockOut: '', notes: '' };

/** The shared schema checks the request the form turns into (wall-clock times become instants). */
function manualEntryResolver(timeZone: string): Resolver<ManualEntryForm, unknown, ManualTimeEntryInput> {
  const validate = zodResolver(manualTimeEntrySchema);
  return async (values, context, options) =>
    (await validate(
      {
        ...values,
        clockIn: fromZonedInputValue(values.clockIn, timeZone),
        clockOut: fromZonedInputValue(values.clockOut, timeZone),
      },
      context,
      options as unknown as Parameters<typeof validate>[2],
    )) as Awaited<ReturnType<Resolver<ManualEntryForm, unknown, ManualTimeEntryInput>>>;
}

/** A Manager adds a completed entry by hand (issue 4); the note says why, for the audit trail. */
export function ManualEntryDialog({ timeZone }: { timeZone: string }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const employees = useQuery({ ...employeeOptionsQueryOptions(), enabled: open });
  const form = useForm<ManualEntryForm, unknown, ManualTimeEntryInput>({
    resolver: manualEntryResolver(timeZone),
    defaultValues: emptyEntry,
  });
  const { errors } = form.formState;
  const latest = toZonedInputValue(new Date().toISOString(), timeZone);

  const create = useMutation({
    mutationFn: createManualEntry,
    onSuccess: (entry) => {
      void queryClient.invalidateQueries({ queryKey: timeEntriesKey });
      setOpen(false);
      toast.success(`Manual entry added for ${entry.employeeName ?? 'the employee'}`, {
        description: `${hoursLabel(entry.totalHours ?? 0)}, waiting for approval.`,
      });
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) {
      form.reset(emptyEntry);
      create.reset();
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => changeOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        Add Manual Entry
      </Button>
      <Modal
        open={open}
        onClose={() => changeOpen(false)}
        title="Add a manual time entry"
        description={`For time that was not clocked. Times are in the workspace time zone (${timeZone}); the entry goes to the Approval Queue.`}
      >
        <form noValidate onSubmit={form.handleSubmit((input) => create.mutate(input))} className="space-y-5">
          {create.error && !isFieldError(create.error, fieldNames) ? (
            <ServerErrorAlert error={create.error} title="The entry could not be added" />
          ) : null}
          <Field
            label="Employee"
            error={
              errors.employeeId?.message ??
              (employees.isError ? 'The employees could not be loaded' : undefined)
            }
          >
            {(control) => (
              <Select {...control} aria-busy={employees.isPending} {...form.register('employeeId')}>
                <option value="">{employees.isPending ? 'Loading employees…' : 'Choose an employee'}</option>
                {(employees.data ?? [])
                  .filter((employee) => employee.active)
                  .map((employee) => (
                    <option key={employee.id} value={employee.id}>
                      {employee.name} ({employee.code})
                    </option>
                  ))}
              </Select>
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Clock in" error={errors.clockIn?.message}>
              {(control) => (
                <Input {...control} type="datetime-local" max={latest} {...form.register('clockIn')} />
              )}
            </Field>
            <Field label="Clock out" error={errors.clockOut?.message}>
              {(control) => (
                <Input {...control} type="datetime-local" max={latest} {...form.register('clockOut')} />
              )}
            </Field>
          </div>
          <Field
            label="Notes"
            error={errors.notes?.message}
            hint="Why the time is added by hand; kept in the activity log."
          >
            {(control) => <Textarea {...control} rows={3} {...form.register('notes')} />}
          </Field>
          <FormActions
            submitLabel="Add entry"
            pending={create.isPending}
            onCancel={() => changeOpen(false)}
          />
        </form>
      </Modal>
    </>
  );
}
