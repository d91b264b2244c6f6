import { zodResolver } from '@hookform/resolvers/zod';
import { inviteCustomerSchema, type InviteCustomerInput } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { customersQueryKey, inviteCustomer } from '../api/customer-accounts-api';

const fieldNames = ['email', 'name'] as const;

/**
 * Invites a customer to the portal (issue 22): an email with a link to sign up, or sign in, and
 * follow their tickets — those they already wrote included.
 */
export function CustomerInviteDialog({
  open,
  onClose,
  customer,
}: {
  open: boolean;
  onClose: () => void;
  /** Filled in from a ticket's customer. */
  customer?: InviteCustomerInput | undefined;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Invite to the customer portal"
      description="They get an email with a link to create their account and follow their tickets."
    >
      <InviteForm onClose={onClose} customer={customer} />
    </Modal>
  );
}

function InviteForm({
  onClose,
  customer,
}: {
  onClose: () => void;
  customer: InviteCustomerInput | undefined;
}) {
  const queryClient = useQueryClient();
  const form = useForm<InviteCustomerInput, unknown, z.output<typeof inviteCustomerSchema>>({
    resolver: zodResolver(inviteCustomerSchema),
    defaultValues: customer ?? { name: '', email: '' },
  });
  const { errors } = form.formState;
  const invite = useMutation({
    mutationFn: inviteCustomer,
    onSuccess: (invitation) => {
      void queryClient.invalidateQueries({ queryKey: customersQueryKey });
      toast.success(`Invitation sent to ${invitation.email}`);
      onClose();
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => invite.mutate(values))} className="space-y-5">
      {invite.error && !isFieldError(invite.error, fieldNames) ? (
        <ServerErrorAlert error={invite.error} title="The invitation could not be sent" />
      ) : null}
      <Field label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" maxLength={100} {...form.register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="off" maxLength={254} {...form.register('email')} />
        )}
      </Field>
      <FormActions submitLabel="Send invitation" pending={invite.isPending} onCancel={onClose} />
    </form>
  );
}
