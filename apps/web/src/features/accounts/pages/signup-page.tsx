import { zodResolver } from '@hookform/resolvers/zod';
import { signupSchema, type SignupInput } from '@atrium/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { trialDays } from '@atrium/shared';
import { signUp } from '../api/account.api';
import { AuthCard } from '../components/auth-card';
import { useStartSession } from '../hooks/use-session';

const fieldNames = ['name', 'email', 'password', 'companyName'] as const;

/**
 * Spec section 2, "Route table": /signup, headed 'Create your free account'. Creates the person, a
 * workspace on a 14-day trial with them as its Admin, then opens its dashboard (issue 3).
 */
export function SignupPage() {
  const startSession = useStartSession();
  const form = useForm({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '', companyName: '' } satisfies SignupInput,
  });
  const { errors } = form.formState;

  const signUpMutation = useMutation({
    mutationFn: signUp,
    onSuccess: (me) => startSession(me, '/dashboard'),
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });

  const submit = form.handleSubmit((values) => signUpMutation.mutate(values));
  const busy = signUpMutation.isPending || signUpMutation.isSuccess;
  const error = signUpMutation.error;

  return (
    <AuthCard
      title="Create your free account"
      description={<p>{trialDays} days of every feature, free. No credit card needed.</p>}
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-indigo-700 hover:text-indigo-800">
            Sign in
          </Link>
        </p>
      }
    >
      <title>Create your free account — Atrium</title>
      <form noValidate onSubmit={submit} className="space-y-5">
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
