import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { rowsOf } from '../db/results';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { healthRoutes } from './health.routes';

// Issue 24: a load balancer sends traffic to a process only while /api/health/ready says 200.

type Readiness = {
  status: 'ready' | 'not_ready';
  failed?: string[];
  checks: Record<'shutdown' | 'database' | 'migrations' | 'jobs', { status: string; detail?: string }>;
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

async function readiness(fetchReady: Response | Promise<Response>) {
  const response = await fetchReady;
  expect(response.headers.get('cache-control')).toBe('no-store');
  return { status: response.status, body: (await response.json()) as Readiness };
}

describe('GET /api/health/ready', () => {
  it('is ready on a migrated database with the job workers running', async () => {
    const { status, body } = await readiness(server.request('/api/health/ready'));
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      checks: {
        shutdown: { status: 'pass' },
        database: { status: 'pass' },
        migrations: { status: 'pass' },
        jobs: { status: 'pass' },
      },
    });
  });

  it('is not ready while a migration is not applied, naming it', async () => {
    const { db } = server.platform.database;
    const [newest] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await db.execute(sql`
        delete from drizzle.__drizzle_migrations
        where id = (select id from drizzle.__drizzle_migrations order by created_at desc limit 1)
        returning id, hash, created_at`),
    );
    try {
      const pending = await server.platform.database.pendingMigrations();
      expect(pending).toHaveLength(1);
      const { status, body } = await readiness(server.request('/api/health/ready'));
      expect(status).toBe(503);
      expect(body.status).toBe('not_ready');
      expect(body.failed).toEqual(['migrations']);
      expect(body.checks.migrations.detail).toBe(`1 pending: ${pending[0]}`);
    } finally {
      await db.execute(sql`
        insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`);
    }
    expect((await server.request('/api/health/ready')).status).toBe(200);
  });

  it('is not ready once shutdown began, without asking the database; live still answers', async () => {
    const stopping = createApp(server.platform, server.services, { isShuttingDown: () => true });
    const { status, body } = await readiness(stopping.request('/api/health/ready'));
    expect(status).toBe(503);
    expect(body.failed).toEqual(['shutdown']);
    expect(body.checks.database.status).toBe('skipped');
    const live = await stopping.request('/api/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
  });

  it('is not ready when the database does not answer', async () => {
    const { database, jobs } = server.platform;
    const routes = healthRoutes({
      database: { ...database, ping: async () => false },
      jobs,
      version: 'test',
    });
    const { status, body } = await readiness(routes.request('/ready'));
    expect(status).toBe(503);
    expect(body.failed).toEqual(['database']);
    expect(body.checks.database.detail).toBe(`${database.kind} database unreachable`);
    expect(body.checks.migrations.status).toBe('skipped');
  });

  // Last: the server's job workers stay stopped.
  it('is not ready once the job workers stopped', async () => {
    await server.platform.jobs.stop({ timeoutMs: 5_000 });
    const { status, body } = await readiness(server.request('/api/health/ready'));
    expect(status).toBe(503);
    expect(body.failed).toEqual(['jobs']);
    expect(body.checks.jobs.detail).toBe('job workers are not running');
    // Liveness and the database check do not depend on the workers.
    expect((await server.request('/api/health/live')).status).toBe(200);
    expect((await server.request('/api/health')).status).toBe(200);
  });
});
