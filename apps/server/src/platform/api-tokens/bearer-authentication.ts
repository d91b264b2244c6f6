import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { Limit, RateLimiter } from '../rate-limit/rate-limiter';
import type { ApiTokensService } from './api-tokens.service';
import { bearerTokenOf } from './bearer';

/**
 * `Authorization: Bearer <token>` on /api/v1: the request acts as the token's member (memberRouter
 * then takes it, and never the session cookie). Each token has its own request budget, counted in
 * the database so every server process shares it: 429 with Retry-After beyond it.
 */
export function bearerAuthentication(
  service: ApiTokensService,
  rateLimiter: RateLimiter,
  requestsPerMinute: number,
): MiddlewareHandler<AppEnv> {
  const limit: Limit = { name: 'api-token', max: requestsPerMinute, windowSeconds: 60 };
  return async (c, next) => {
    const token = bearerTokenOf(c);
    if (token === null) return next();
    const member = await service.authenticate(token);
    await rateLimiter.hit(limit, member.apiTokenId!);
    c.set('member', member);
    await next();
  };
}
