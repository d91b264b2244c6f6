import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fetchHealth } from './health.queries';

const degraded = {
  status: 'degraded',
  database: { status: 'down', kind: 'pglite' },
  version: '0.0.0',
  uptimeSeconds: 12,
};

function serverAnswers(body: unknown, status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchHealth', () => {
  it('shows a 503 health answer (database down) as a result, not an error', async () => {
    serverAnswers(degraded, 503);
    await expect(fetchHealth(new AbortController().signal)).resolves.toEqual(degraded);
  });

  it('fails on a 503 that is not a health answer', async () => {
    serverAnswers({ error: { code: 'unavailable', message: 'Shutting down' } }, 503);
    await expect(fetchHealth(new AbortController().signal)).rejects.toBeInstanceOf(ApiError);
  });
});
