import { zodResolver } from '@hookform/resolvers/zod';
import { testCampaignSchema } from '@atrium/shared';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { PickedRecord } from '../../../components/ui/record-picker';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { useMe } from '../../accounts';
import { sendCampaignTest } from '../api/campaigns.queries';
import { LeadPicker } from './email-lead-picker';

/** The dialog always names the address (the server's default, the member's own, is filled in). */
const testFormSchema = z.object({
  to: testCampaignSchema.shape.to.unwrap(),
  lead: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
type TestForm = z.infer<typeof testFormSchema>;

/**
 * "Send a test" (issue 23): the saved message to one address, marked as a test, merged as a chosen
 * lead or the sample person. Unsaved edits are not in it, so the dialog says so.
 */
export function EmailTestDialog({
  campaignId,
  dirty,
  previewLead,
}: {
  campaignId: string;
  dirty: boolean;
  /** Who the preview shows: the test merges as the same lead unless changed here. */
  previewLead: PickedRecord | null;
}) {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const form = useForm<TestForm>({
    resolver: zodResolver(testFormSchema),
    defaultValues: { to: me.user.email, lead: previewLead },
  });
  const { errors } = form.formState;

  const send = useMutation({
    mutationFn: (values: TestForm) =>
      sendCampaignTest(campaignId, { to: values.to, ...(values.lead ? { leadId: values.lead.id } : {}) }),
    onSuccess: (_, values) => {
      toast.success(`Test sent to ${values.to}`);
      setOpen(false);
    },
    onError: (error) => {
      setServerFieldErrors(error, ['to'], form.setError);
      if (error instanceof ApiError && error.fields?.leadId) {
        form.setError('lead', { type: 'server', message: error.fields.leadId });
      }
    },
  });

  const start = () => {
    form.reset({ to: me.user.email, lead: previewLead });
    send.reset();
    setOpen(true);
  };
  const close = () => setOpen(false);
  // 409: no mail server to send through; 422 without a field: the message is not ready (say why).
  const problem = send.error && !isFieldError(send.error, ['to', 'leadId']) ? send.error : null;

  return (
    <>
      <Button variant="secondary" onClick={start}>
        <Send aria-hidden="true" className="size-4" />
        Send a test
      </Button>
      <Modal
        open={open}
        onClose={close}
        title="Send a test"
        description="The last saved version of the message goes to this address, its subject marked [Test]."
      >
        <form noValidate className="space-y-5" onSubmit={form.handleSubmit((values) => send.mutate(values))}>
          {dirty ? (
            <Alert tone="info" title="Your latest changes are not saved">
              The test is the message as last saved. Save first to test your changes.
            </Alert>
          ) : null}
          {problem ? (
            <ServerErrorAlert
              error={problem}
              title={
                problem instanceof ApiError && problem.status === 409
                  ? 'The test could not be sent: no mail server'
                  : 'The test could not be sent'
              }
            />
          ) : null}
          <Field label="Send to" error={errors.to?.message}>
            {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('to')} />}
          </Field>
          <Field
            label="Merge as"
            error={errors.lead?.message}
            hint="Merge tags are filled from this lead; empty: a sample person."
          >
            {(control) => (
              <Controller
                control={form.control}
                name="lead"
                render={({ field }) => (
                  <LeadPicker
                    {...control}
                    inputRef={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    clearLabel="Merge as the sample person"
                  />
                )}
              />
            )}
          </Field>
          <FormActions submitLabel="Send test" pending={send.isPending} onCancel={close} />
        </form>
      </Modal>
    </>
  );
}
