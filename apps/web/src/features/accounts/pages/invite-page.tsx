import { zodResolver } from '@hookform/resolvers/zod';
import {
  acceptInvitationSchema,
  homePathFor,
  personNameSchema,
  type AcceptInvitationInput,
  type InvitationPreview,
} from '@atrium/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { roleLabels } from '../../../lib/role-labels';
import { acceptInvitation, invitationPreviewQueryOptions } from '../api/account.api';
import { AuthCard } from '../components/auth-card';
import { useStartSession } from '../hooks/use-session';

const fieldNames = ['name', 'password'] as const;

// A new account needs a name; a person who already has one only proves it with their password.
const newAccountSchema = acceptInvitationSchema.extend({ name: personNameSchema });

function AcceptForm({ id, preview }: { id: string; preview: InvitationPreview }) {
  const startSession = useStartSession();
  const form = useForm<AcceptInvitationInput>({
    resolver: zodResolver(preview.hasAccount ? acceptInvitationSchema : newAccountSchema),
    defaultValues: preview.hasAccount ? { password: '' } : { name: '', password: '' },
  });
  const { errors } = form.formState;

  const accept = useMutation({
    mutationFn: (input: AcceptInvitationInput) => acceptInvitation(id, input),
    onSuccess: async (me) => {
      await startSession(me, homePathFor(me.workspace.role));
      toast.success(`Welcome to ${me.workspace.name}`);
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });
  const busy = accept.isPending || accept.isSuccess;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => accept.mutate(values))} className="space-y-5">
      {accept.error && !isFieldError(accept.error, fieldNames) ? (
        <ServerErrorAlert error={accept.error} />
      ) : null}
      <Field label="Email address">
        {(control) => (
          <Input {...control} type="email" value={preview.email} readOnly autoComplete="username" />
        )}
      </Field>
      {preview.hasAccount ? null : (
        <Field label="Your name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
        </Field>
      )}
      <Field
        label={preview.hasAccount ? 'Your Atrium password' : 'Choose a password'}
        hint={
          preview.hasAccount
            ? 'You already have an Atrium account with this email.'
            : 'At least 8 characters.'
        }
        error={errors.password?.message}
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete={preview.hasAccount ? 'current-password' : 'new-password'}
            {...form.register('password')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? <Spinner /> : null}
        Join {preview.workspaceName}
      </Button>
    </form>
  );
}

/** The link of an invitation mail (issue 3): set a password and join the workspace. */
export function InvitePage() {
  const { id = '' } = useParams();
  const preview = useQuery(invitationPreviewQueryOptions(id));

  if (preview.isPending) {
    return (
      <div role="status" className="grid min-h-[60dvh] place-items-center">
        <Spinner className="size-8 text-indigo-600" />
        <span className="sr-only">Loading the invitation…</span>
      </div>
    );
  }

  if (preview.isError) {
    const gone = preview.error instanceof ApiError && preview.error.status === 404;
    return (
      <AuthCard title={gone ? 'This invitation is no longer valid' : 'The invitation could not be loaded'}>
        <title>Invitation — Atrium</title>
        {gone ? (
          <div className="text-center">
            <MailX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
            <p className="mt-4 text-slate-700">
              The link has expired, was cancelled, or has already been used. Ask your workspace admin for a
              new invitation — or sign in if you already joined.
            </p>
          </div>
        ) : (
          <ServerErrorAlert error={preview.error} />
        )}
        <Link to="/login" className={buttonClasses({ size: 'lg', className: 'mt-6 w-full' })}>
          Go to sign in
        </Link>
      </AuthCard>
    );
  }

  const { workspaceName, role } = preview.data;
  return (
    <AuthCard
      title={`Join ${workspaceName}`}
      description={
        <p>
          You were invited to {workspaceName} on Atrium as{' '}
          <strong className="font-semibold text-slate-900">{roleLabels[role]}</strong>.
        </p>
      }
    >
      <title>{`Join ${workspaceName} — Atrium`}</title>
      <AcceptForm id={id} preview={preview.data} />
    </AuthCard>
  );
}
