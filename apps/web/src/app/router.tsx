import { createBrowserRouter } from 'react-router';
import { appShellRoute } from './app-routes';
import { RootRoute } from './root-route';
import { RouteErrorBoundary } from './route-error-boundary';
import { RoutePending } from './route-pending';
import { redirectMember } from './session-guards';

// Every layout and page is a lazy route module, so each is its own chunk. The app shell's route table
// is part of this entry: the landing, sign-in and sign-up pages are entries of their own (ADR 008,
// ADR 011), so nearly every first visit to index.html is to an app page, which needs the table at once
// (ADR 013).
export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootRoute,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: RoutePending,
    children: [
      {
        // Spec section 2, "Layouts": public layout (header only) for /, /login, /signup, /pricing.
        lazy: { Component: () => import('./layouts/public-layout').then((module) => module.PublicLayout) },
        children: [
          {
            index: true,
            lazy: {
              Component: () =>
                import('../features/landing/pages/landing-page').then((module) => module.LandingPage),
            },
          },
          {
            path: 'pricing',
            lazy: {
              Component: () =>
                import('../features/landing/pages/pricing-page').then((module) => module.PricingPage),
            },
          },
          {
            path: 'login',
            loader: redirectMember,
            lazy: {
              Component: () =>
                import('../features/accounts/pages/login-page').then((module) => module.LoginPage),
            },
          },
          {
            path: 'signup',
            loader: redirectMember,
            lazy: {
              Component: () =>
                import('../features/accounts/pages/signup-page').then((module) => module.SignupPage),
            },
          },
          {
            path: 'invite/:id',
            lazy: {
              Component: () =>
                import('../features/accounts/pages/invite-page').then((module) => module.InvitePage),
            },
          },
          // Issue 22: a help centre visitor becomes a customer; an emailed rating link, no sign-in.
          {
            path: 'portal/sign-up/:workspaceSlug',
            loader: redirectMember,
            lazy: {
              Component: () =>
                import('../features/portal/pages/sign-up-page').then((module) => module.SignUpPage),
            },
          },
          {
            path: 'rate/:token',
            lazy: {
              Component: () =>
                import('../features/portal/pages/rating-page').then((module) => module.RatingPage),
            },
          },
        ],
      },
      appShellRoute,
      {
        path: '*',
        lazy: { Component: () => import('./not-found-page').then((module) => module.NotFoundPage) },
      },
    ],
  },
]);
