import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bearerTokenOf } from '../api-tokens/bearer';
import { AppError } from '../errors/app-error';
import type { AppEnv } from '../http/app-env';
import type { Metrics } from './metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /api/metrics for Prometheus, mounted only when METRICS_TOKEN is set. Comparing digests keeps
 * the comparison's time the same whatever the length or the first wrong character of a guess.
 */
export function metricsRoutes(metrics: Metrics, token: string) {
  const expected = digest(token);
  return new Hono<AppEnv>().get('/', async (c) => {
    const given = bearerTokenOf(c);
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      throw new AppError(
        'unauthenticated',
        'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>"',
        undefined,
        {
          'WWW-Authenticate': 'Bearer realm="metrics"',
        },
      );
    }
    return c.body(await metrics.registry.metrics(), 200, {
      'Content-Type': metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  });
}
