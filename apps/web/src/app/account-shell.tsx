import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { enterApp, fetchMe, signedInDestination } from '../features/accounts';
import { LoginCard } from '../features/accounts/pages/login-page';
import { SignupCard } from '../features/accounts/pages/signup-page';
import { PublicShell } from './layouts/public-shell';
import { GuestActions, PublicPageHeader } from './layouts/public-page-header';
import { createQueryClient } from './query-client';

const pages = { login: LoginCard, signup: SignupCard };

export type AccountPage = keyof typeof pages;

export function isAccountPage(value: string | undefined): value is AccountPage {
  return value !== undefined && Object.hasOwn(pages, value);
}

/**
 * /login or /signup as the account entry prerenders and hydrates it (ADR 011): the public frame and
 * the form, with a query client for its mutation but without the router or the app.
 */
export function AccountShell({ page }: { page: AccountPage }) {
  const [queryClient] = useState(createQueryClient);
  const Page = pages[page];
  return (
    <QueryClientProvider client={queryClient}>
      <PublicShell header={<PublicPageHeader actions={<GuestActions />} />}>
        <Page />
      </PublicShell>
    </QueryClientProvider>
  );
}

/**
 * A signed-in visitor is sent on to where they were going, or home, as the app's own /login route
 * does (session-guards.ts). The page paints meanwhile: it comes from the HTML.
 */
export async function leaveIfSignedIn(): Promise<void> {
  const me = await fetchMe().catch(() => null);
  if (me) enterApp(signedInDestination(me.workspace.role, window.location.search));
}
