import { zodResolver } from '@hookform/resolvers/zod';
import {
  createSuppressionSchema,
  type CreateSuppressionInput,
  type CreateSuppressionValues,
} from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { createSuppression, suppressionsQueryKey } from '../api/suppressions.queries';

const fieldNames = ['email', 'detail'] as const;
const emptyForm: CreateSuppressionInput = { email: '', detail: '' };

/**
 * Suppress an address by hand (issue 23): no campaign reaches it from now on, whatever segment it
 * is in. The server answers 409 at the address when it is on the list already.
 */
export function SuppressionAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<CreateSuppressionInput, unknown, CreateSuppressionValues>({
    resolver: zodResolver(createSuppressionSchema),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  const create = useMutation({
    mutationFn: createSuppression,
    onSuccess: (suppression) => {
      void queryClient.invalidateQueries({ queryKey: suppressionsQueryKey });
      toast.success(`${suppression.email} is suppressed`, {
        description: 'No campaign is sent to this address from now on.',
      });
      close();
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });

  // Each opening starts from an empty form, without the last attempt's errors.
  function close() {
    form.reset(emptyForm);
    create.reset();
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Suppress an address"
      description="No campaign is sent to it from now on, whatever segment it is in. You can release it later."
    >
      <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))} className="space-y-5">
        {create.error && !isFieldError(create.error, fieldNames) ? (
          <ServerErrorAlert error={create.error} title="The address could not be suppressed" />
        ) : null}
        <Field label="Email address" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              {...form.register('email')}
            />
          )}
        </Field>
        <Field
          label="Note (optional)"
          hint="Why, for whoever reads the list later, e.g. “Asked by phone not to get our newsletter”."
          error={errors.detail?.message}
        >
          {(control) => <Textarea {...control} rows={3} maxLength={500} {...form.register('detail')} />}
        </Field>
        <FormActions submitLabel="Suppress address" pending={create.isPending} onCancel={close} />
      </form>
    </Modal>
  );
}
