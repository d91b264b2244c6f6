import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@atrium/db';
import { rowsOf } from '../db/results';
import { expectJson, fixtures } from '../../testing/fixtures';
import { logIn, signUp } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { nightlyCleanupQueue } from './nightly-cleanup';

// Issue 19: the nightly job deletes expired sessions, dead invitations and idempotency keys past
// their 24 hours, and keeps everything still alive.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.platform.database.db;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe('nightly clean-up', () => {
  it('is scheduled once a night', async () => {
    const schedules = rowsOf<{ cron: string; timezone: string }>(
      await db().execute(sql`select cron, timezone from pgboss.schedule where name = ${nightlyCleanupQueue}`),
    );
    expect(schedules).toEqual([{ cron: '17 3 * * *', timezone: 'UTC' }]);
  });

  it('clears what expired and keeps what is alive', async () => {
    const admin = await signUp(server);
    const second = await logIn(server, admin.input.email, admin.input.password);
    const build = fixtures(admin.client);
    const dead = await build.invitation('employee');
    const alive = await build.invitation('manager');
    await db()
      .update(schema.invitations)
      .set({ expiresAt: hoursAgo(1) })
      .where(eq(schema.invitations.id, dead.id));
    // The second sign-in's session ran out; the first one is still good.
    const [expiredSession] = await db()
      .select({ id: schema.sessions.id })
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, admin.me.user.id))
      .orderBy(sql`${schema.sessions.createdAt} desc`)
      .limit(1);
    await db()
      .update(schema.sessions)
      .set({ expiresAt: hoursAgo(1) })
      .where(eq(schema.sessions.id, expiredSession!.id));
    const key = (name: string, createdAt: Date) => ({
      tenantId: admin.me.workspace.id,
      userId: admin.me.user.id,
      key: name,
      requestHash: 'x',
      createdAt,
    });
    await db()
      .insert(schema.idempotencyKeys)
      .values([key('old', hoursAgo(25)), key('recent', hoursAgo(23))]);

    const jobId = await server.platform.jobs.enqueue(nightlyCleanupQueue, {});
    const deadline = Date.now() + 20_000;
    while ((await server.platform.jobs.findJob(nightlyCleanupQueue, jobId!))?.state !== 'completed') {
      if (Date.now() > deadline) throw new Error('the clean-up did not run');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    expect(await db().select().from(schema.invitations).where(eq(schema.invitations.id, dead.id))).toEqual(
      [],
    );
    const keys = await db().select({ key: schema.idempotencyKeys.key }).from(schema.idempotencyKeys);
    expect(keys.map((row) => row.key)).toEqual(['recent']);
    const left = await db().select({ id: schema.invitations.id }).from(schema.invitations);
    expect(left.map((row) => row.id)).toContain(alive.id);
    // The live session still works; the expired one is gone.
    await expectJson(await admin.client.request('/api/v1/me'), 200);
    expect((await second.client.request('/api/v1/me')).status).toBe(401);
    const sessions = await db().select({ id: schema.sessions.id }).from(schema.sessions);
    expect(sessions.map((row) => row.id)).not.toContain(expiredSession!.id);
  });
});
