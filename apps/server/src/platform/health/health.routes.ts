import { Hono } from 'hono';
import type { Database } from '@atrium/db';
import type { AppEnv } from '../http/app-env';
import type { Jobs } from '../jobs/jobs';

const startedAt = Date.now();
const noStore = { 'Cache-Control': 'no-store' };

type Check = { status: 'pass' | 'fail' | 'skipped'; detail?: string };

/**
 * Health for load balancers and the status page (issue 24). /live answers without touching the
 * database (process liveness, and the benchmark's ceiling for a request through the stack); / says
 * whether the database answers; /ready whether this process should get traffic: not while it
 * shuts down, and only with the database reachable, every migration applied and the job workers
 * running.
 */
export function healthRoutes(deps: {
  database: Pick<Database, 'kind' | 'ping' | 'pendingMigrations'>;
  jobs: Pick<Jobs, 'isWorking'>;
  version: string;
  isShuttingDown?: () => boolean;
}) {
  const { database, jobs, version } = deps;
  return new Hono<AppEnv>()
    .get('/live', (c) => c.json({ status: 'ok' }, 200, noStore))
    .get('/ready', async (c) => {
      const checks: Record<'shutdown' | 'database' | 'migrations' | 'jobs', Check> = {
        shutdown: { status: 'pass' },
        database: { status: 'skipped' },
        migrations: { status: 'skipped' },
        jobs: { status: 'skipped' },
      };
      // The database may be closing by now: answer without it.
      if (deps.isShuttingDown?.()) {
        checks.shutdown = { status: 'fail', detail: 'shutting down' };
      } else {
        checks.jobs = jobs.isWorking()
          ? { status: 'pass' }
          : { status: 'fail', detail: 'job workers are not running' };
        if (await database.ping()) {
          checks.database = { status: 'pass' };
          checks.migrations = await migrationsCheck(database);
        } else {
          checks.database = { status: 'fail', detail: `${database.kind} database unreachable` };
        }
      }
      const failed = Object.entries(checks)
        .filter(([, check]) => check.status === 'fail')
        .map(([name]) => name);
      return c.json(
        failed.length === 0 ? { status: 'ready', checks } : { status: 'not_ready', failed, checks },
        failed.length === 0 ? 200 : 503,
        noStore,
      );
    })
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
        noStore,
      );
    });
}

async function migrationsCheck(database: Pick<Database, 'pendingMigrations'>): Promise<Check> {
  try {
    const pending = await database.pendingMigrations();
    return pending.length === 0
      ? { status: 'pass' }
      : { status: 'fail', detail: `${pending.length} pending: ${pending.join(', ')}` };
  } catch {
    // The error's text stays out of an answer anyone may read.
    return { status: 'fail', detail: 'the applied migrations could not be read' };
  }
}
