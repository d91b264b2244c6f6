import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { Logger } from '../logging/logger';
import type { AppEnv } from './app-env';

/** Gives every request an id (kept from X-Request-Id when sane), a child logger, and one access-log line. */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv>[] {
  const logRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
    const log = logger.child({ requestId: c.get('requestId') });
    c.set('log', log);
    const started = performance.now();
    await next();
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const line = { method: c.req.method, path: c.req.path, status, durationMs };
    if (status >= 500) log.error(line, 'request failed');
    else log.info(line, 'request');
  };
  return [requestId({ limitLength: 64 }), logRequest];
}
