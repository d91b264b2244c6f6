import type { MiddlewareHandler } from 'hono';
import { errorResponse } from '../errors/error-handler';
import type { AppEnv } from './app-env';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated mutations (ARCHITECTURE.md): a state-changing request that
 * carries cookies must come from one of our origins. Browsers always send Origin on such requests;
 * Sec-Fetch-Site covers the rare one that does not. Requests without cookies (API tokens) pass.
 */
export function sameOriginMutations(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (safeMethods.has(c.req.method) || !c.req.header('cookie')) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const sameOrigin = origin ? allowed.has(origin) : site === 'same-origin';
    if (!sameOrigin) {
      return errorResponse(c, 403, 'forbidden', 'Cross-site request refused');
    }
    return next();
  };
}
