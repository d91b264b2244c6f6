import type { MiddlewareHandler } from 'hono';
import type { Db } from '@atrium/db';
import { AppError } from '../errors/app-error';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { rateLimitRepository } from './rate-limit.repository';

export type Limit = { name: string; max: number; windowSeconds: number };

/**
 * Fixed-window throttling kept in the database, so all server processes share the counts.
 * `check` refuses once `max` hits are in the window; `hit` counts one.
 */
export function createRateLimiter(db: Db) {
  const retryAfter = (windowStartedAt: Date, windowSeconds: number) =>
    Math.max(1, Math.ceil((windowStartedAt.getTime() + windowSeconds * 1000 - Date.now()) / 1000));

  const tooMany = (seconds: number) =>
    new AppError('rate_limited', `Too many attempts; try again in ${seconds} seconds`, undefined, {
      'Retry-After': String(seconds),
    });

  return {
    async check(limit: Limit, subject: string) {
      const row = await rateLimitRepository.current(db, `${limit.name}:${subject}`, limit.windowSeconds);
      if (row && row.hits >= limit.max) throw tooMany(retryAfter(row.windowStartedAt, limit.windowSeconds));
    },
    async hit(limit: Limit, subject: string) {
      const row = await rateLimitRepository.hit(db, `${limit.name}:${subject}`, limit.windowSeconds);
      if (row.hits > limit.max) throw tooMany(retryAfter(row.windowStartedAt, limit.windowSeconds));
    },
    reset: (limit: Limit, subject: string) => rateLimitRepository.reset(db, `${limit.name}:${subject}`),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Counts every request to a route per client address, refusing those over the limit with 429. */
export function throttlePerAddress(
  rateLimiter: RateLimiter,
  limit: Limit,
  trustProxy: boolean,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await rateLimiter.hit(limit, clientIp(c, trustProxy));
    await next();
  };
}
