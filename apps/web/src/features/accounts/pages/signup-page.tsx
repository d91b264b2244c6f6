import { trialDays, type SignupInput } from '@atrium/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useHydrated } from '../../../lib/use-hydrated';
import { signUp } from '../api/account.api';
import { AuthCard } from '../components/auth-card';
import { enterApp } from '../lib/redirect-target';

const fieldNames = ['name', 'email', 'password', 'companyName'] as const;

const validation = lazyResolver<SignupInput>(() =>
  import('../lib/account-resolvers').then((module) => module.signupResolver),
);

/**
 * Spec section 2, "Route table": /signup, headed 'Create your free account'. Creates the person, a
 * workspace on a 14-day trial with them as its Admin, then opens its dashboard (issue 3).
 */
export function SignupPage() {
  return (
    <>
      <title>Create your free account — Atrium</title>
      <SignupCard />
    </>
  );
}

/** The sign-up page without its title, which signup.html carries (see LoginCard). */
export function SignupCard() {
  const hydrated = useHydrated();
  // No default values, as in LoginCard: what was typed before hydration stays.
  const form = useForm<SignupInput>({ resolver: validation.resolver });
  const { errors } = form.formState;

  const signUpMutation = useMutation({
    mutationFn: signUp,
    onSuccess: (result) => {
      if (!('confirmEmail' in result)) enterApp('/dashboard');
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });
  const sent = signUpMutation.data && 'confirmEmail' in signUpMutation.data ? signUpMutation.data : null;
  if (sent) return <CheckInbox email={sent.confirmEmail} />;

  const submit = form.handleSubmit((values) => signUpMutation.mutate(values));
  const busy = !hydrated || signUpMutation.isPending || signUpMutation.isSuccess;
  const error = signUpMutation.error;
  // Where addresses are not confirmed by mail, a known one is refused: the way on is to sign in.
  const knownEmail = error instanceof ApiError && error.code === 'conflict' && Boolean(errors.email);

  return (
    <AuthCard
      title="Create your free account"
      description={<p>{trialDays} days of every feature, free. No credit card needed.</p>}
      footer={
        <p>
          Already have an account?{' '}
          <a href="/login" className="font-semibold text-indigo-700 hover:text-indigo-800">
            Sign in
          </a>
        </p>
      }
    >
      <form noValidate onSubmit={submit} onFocus={validation.preload} className="space-y-5">
        {error && !isFieldError(error, fieldNames) ? <ServerErrorAlert error={error} /> : null}
        <Field label="Your name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
        </Field>
        <Field label="Work email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              {...form.register('email')}
            />
          )}
        </Field>
        {knownEmail ? (
          <p className="-mt-3 text-sm text-slate-700">
            <a href="/login" className="font-semibold text-indigo-700 underline hover:text-indigo-800">
              Sign in with this address
            </a>
          </p>
        ) : null}
        <Field label="Password" hint="At least 8 characters." error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />
          )}
        </Field>
        <Field label="Company name" error={errors.companyName?.message}>
          {(control) => <Input {...control} autoComplete="organization" {...form.register('companyName')} />}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? <Spinner /> : null}
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}

/** Where the server confirms addresses: the account starts from the link in the mail (issue 17). */
function CheckInbox({ email }: { email: string }) {
  return (
    <AuthCard
      title="Check your inbox"
      footer={
        <p>
          Confirmed already?{' '}
          <a href="/login" className="font-semibold text-indigo-700 hover:text-indigo-800">
            Sign in
          </a>
        </p>
      }
    >
      <div role="status" className="space-y-3 text-slate-700">
        <p>
          We sent a link to <strong className="font-semibold text-slate-900">{email}</strong>. Open it to
          confirm your address and start using Atrium; it stays valid for 24 hours.
        </p>
        <p className="text-sm text-slate-600">
          Already have an account with this address? Then the mail says so instead, and you can{' '}
          <a href="/login" className="font-semibold text-indigo-700 underline hover:text-indigo-800">
            sign in
          </a>{' '}
          right away.
        </p>
        <p className="text-sm text-slate-600">No mail? Look in your spam folder, or sign up again.</p>
      </div>
    </AuthCard>
  );
}
