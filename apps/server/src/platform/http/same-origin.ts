import type { MiddlewareHandler } from 'hono';
import { bearerTokenOf } from '../api-tokens/bearer';
import { errorResponse } from '../errors/error-handler';
import type { AppEnv } from './app-env';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence (ARCHITECTURE.md): every state-changing request must come from one of our origins,
 * signed in or not — a forged sign-in is as harmful as a forged change (login CSRF, issue 17).
 * Browsers send Origin on such requests; Sec-Fetch-Site covers the rare one that does not. Other
 * clients send the app's origin like a browser would, or an API token (issue 19): a request with a
 * bearer token and no cookie carries nothing a forged request could borrow. With a cookie as well it
 * is checked like any other, so the header cannot be used to skip the check.
 */
export function sameOriginMutations(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    if (bearerTokenOf(c) !== null && !c.req.header('cookie')) return next();
    const origin = c.req.header('origin');
    const sameOrigin = origin ? allowed.has(origin) : c.req.header('sec-fetch-site') === 'same-origin';
    if (!sameOrigin)
      return errorResponse(c, { status: 403, code: 'forbidden', message: 'Cross-site request refused' });
    return next();
  };
}
