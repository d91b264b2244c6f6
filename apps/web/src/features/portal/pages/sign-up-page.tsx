import { zodResolver } from '@hookform/resolvers/zod';
import { customerSignUpSchema, type CustomerSignUpInput } from '@atrium/shared';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { AuthCard } from '../../accounts';
import { signUpAsCustomer } from '../api/customer-accounts-api';

const fieldNames = ['name', 'email', 'password'] as const;

/**
 * Self sign-up on a workspace's help centre (issue 22), where the workspace allows it: the account
 * starts from the link mailed to the address, and opening a ticket needs that confirmation.
 */
export function SignUpPage() {
  const { workspaceSlug = '' } = useParams();
  const signUp = useMutation({ mutationFn: signUpAsCustomer });
  const form = useForm<CustomerSignUpInput, unknown, z.output<typeof customerSignUpSchema>>({
    resolver: zodResolver(customerSignUpSchema),
    defaultValues: { workspaceSlug, name: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const closed = signUp.error instanceof ApiError && signUp.error.status === 404;
  const helpCentre = `/help/${encodeURIComponent(workspaceSlug)}`;

  if (signUp.isSuccess) {
    return (
      <AuthCard title="Check your inbox">
        <title>Check your inbox — Atrium</title>
        <div className="text-center">
          <MailCheck aria-hidden="true" className="mx-auto size-10 text-indigo-600" />
          <p className="mt-4 text-slate-700">
            We sent a link to{' '}
            <strong className="font-semibold text-slate-900">{signUp.data.confirmEmail}</strong>. Open it to
            confirm your address and start using the customer portal.
          </p>
        </div>
      </AuthCard>
    );
  }
  if (closed) {
    return (
      <AuthCard title="Sign-up is not open">
        <title>Sign up — Atrium</title>
        <p className="text-center text-slate-700">
          This help centre does not take sign-ups. Ask the team for an invitation, or{' '}
          <Link to={helpCentre} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
            browse its articles
          </Link>
          .
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Create your customer account"
      description={<p>Follow your requests and talk to the support team in the customer portal.</p>}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <title>Sign up — Atrium</title>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          signUp.mutate(values, {
            onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
          }),
        )}
        className="space-y-5"
      >
        {signUp.error && !isFieldError(signUp.error, fieldNames) ? (
          <ServerErrorAlert error={signUp.error} />
        ) : null}
        <Field label="Your name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
        </Field>
        <Field label="Email address" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field label="Password" hint="At least 8 characters." error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
          {signUp.isPending ? <Spinner /> : null}
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
