import { zodResolver } from '@hookform/resolvers/zod';
import { createReviewSchema, ratingOptions, type CreateReviewInput } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { createReview, performanceQueryKey } from '../api/performance.queries';
import type { PickedEmployee } from '../../employees';
import { EmployeeField } from './employee-field';

const fieldNames = ['employeeId', 'period', 'overallRating', 'feedback', 'nextPeriodGoals'] as const;

const emptyReview = (employee: PickedEmployee | null): CreateReviewInput => ({
  employeeId: employee?.id ?? '',
  period: '',
  // No rating until one is chosen: a default would be saved without a thought.
  overallRating: undefined as unknown as number,
  feedback: '',
  nextPeriodGoals: '',
});

/** Add Review (spec 2): the signed-in member is the reviewer; saving refreshes the cards and lists. */
export function AddReviewDialog({
  open,
  onClose,
  employee,
}: {
  open: boolean;
  onClose: () => void;
  /** The employee whose card opened the dialog, or null to choose one. */
  employee: PickedEmployee | null;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title="Add Review"
      description="Rate the employee's performance for a review period. You are recorded as the reviewer."
    >
      {/* The dialog unmounts its content when closed, so every opening starts with a fresh form. */}
      <ReviewForm employee={employee} onClose={onClose} />
    </Modal>
  );
}

function ReviewForm({ employee, onClose }: { employee: PickedEmployee | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(createReviewSchema), defaultValues: emptyReview(employee) });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: createReview,
    onSuccess: (review) => {
      void queryClient.invalidateQueries({ queryKey: performanceQueryKey });
      onClose();
      toast.success(`Review added for ${review.employee.name}`, {
        description: `${review.period}: ${review.overallRating} - ${review.ratingLabel}`,
      });
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-5">
      {save.error && !isFieldError(save.error, fieldNames) ? (
        <ServerErrorAlert error={save.error} title="The review could not be saved" />
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <EmployeeField control={form.control} initial={employee} error={errors.employeeId?.message} />
        <Field label="Review Period" error={errors.period?.message}>
          {(control) => <Input {...control} placeholder="Q4 2024" {...form.register('period')} />}
        </Field>
      </div>
      <Field label="Overall Rating" error={errors.overallRating?.message}>
        {(control) => (
          <Select
            {...control}
            {...form.register('overallRating', {
              setValueAs: (value: string) => (value === '' ? undefined : Number(value)),
            })}
          >
            <option value="">Choose a rating</option>
            {ratingOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.value} - {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Performance Feedback" error={errors.feedback?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            placeholder="What went well, and what could be better?"
            {...form.register('feedback')}
          />
        )}
      </Field>
      <Field label="Goals for Next Period" error={errors.nextPeriodGoals?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            placeholder="What should they focus on next?"
            {...form.register('nextPeriodGoals')}
          />
        )}
      </Field>
      <FormActions submitLabel="Save review" pending={save.isPending} onCancel={onClose} />
    </form>
  );
}
