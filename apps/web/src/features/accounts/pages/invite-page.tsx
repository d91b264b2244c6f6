import { zodResolver } from '@hookform/resolvers/zod';
import {
  acceptInvitationSchema,
  homePathFor,
  type AcceptInvitationInput,
  type InvitationPreview,
  type Me,
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
import { meQueryOptions } from '../api/session.queries';
import { AuthCard } from '../components/auth-card';
import { useSignOut, useStartSession } from '../hooks/use-session';
import { signInPathFor } from '../lib/redirect-target';

const fieldNames = ['name', 'password'] as const;

// Without a session an invitation creates a new account: it needs a name and a password.
const newAccountSchema = acceptInvitationSchema.required();
type NewAccountInput = { name: string; password: string };

function useAcceptInvitation(id: string) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) => acceptInvitation(id, input),
    onSuccess: async (me) => {
      await startSession(me, homePathFor(me.workspace.role));
      toast.success(`Welcome to ${me.workspace.name}`);
    },
  });
}

/** Someone new to Atrium: the invitation makes their account. */
function NewAccountForm({ id, preview }: { id: string; preview: InvitationPreview }) {
  const accept = useAcceptInvitation(id);
  const form = useForm<NewAccountInput>({
    resolver: zodResolver(newAccountSchema),
    defaultValues: { name: '', password: '' },
  });
  const { errors } = form.formState;
  const busy = accept.isPending || accept.isSuccess;
  const signIn = signInPathFor(`/invite/${id}`);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        accept.mutate(values, { onError: (error) => setServerFieldErrors(error, fieldNames, form.setError) }),
      )}
      className="space-y-5"
    >
      {accept.error && !isFieldError(accept.error, fieldNames) ? (
        <ServerErrorAlert error={accept.error} />
      ) : null}
      <Field label="Email address">
        {(control) => (
          <Input {...control} type="email" value={preview.email} readOnly autoComplete="username" />
        )}
      </Field>
      <Field label="Your name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field label="Choose a password" hint="At least 8 characters." error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? <Spinner /> : null}
        Join {preview.workspaceName}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an Atrium account with this email?{' '}
        <Link to={signIn} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
          Sign in to accept
        </Link>
      </p>
    </form>
  );
}

/**
 * Signed in already: the invitation is accepted as that account, with no password asked again — if
 * it is the address the invitation was sent to (issue 17).
 */
function SignedInAccept({ id, preview, me }: { id: string; preview: InvitationPreview; me: Me }) {
  const accept = useAcceptInvitation(id);
  const signOut = useSignOut();
  const busy = accept.isPending || accept.isSuccess;

  if (me.user.email.toLowerCase() !== preview.email.toLowerCase()) {
    return (
      <div className="space-y-5">
        <p className="text-slate-700">
          This invitation was sent to{' '}
          <strong className="font-semibold text-slate-900">{preview.email}</strong>, but you are signed in as{' '}
          <strong className="font-semibold text-slate-900">{me.user.email}</strong>. Sign out, then sign in or
          create an account with {preview.email} to accept it.
        </p>
        <Button
          type="button"
          size="lg"
          className="w-full"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {signOut.isPending ? <Spinner /> : null}
          Sign out
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      {accept.error ? <ServerErrorAlert error={accept.error} /> : null}
      <p className="text-slate-700">
        You are signed in as <strong className="font-semibold text-slate-900">{me.user.email}</strong>.
      </p>
      <Button type="button" size="lg" className="w-full" disabled={busy} onClick={() => accept.mutate({})}>
        {busy ? <Spinner /> : null}
        Join {preview.workspaceName}
      </Button>
    </div>
  );
}

/** The link of an invitation mail (issue 3): set a password and join the workspace. */
export function InvitePage() {
  const { id = '' } = useParams();
  const preview = useQuery(invitationPreviewQueryOptions(id));
  const me = useQuery(meQueryOptions());

  if (preview.isPending || me.isPending) {
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
  const signedIn = me.data;
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
      {signedIn ? (
        <SignedInAccept id={id} preview={preview.data} me={signedIn} />
      ) : (
        <NewAccountForm id={id} preview={preview.data} />
      )}
    </AuthCard>
  );
}
