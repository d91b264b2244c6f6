import { createBrowserRouter } from 'react-router';
import { RootRoute } from './root-route';
import { RouteErrorBoundary } from './route-error-boundary';
import { RoutePending } from './route-pending';

const guestOnly = () => import('./session-guards').then((module) => module.redirectMember);

// Every layout and page is a lazy route module, so each is its own chunk. The app shell's routes —
// the page table with its texts and icons — join the tree on the first visit to a path the public
// routes do not know, so the landing page downloads none of the app (issue 3).
export const router = createBrowserRouter(
  [
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
              lazy: {
                loader: guestOnly,
                Component: () =>
                  import('../features/accounts/pages/login-page').then((module) => module.LoginPage),
              },
            },
            {
              path: 'signup',
              lazy: {
                loader: guestOnly,
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
          ],
        },
        {
          path: '*',
          lazy: { Component: () => import('./not-found-page').then((module) => module.NotFoundPage) },
        },
      ],
    },
  ],
  {
    // Every navigation patches with its own `patch`: the router ignores patches of a navigation that
    // was interrupted. Patching twice is harmless, the route keeps its id.
    patchRoutesOnNavigation: async ({ patch }) => {
      const { appShellRoute } = await import('./app-routes');
      patch('root', [appShellRoute]);
    },
  },
);
