import { zodResolver } from '@hookform/resolvers/zod';
import { actions, createApiTokenSchema, todayIn, type Action, type CreatedApiToken } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import { apiTokensQueryOptions, createApiToken } from '../api/api-tokens.queries';
import { moduleLabel, scopeLabel, scopesByModule } from './scope-labels';

const fieldNames = ['name', 'scopes', 'expiresOn'] as const;

/** The dialog asks for a day; the token then works until the end of that day. */
const tokenFormSchema = (today: string) =>
  z.object({
    name: createApiTokenSchema.shape.name,
    scopes: z.array(z.enum(actions)).min(1, 'Choose at least one permission'),
    expiresOn: z
      .string()
      .refine((day) => day === '' || /^\d{4}-\d{2}-\d{2}$/.test(day), 'Use a date such as 2030-01-31')
      .refine((day) => day === '' || day >= today, 'Choose today or a later day'),
  });
type TokenForm = z.infer<ReturnType<typeof tokenFormSchema>>;

const emptyForm: TokenForm = { name: '', scopes: [], expiresOn: '' };

/** Settings > API tokens: a name, scopes from the creator's own permissions, an optional expiry. */
export function CreateApiTokenDialog() {
  const me = useMe();
  const timeZone = useWorkspaceTimeZone();
  const today = todayIn(timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const queryClient = useQueryClient();
  const form = useForm<TokenForm>({
    resolver: zodResolver(tokenFormSchema(today)),
    defaultValues: emptyForm,
  });
  const { errors, isSubmitted } = form.formState;
  const chosen = useWatch({ control: form.control, name: 'scopes' });

  const create = useMutation({
    mutationFn: (values: TokenForm) =>
      createApiToken({
        name: values.name,
        scopes: values.scopes,
        expiresAt: values.expiresOn ? new Date(`${values.expiresOn}T23:59:59.999`).toISOString() : null,
      }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions().queryKey });
      setCreated(answer);
    },
    onError: (error) => {
      // The server names the expiry "expiresAt"; the form asks for a day.
      const fields = (error as { fields?: Record<string, string> }).fields;
      if (fields?.expiresAt) form.setError('expiresOn', { type: 'server', message: fields.expiresAt });
      setServerFieldErrors(error, ['name', 'scopes'], form.setError);
    },
  });

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) {
      form.reset(emptyForm);
      create.reset();
      setCreated(null);
    }
  };

  const toggle = (scope: Action, checked: boolean) => {
    const next = checked ? [...chosen, scope] : chosen.filter((s) => s !== scope);
    form.setValue('scopes', next, { shouldValidate: isSubmitted, shouldDirty: true });
  };

  return (
    <>
      <Button onClick={() => changeOpen(true)}>
        <KeyRound aria-hidden="true" className="size-4" />
        New token
      </Button>
      <Modal
        open={open}
        onClose={() => changeOpen(false)}
        size="lg"
        title={created ? 'Copy your new token' : 'New API token'}
        description={
          created
            ? `“${created.apiToken.name}” is ready. Send it as Authorization: Bearer <token>.`
            : 'A script or an integration acts as you with it, limited to the permissions you tick here.'
        }
      >
        {created ? (
          <NewTokenShownOnce token={created.token} onDone={() => changeOpen(false)} />
        ) : (
          <form
            noValidate
            onSubmit={form.handleSubmit((values) => create.mutate(values))}
            className="space-y-5"
          >
            {create.error && !isFieldError(create.error, [...fieldNames, 'expiresAt']) ? (
              <ServerErrorAlert error={create.error} title="The token could not be made" />
            ) : null}
            <Field
              label="Name"
              hint="What it is for, e.g. “Payroll export script”."
              error={errors.name?.message}
            >
              {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
            </Field>
            <fieldset aria-describedby={errors.scopes ? 'token-scopes-error' : undefined}>
              <legend className="text-sm font-medium text-slate-800">Permissions</legend>
              <p className="mt-0.5 text-sm text-slate-600">Only those you hold yourself can be given.</p>
              {errors.scopes ? (
                <p id="token-scopes-error" className="mt-1.5 text-sm text-red-700">
                  {errors.scopes.message}
                </p>
              ) : null}
              <div className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3">
                {scopesByModule(me.permissions).map(({ module, scopes }) => (
                  <div key={module} role="group" aria-label={moduleLabel(module)}>
                    <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                      {moduleLabel(module)}
                    </p>
                    <ul className="mt-1.5 space-y-1.5">
                      {scopes.map((scope) => (
                        <li key={scope}>
                          <label className="flex items-center gap-2 text-sm text-slate-800">
                            <input
                              type="checkbox"
                              className="size-4 rounded border-slate-300 accent-indigo-600"
                              checked={chosen.includes(scope)}
                              onChange={(event) => toggle(scope, event.target.checked)}
                              aria-label={`${moduleLabel(module)}: ${scopeLabel(scope)}`}
                            />
                            <span aria-hidden="true">{scopeLabel(scope)}</span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </fieldset>
            <Field
              label="Expires on (optional)"
              hint="Without a date it works until you revoke it."
              error={errors.expiresOn?.message}
            >
              {(control) => <Input {...control} type="date" min={today} {...form.register('expiresOn')} />}
            </Field>
            <FormActions
              submitLabel="Create token"
              pending={create.isPending}
              onCancel={() => changeOpen(false)}
            />
          </form>
        )}
      </Modal>
    </>
  );
}

/** The token itself, this once: Atrium keeps only its hash and cannot show it again. */
function NewTokenShownOnce({ token, onDone }: { token: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
      toast.success('Token copied');
    } catch {
      toast.error('Could not copy', { description: 'Select the token and copy it by hand.' });
    }
  };
  return (
    <div className="space-y-5">
      <Alert tone="info" title="Copy it now: it is shown only this once">
        Atrium keeps only a fingerprint of the token. If you lose it, revoke it and make a new one. Keep it as
        secret as a password.
      </Alert>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={token}
          aria-label="Your new API token"
          className="font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()} className="shrink-0">
          <Copy aria-hidden="true" className="size-4" />
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
