import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

const maxRetries = 3;

// A client error other than a timeout or rate limit will fail the same way again.
function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 408 || error.status === 429) return true;
  return error.status < 400 || error.status >= 500;
}

/** Spec section 9: unused cached data kept 5 minutes; failed fetches retried 3 times, back-off 1 s doubling to 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        retry: (failureCount, error) => failureCount < maxRetries && isWorthRetrying(error),
        retryDelay: (attemptIndex) => Math.min(1000 * 2 ** attemptIndex, 30_000),
      },
    },
  });
}

/** The app's one cache: components reach it through the provider, route loaders directly. */
export const queryClient = createQueryClient();
