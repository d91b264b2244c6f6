import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

function respondWith(body: unknown, init: ResponseInit & { raw?: boolean } = {}) {
  const text = init.raw ? String(body) : JSON.stringify(body);
  const headers = init.raw ? { 'Content-Type': 'text/plain' } : { 'Content-Type': 'application/json' };
  const fetchMock = vi.fn(async () => new Response(text, { headers, ...init }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('returns the parsed JSON of a 2xx answer', async () => {
    respondWith({ status: 'ok' });
    await expect(apiRequest('/api/health')).resolves.toEqual({ status: 'ok' });
  });

  it('sends a JSON body with its content type', async () => {
    const fetchMock = respondWith({ id: 1 }, { status: 201 });
    await apiRequest('/api/v1/things', { method: 'POST', json: { name: 'x' } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('{"name":"x"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns the server error format into an ApiError with code, message and fields', async () => {
    respondWith(
      { error: { code: 'validation_failed', message: 'Check the form.', fields: { email: 'Required' } } },
      { status: 422 },
    );
    const error = await caught(apiRequest('/api/v1/things'));
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Check the form.',
      fields: { email: 'Required' },
    });
  });

  it('reads the wait from the Retry-After header of a 429', async () => {
    respondWith(
      { error: { code: 'rate_limited', message: 'Too many attempts' } },
      { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '42' } },
    );
    const error = await caught(apiRequest('/api/v1/auth/login', { method: 'POST' }));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 42 });
  });

  it('keeps the body of a failure that is not in the error format', async () => {
    respondWith({ status: 'degraded' }, { status: 503 });
    const error = await caught(apiRequest('/api/health'));
    expect(error).toMatchObject({ status: 503, code: 'http_error', body: { status: 'degraded' } });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    const error = await caught(apiRequest('/api/health'));
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });
});
