import { zodResolver } from '@hookform/resolvers/zod';
import { defaultImapPort, mailboxFieldsSchema, type Mailbox } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { createMailbox, mailboxesKey, updateMailbox } from '../api/mail.queries';

const fieldNames = ['host', 'port', 'tls', 'username', 'password', 'folder', 'moveTo', 'enabled'] as const;

const shape = mailboxFieldsSchema.shape;
/** The dialog's fields as typed: the port as a number input, "move to" empty for none. */
const mailboxFormSchema = (editing: boolean) =>
  z.object({
    host: shape.host,
    port: z
      .number({ error: 'Enter a port from 1 to 65535' })
      .int('Enter a port from 1 to 65535')
      .min(1, 'Enter a port from 1 to 65535')
      .max(65_535, 'Enter a port from 1 to 65535'),
    tls: z.boolean(),
    username: shape.username,
    password: editing ? z.string().max(1000) : z.string().min(1, 'Enter the password').max(1000),
    folder: z.string().trim().min(1, 'Enter a folder').max(200),
    moveTo: z.string().trim().max(200),
    enabled: z.boolean(),
  });
type MailboxForm = z.infer<ReturnType<typeof mailboxFormSchema>>;

const formOf = (mailbox: Mailbox | undefined): MailboxForm => ({
  host: mailbox?.host ?? '',
  port: mailbox?.port ?? defaultImapPort(true),
  tls: mailbox?.tls ?? true,
  username: mailbox?.username ?? '',
  password: '',
  folder: mailbox?.folder ?? 'INBOX',
  moveTo: mailbox?.moveTo ?? '',
  enabled: mailbox?.enabled ?? true,
});

/** Settings -> Help desk: connect an IMAP mailbox, or change one (a password left empty is kept). */
export function MailboxDialog({
  open,
  onClose,
  mailbox,
}: {
  open: boolean;
  onClose: () => void;
  mailbox?: Mailbox | undefined;
}) {
  const editing = mailbox !== undefined;
  const queryClient = useQueryClient();
  const form = useForm<MailboxForm>({
    resolver: zodResolver(mailboxFormSchema(editing)),
    defaultValues: formOf(mailbox),
  });
  const { errors } = form.formState;
  const tls = useWatch({ control: form.control, name: 'tls' });

  const save = useMutation({
    mutationFn: ({ password, moveTo, ...values }: MailboxForm) => {
      const fields = { ...values, moveTo: moveTo === '' ? null : moveTo };
      return mailbox
        ? updateMailbox(mailbox.id, {
            ...fields,
            ...(password ? { password } : {}),
            version: mailbox.version,
          })
        : createMailbox({ ...fields, password });
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: mailboxesKey });
      toast.success(
        editing ? 'Mailbox saved' : `${saved.username} is connected; new mail is fetched every minute`,
      );
      onClose();
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });

  useEffect(() => {
    if (open) {
      form.reset(formOf(mailbox));
      save.reset();
    }
    // Only when the dialog opens: a refetch of the list must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  /** Port follows TLS while it still holds the other mode's usual port. */
  const toggleTls = (next: boolean) => {
    const port = form.getValues('port');
    if (port === defaultImapPort(!next)) form.setValue('port', defaultImapPort(next));
    form.setValue('tls', next, { shouldDirty: true });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={editing ? 'Edit mailbox' : 'Connect a mailbox'}
      description="Atrium signs in to this IMAP mailbox every minute and turns new mail into tickets."
    >
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-5">
        {save.error && !isFieldError(save.error, fieldNames) ? (
          <ServerErrorAlert error={save.error} title="The mailbox could not be saved" />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field label="IMAP server" hint="e.g. imap.example.com" error={errors.host?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('host')} />}
          </Field>
          <Field label="Port" error={errors.port?.message}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                {...form.register('port', { valueAsNumber: true })}
              />
            )}
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 accent-indigo-600"
            checked={tls}
            onChange={(event) => toggleTls(event.target.checked)}
          />
          Connect with TLS (recommended)
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="User name" hint="Often the mailbox’s address." error={errors.username?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('username')} />}
          </Field>
          <Field
            label="Password"
            hint={editing ? 'Leave empty to keep the saved one.' : 'Kept encrypted; never shown again.'}
            error={errors.password?.message}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                {...form.register('password')}
              />
            )}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Folder" hint="Where new mail arrives, usually INBOX." error={errors.folder?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('folder')} />}
          </Field>
          <Field
            label="Move fetched mail to (optional)"
            hint="Left empty, fetched mail stays and is marked as read."
            error={errors.moveTo?.message}
          >
            {(control) => <Input {...control} autoComplete="off" {...form.register('moveTo')} />}
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 accent-indigo-600"
            {...form.register('enabled')}
          />
          Fetch new mail every minute
        </label>
        <FormActions
          submitLabel={editing ? 'Save mailbox' : 'Connect mailbox'}
          pending={save.isPending}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
