import { zodResolver } from '@hookform/resolvers/zod';
import { invitationLifetimeDays, inviteMemberSchema, roles, type InviteMemberInput } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { roleLabels } from '../../../lib/role-labels';
import { invitationsQueryOptions, inviteMember } from '../api/members.queries';

const fieldNames = ['email', 'role'] as const;
const emptyInvitation: InviteMemberInput = { email: '', role: 'employee' };

/** Settings > Members: invite by email with a role (issue 3); the mail goes out through the outbox. */
export function InviteMemberDialog({ onShowOutbox }: { onShowOutbox: () => void }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(inviteMemberSchema), defaultValues: emptyInvitation });
  const { errors } = form.formState;

  const invite = useMutation({
    mutationFn: inviteMember,
    onSuccess: (invitation) => {
      void queryClient.invalidateQueries({ queryKey: invitationsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ['mail'] });
      setOpen(false);
      toast.success(`Invitation sent to ${invitation.email}`, {
        description: 'Without a mail server, the mail waits in the Outbox with its link.',
        action: { label: 'Open Outbox', onClick: onShowOutbox },
      });
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) {
      form.reset(emptyInvitation);
      invite.reset();
    }
  };

  return (
    <>
      <Button onClick={() => changeOpen(true)}>
        <UserPlus aria-hidden="true" className="size-4" />
        Invite member
      </Button>
      <Modal
        open={open}
        onClose={() => changeOpen(false)}
        title="Invite a member"
        description={`They get an email with a link to set a password and join this workspace. The link works for ${invitationLifetimeDays} days.`}
      >
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => invite.mutate(values))}
          className="space-y-5"
        >
          {invite.error && !isFieldError(invite.error, fieldNames) ? (
            <ServerErrorAlert error={invite.error} title="The invitation could not be sent" />
          ) : null}
          <Field label="Email address" error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                inputMode="email"
                {...form.register('email')}
              />
            )}
          </Field>
          <Field label="Role" error={errors.role?.message}>
            {(control) => (
              <Select {...control} {...form.register('role')}>
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {roleLabels[role]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <FormActions
            submitLabel="Send invitation"
            pending={invite.isPending}
            onCancel={() => changeOpen(false)}
          />
        </form>
      </Modal>
    </>
  );
}
