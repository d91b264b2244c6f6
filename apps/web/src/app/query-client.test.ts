import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from './query-client';

const defaults = createQueryClient().getDefaultOptions().queries ?? {};

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (typeof defaults.retry !== 'function') throw new Error('retry is expected to be a function');
  return defaults.retry(failureCount, error as Error);
}

function delay(attemptIndex: number): number {
  if (typeof defaults.retryDelay !== 'function') throw new Error('retryDelay is expected to be a function');
  return defaults.retryDelay(attemptIndex, new Error('x'));
}

const apiError = (status: number) => new ApiError({ status, code: 'x', message: 'x' });

describe('query client defaults (spec section 9)', () => {
  it('keeps unused cached data for 5 minutes', () => {
    expect(defaults.gcTime).toBe(5 * 60 * 1000);
  });

  it('retries a failed fetch 3 times', () => {
    expect(shouldRetry(0, apiError(500))).toBe(true);
    expect(shouldRetry(2, apiError(500))).toBe(true);
    expect(shouldRetry(3, apiError(500))).toBe(false);
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(delay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('does not retry client errors, except timeouts and rate limits', () => {
    expect(shouldRetry(0, apiError(404))).toBe(false);
    expect(shouldRetry(0, apiError(422))).toBe(false);
    expect(shouldRetry(0, apiError(408))).toBe(true);
    expect(shouldRetry(0, apiError(429))).toBe(true);
    expect(shouldRetry(0, apiError(0))).toBe(true);
  });
});
