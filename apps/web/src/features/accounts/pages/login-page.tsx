import { countOf, demoAccounts, demoPassword, trialDays, type LoginInput } from '@atrium/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { supportEmail, supportMailto } from '../../../lib/contact';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { roleLabels } from '../../../lib/role-labels';
import { useHydrated } from '../../../lib/use-hydrated';
import { signIn } from '../api/account.api';
import { AuthCard } from '../components/auth-card';
import { useCountdown } from '../hooks/use-countdown';
import { enterApp, signedInDestination } from '../lib/redirect-target';

const fieldNames = ['email', 'password'] as const;

const validation = lazyResolver<LoginInput>(() =>
  import('../lib/account-resolvers').then((module) => module.loginResolver),
);

/** Spec section 2, "Route table": /login, headed 'Sign in to your account'; the app's route. */
export function LoginPage() {
  return (
    <>
      <title>Sign in — Atrium</title>
      <LoginCard />
    </>
  );
}

/**
 * The sign-in page without its title, which login.html carries: the account entry prerenders and
 * hydrates this without the app's router (ADR 011), so it links with plain anchors.
 */
export function LoginCard() {
  const hydrated = useHydrated();
  const [retrySeconds, setRetrySeconds] = useCountdown();
  // No default values: the fields start empty anyway, and the form then takes over whatever was
  // typed into the prerendered page before its script arrived.
  const form = useForm<LoginInput>({ resolver: validation.resolver });
  const { errors } = form.formState;

  const signInMutation = useMutation({
    mutationFn: signIn,
    onSuccess: (me) => enterApp(signedInDestination(me.workspace.role, window.location.search)),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 429) setRetrySeconds(error.retryAfterSeconds ?? 60);
      setServerFieldErrors(error, fieldNames, form.setError);
    },
  });

  const submit = form.handleSubmit((values) => signInMutation.mutate(values));

  const signInAsDemo = (email: string) => {
    validation.preload();
    form.clearErrors();
    form.setValue('email', email);
    form.setValue('password', demoPassword);
    void submit();
  };

  const error = signInMutation.error;
  const rateLimited = error instanceof ApiError && error.status === 429;
  const busy = !hydrated || signInMutation.isPending || signInMutation.isSuccess;

  return (
    <AuthCard
      title="Sign in to your account"
      description={
        <p>
          Or{' '}
          <a href="/signup" className="font-semibold text-indigo-700 hover:text-indigo-800">
            start your {trialDays}-day free trial
          </a>
        </p>
      }
      footer={
        <p>
          Trouble signing in? Write to{' '}
          <a href={supportMailto('Trouble signing in')} className="font-medium text-indigo-700 underline">
            {supportEmail}
          </a>
          .
        </p>
      }
    >
      <form noValidate onSubmit={submit} onFocus={validation.preload} className="space-y-5">
        {rateLimited && retrySeconds > 0 ? (
          <Alert title="Too many sign-in attempts">
            {/* Announced once with the alert, not again every second. */}
            <span aria-live="off">
              Try again in {countOf(retrySeconds, { one: 'second', other: 'seconds' })}.
            </span>
          </Alert>
        ) : error && !rateLimited && !isFieldError(error, fieldNames) ? (
          <ServerErrorAlert error={error} />
        ) : null}
        <Field label="Email address" error={errors.email?.message}>
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
        <Field label="Password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={busy || retrySeconds > 0}>
          {busy ? <Spinner /> : null}
          Sign in
        </Button>
      </form>

      <section aria-labelledby="demo-title" className="mt-8 border-t border-slate-200 pt-6">
        <h2 id="demo-title" className="text-sm font-semibold text-slate-900">
          Try the demo
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Sign in to the Acme Demo workspace as one of its people (password{' '}
          <code className="rounded bg-slate-100 px-1 py-0.5 text-slate-800">{demoPassword}</code>).
        </p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {demoAccounts.map((account) => (
            <li key={account.email}>
              <button
                type="button"
                onClick={() => signInAsDemo(account.email)}
                disabled={busy || retrySeconds > 0}
                className="flex w-full flex-col items-start rounded-lg px-3 py-2 text-left ring-1 ring-slate-200 transition-colors ring-inset hover:bg-slate-50 disabled:opacity-50"
              >
                <span className="text-sm font-semibold text-slate-900">{roleLabels[account.role]}</span>
                <span className="text-xs text-slate-600">{account.email}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </AuthCard>
  );
}
