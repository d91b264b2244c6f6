import { zodResolver } from '@hookform/resolvers/zod';
import { createGoalSchema, maxGoalProgress, minGoalProgress, type CreateGoalInput } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { createGoal, performanceQueryKey } from '../api/performance.queries';
import type { PickedEmployee } from '../../employees';
import { EmployeeField } from './employee-field';

const fieldNames = ['employeeId', 'title', 'description', 'targetDate', 'progress'] as const;

const emptyGoal = (employee: PickedEmployee | null): CreateGoalInput => ({
  employeeId: employee?.id ?? '',
  title: '',
  description: '',
  targetDate: '',
  progress: 0,
});

/** Empty number fields read as "not given" rather than 0, so the schema can name the problem. */
const numberOrUndefined = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** Add Goal (spec 2): title, description, target date and initial progress 0-100. */
export function AddGoalDialog({
  open,
  onClose,
  employee,
}: {
  open: boolean;
  onClose: () => void;
  employee: PickedEmployee | null;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title="Add Goal"
      description="Set a goal with a target date; progress can be updated as work moves on."
    >
      <GoalForm employee={employee} onClose={onClose} />
    </Modal>
  );
}

function GoalForm({ employee, onClose }: { employee: PickedEmployee | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(createGoalSchema), defaultValues: emptyGoal(employee) });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: createGoal,
    onSuccess: (goal) => {
      void queryClient.invalidateQueries({ queryKey: performanceQueryKey });
      onClose();
      toast.success(`Goal added for ${goal.employee.name}`, { description: goal.title });
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-5">
      {save.error && !isFieldError(save.error, fieldNames) ? (
        <ServerErrorAlert error={save.error} title="The goal could not be saved" />
      ) : null}
      <EmployeeField control={form.control} initial={employee} error={errors.employeeId?.message} />
      <Field label="Goal Title" error={errors.title?.message}>
        {(control) => (
          <Input {...control} placeholder="e.g. Launch the new onboarding flow" {...form.register('title')} />
        )}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            placeholder="What does done look like?"
            {...form.register('description')}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Target Date" error={errors.targetDate?.message}>
          {(control) => <Input {...control} type="date" {...form.register('targetDate')} />}
        </Field>
        <Field
          label="Initial Progress (%)"
          error={errors.progress?.message}
          hint={`From ${minGoalProgress} to ${maxGoalProgress}`}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={minGoalProgress}
              max={maxGoalProgress}
              step={1}
              {...form.register('progress', { setValueAs: numberOrUndefined })}
            />
          )}
        </Field>
      </div>
      <FormActions submitLabel="Save goal" pending={save.isPending} onCancel={onClose} />
    </form>
  );
}
