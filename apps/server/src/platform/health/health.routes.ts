import { Hono } from 'hono';
import type { Database } from '@atrium/db';
import type { AppEnv } from '../http/app-env';

const startedAt = Date.now();

/** Liveness and database reachability, for load balancers and the status page. */
export function healthRoutes(database: Pick<Database, 'kind' | 'ping'>, version: string) {
  return new Hono<AppEnv>().get('/', async (c) => {
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
