import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { schema } from '@atrium/db';
import { rowsOf } from '../db/results';
import { expectJson, fixtures } from '../../testing/fixtures';
import { logIn, signUp } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { nightlyCleanupQueue } from './nightly-cleanup';

// Issue 19: the nightly job deletes expired sessions, dead invitations and idempotency keys past
// their 24 hours, and keeps everything still alive; issue 21: and uploads never sent.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.platform.database.db;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function runCleanup() {
  const jobId = await server.platform.jobs.enqueue(nightlyCleanupQueue, {});
  const deadline = Date.now() + 20_000;
  while ((await server.platform.jobs.findJob(nightlyCleanupQueue, jobId!))?.state !== 'completed') {
    if (Date.now() > deadline) throw new Error('the clean-up did not run');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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
    // The help centre's views of the day before yesterday go; yesterday's and today's stay.
    const dayOf = (hours: number) => hoursAgo(hours).toISOString().slice(0, 10);
    const [article] = await db()
      .insert(schema.knowledgeArticles)
      .values({ tenantId: admin.me.workspace.id, title: 'Viewed', slug: 'viewed', content: '<p>x</p>' })
      .returning({ id: schema.knowledgeArticles.id });
    await db()
      .insert(schema.knowledgeArticleViews)
      .values(
        [dayOf(48), dayOf(24), dayOf(0)].map((day) => ({
          tenantId: admin.me.workspace.id,
          articleId: article!.id,
          visitor: 'v',
          day,
        })),
      );

    await runCleanup();

    expect(await db().select().from(schema.invitations).where(eq(schema.invitations.id, dead.id))).toEqual(
      [],
    );
    const keys = await db().select({ key: schema.idempotencyKeys.key }).from(schema.idempotencyKeys);
    expect(keys.map((row) => row.key)).toEqual(['recent']);
    const views = await db()
      .select({ day: schema.knowledgeArticleViews.day })
      .from(schema.knowledgeArticleViews);
    expect(views.map((row) => row.day).sort()).toEqual([dayOf(24), dayOf(0)]);
    const left = await db().select({ id: schema.invitations.id }).from(schema.invitations);
    expect(left.map((row) => row.id)).toContain(alive.id);
    // The live session still works; the expired one is gone.
    await expectJson(await admin.client.request('/api/v1/me'), 200);
    expect((await second.client.request('/api/v1/me')).status).toBe(401);
    const sessions = await db().select({ id: schema.sessions.id }).from(schema.sessions);
    expect(sessions.map((row) => row.id)).not.toContain(expiredSession!.id);
  });

  it('removes uploads attached to nothing for a day, bytes and all, and keeps the ones sent', async () => {
    const admin = await signUp(server);
    const upload = async (name: string) => {
      const form = new FormData();
      form.append('file', new Blob([`contents of ${name}`], { type: 'text/plain' }), name);
      return expectJson<{ id: string }>(
        await admin.client.request('/api/v1/helpdesk/uploads', { method: 'POST', body: form }),
        201,
      );
    };
    const abandoned = await upload('abandoned.txt');
    const recent = await upload('recent.txt');
    const sent = await upload('sent.txt');
    const ticket = await fixtures(admin.client).ticket();
    const note = await expectJson<{ message: { attachments: { id: string }[] } }>(
      await admin.client.request(`/api/v1/helpdesk/tickets/${ticket.id}/messages`, {
        method: 'POST',
        json: { body: 'The log, attached', internal: true, attachmentIds: [sent.id] },
      }),
      201,
    );
    // Uploaded two days ago, all three; one was sent with a note, one is as new as can be.
    await db()
      .update(schema.storedFiles)
      .set({
        createdAt: hoursAgo(48),
        unattachedSince: sql`case when ${schema.storedFiles.unattachedSince} is null then null else ${hoursAgo(48)}::timestamptz end`,
      })
      .where(inArray(schema.storedFiles.id, [abandoned.id, sent.id]));
    const keyOf = async (id: string) =>
      (await db().select().from(schema.storedFiles).where(eq(schema.storedFiles.id, id)))[0]?.storageKey;
    const abandonedKey = (await keyOf(abandoned.id))!;

    await runCleanup();

    expect(await keyOf(abandoned.id)).toBeUndefined();
    expect(await server.platform.storage.exists(abandonedKey)).toBe(false);
    expect(await keyOf(recent.id)).toBeDefined();
    const kept = await admin.client.request(
      `/api/v1/helpdesk/tickets/${ticket.id}/attachments/${note.message.attachments[0]!.id}`,
    );
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe('contents of sent.txt');
    // An abandoned upload can no longer be sent: the author is asked to attach it again.
    const late = await admin.client.request(`/api/v1/helpdesk/tickets/${ticket.id}/messages`, {
      method: 'POST',
      json: { body: 'Too late', internal: true, attachmentIds: [abandoned.id] },
    });
    expect(late.status).toBe(422);
  });
});
