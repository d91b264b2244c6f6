import { createBrowserRouter } from 'react-router';
import { RootRoute } from './root-route';
import { RouteErrorBoundary } from './route-error-boundary';
import { RoutePending } from './route-pending';

// Every layout and page is a lazy route module, so each is its own chunk and the landing page
// never downloads the app shell.
export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootRoute,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: RoutePending,
    children: [
      {
        // Spec section 2, "Layouts": public layout (header only) for /, /login, /signup, /pricing.
        lazy: () => import('./layouts/public-layout').then((module) => ({ Component: module.PublicLayout })),
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/landing/pages/landing-page').then((module) => ({
                Component: module.LandingPage,
              })),
          },
        ],
      },
      {
        // Every other route: header plus sidebar.
        lazy: () => import('./layouts/app-layout').then((module) => ({ Component: module.AppLayout })),
        children: [
          {
            path: 'dashboard',
            lazy: () =>
              import('../features/system-status/pages/system-status-page').then((module) => ({
                Component: module.SystemStatusPage,
              })),
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('./not-found-page').then((module) => ({ Component: module.NotFoundPage })),
      },
    ],
  },
]);
