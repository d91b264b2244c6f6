import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** GET /api/health. Defined here until the shared package carries the schema. */
export type Health = {
  status: 'ok' | 'degraded';
  database: { status: 'up' | 'down'; kind: 'pglite' | 'postgres' };
  version: string;
  uptimeSeconds: number;
};

function isHealth(value: unknown): value is Health {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'database' in value &&
    typeof (value as { database: unknown }).database === 'object'
  );
}

export async function fetchHealth(signal: AbortSignal): Promise<Health> {
  try {
    return await apiRequest<Health>('/api/health', { signal });
  } catch (error) {
    // The server answers 503 with a full health body when the database is down: that is a result to show.
    if (error instanceof ApiError && error.status === 503 && isHealth(error.body)) return error.body;
    throw error;
  }
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: 30_000,
  });
