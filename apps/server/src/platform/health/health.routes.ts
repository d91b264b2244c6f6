import { Hono } from 'hono';
import type { Database } from '@atrium/db';
import type { AppEnv } from '../http/app-env';

const startedAt = Date.now();

/**
 * Readiness with database reachability, for load balancers and the status page; /live answers without
 * touching the database (process liveness, and the benchmark's ceiling for a request through the stack).
 */
export function healthRoutes(database: Pick<Database, 'kind' | 'ping'>, version: string) {
  return new Hono<AppEnv>()
    .get('/live', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }))
    .get('/', async (c) => {
      const up = await database.ping();
      return c.json(
        {
          status: up ? 'ok' : 'degraded',
          database: { status: up ? 'up' : 'down', kind: database.kind },
          version,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        },
        up ? 200 : 503,
        { 'Cache-Control': 'no-store' },
      );
    });
}
