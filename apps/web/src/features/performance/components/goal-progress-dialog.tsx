import { zodResolver } from '@hookform/resolvers/zod';
import { maxGoalProgress, minGoalProgress, updateGoalSchema, type Goal } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { performanceQueryKey, updateGoalProgress } from '../api/performance.queries';

const fieldNames = ['progress'] as const;

/** An empty box is "no number", which the shared schema names, rather than 0. */
const numberOrNaN = (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value));

/** Update a goal's progress with the version it was read at (a stale one is a 412, never a lost update). */
export function GoalProgressDialog({ goal, onClose }: { goal: Goal | null; onClose: () => void }) {
  return (
    <Modal
      open={goal !== null}
      onClose={onClose}
      title="Update progress"
      description={goal ? `${goal.title} - ${goal.employee.name}` : ''}
    >
      {goal ? <ProgressForm goal={goal} onClose={onClose} /> : null}
    </Modal>
  );
}

function ProgressForm({ goal, onClose }: { goal: Goal; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(updateGoalSchema),
    defaultValues: { progress: goal.progress, version: goal.version },
  });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: ({ progress, version }: { progress: number; version: number }) =>
      updateGoalProgress({ id: goal.id, version }, progress),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: performanceQueryKey });
      onClose();
      toast.success(`Progress of '${updated.title}' is now ${updated.progress}%`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) {
        void queryClient.invalidateQueries({ queryKey: performanceQueryKey });
        return;
      }
      setServerFieldErrors(error, fieldNames, form.setError);
    },
  });
  const stale = save.error instanceof ApiError && save.error.status === 412;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save.mutate({
          progress: values.progress ?? goal.progress,
          // The version the dialog opened with, though the list behind it may have taken a newer
          // one from the change feed meanwhile: someone else's save must be a 412, not overwritten.
          // After the 412 the alert shows the latest progress, so saving again builds on it.
          version: stale ? goal.version : values.version,
        }),
      )}
      className="space-y-5"
    >
      {stale ? (
        <Alert title="Someone else changed this goal while you were editing it">
          The goal has been reloaded: its saved progress is now {goal.progress}%. Check it, then save again if
          your change still applies.
        </Alert>
      ) : save.error && !isFieldError(save.error, fieldNames) ? (
        <ServerErrorAlert error={save.error} title="The progress could not be saved" />
      ) : null}
      <Field
        label="Progress (%)"
        error={errors.progress?.message}
        hint={`Saved progress: ${goal.progress}%. From ${minGoalProgress} to ${maxGoalProgress}.`}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={minGoalProgress}
            max={maxGoalProgress}
            step={1}
            autoFocus
            {...form.register('progress', { setValueAs: numberOrNaN })}
          />
        )}
      </Field>
      <FormActions submitLabel="Save progress" pending={save.isPending} onCancel={onClose} />
    </form>
  );
}
