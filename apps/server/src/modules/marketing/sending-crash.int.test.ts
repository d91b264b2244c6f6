import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import { openTestDatabase, type TestDatabase } from '@atrium/db/testing';
import type { CampaignContent } from '@atrium/shared';
import { startServerProcess, type ServerProcess } from '../../testing/server-process';
import { signUp } from '../../testing/session-client';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { freePort, startTestServer } from '../../testing/test-server';

// Issue 23 / ADR 034: a process killed in the middle of a campaign. Two processes on one database,
// so PostgreSQL only (the embedded database belongs to one process at a time).

const authSecret = 'test-secret-test-secret-test-secret-0123';
const content: CampaignContent = {
  subject: 'Hello {{ lead.first_name }}',
  previewText: '',
  blocks: [{ type: 'text', id: 't1', text: 'Hi {{ lead.first_name }}' }],
  text: null,
};

let database: TestDatabase | undefined;
let sink: SmtpSink | undefined;
const processes: ServerProcess[] = [];
afterAll(async () => {
  for (const server of processes) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  await sink?.close();
  await database?.dispose();
});

describe.runIf(process.env.TEST_DATABASE_URL)('a campaign whose sending process is killed halfway', () => {
  it('goes on at the next start: every lead delivered or unconfirmed, none twice; "send again" completes it', async () => {
    database = await openTestDatabase();
    const { db } = database;

    // Set up through a server of the same database, closed before the senders start.
    const setup = await startTestServer({ AUTH_SECRET: authSecret }, { database });
    const owner = await signUp(setup);
    await setup.close();
    const tenantId = owner.me.workspace!.id;
    const leads = Array.from({ length: 1000 }, (_, n) => ({
      tenantId,
      email: `crash-${n}@example.com`,
      firstName: `First${n}`,
      lastName: 'Lead',
      source: 'Website' as const,
      tags: ['newsletter'],
    }));
    for (let at = 0; at < leads.length; at += 500)
      await db.insert(schema.leads).values(leads.slice(at, at + 500));
    const [segment] = await db
      .insert(schema.leadSegments)
      .values({
        tenantId,
        name: 'Everyone',
        rules: { match: 'all', groups: [] },
      })
      .returning();
    const [campaign] = await db
      .insert(schema.campaigns)
      .values({ tenantId, name: 'Crash', type: 'email', content, fromEmail: 'news@atrium.test' })
      .returning();
    await db
      .insert(schema.campaignSegments)
      .values({ tenantId, campaignId: campaign!.id, segmentId: segment!.id });
    await db.insert(schema.marketingSettings).values({ tenantId, sendRatePerSecond: null });

    // The listener takes 500 messages, then holds the next ones unanswered: they are in the mail
    // server's hands, not accepted, when the process dies.
    let holding = true;
    let held = 0;
    sink = await startSmtpSink({
      answer: async () => {
        if (holding && sink!.received.length >= 500) {
          held += 1;
          await new Promise(() => {});
        }
      },
    });
    const port = await freePort();
    const env = {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: database.url!,
      SMTP_URL: sink.url,
      AUTH_SECRET: authSecret,
      SEED_DEMO: 'false',
      INBOUND_MAIL_DOMAIN: 'mail.atrium.test',
      CAMPAIGN_CLAIM_SECONDS: '3',
    };
    const request = (server: ServerProcess, path: string, json: unknown) =>
      fetch(`${server.baseUrl}/api/v1/marketing/campaigns/${campaign!.id}/${path}`, {
        method: 'POST',
        headers: { cookie: owner.client.cookie, origin: server.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
    const campaignRow = async () =>
      (await db.select().from(schema.campaigns).where(eq(schema.campaigns.id, campaign!.id)))[0]!;
    const waitUntil = async (what: string, check: () => Promise<boolean> | boolean) => {
      const deadline = Date.now() + 60_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    const first = await startServerProcess(env);
    processes.push(first);
    expect((await request(first, 'send', { version: campaign!.version })).status).toBe(200);
    await waitUntil('500 were accepted and more are held', () => sink!.received.length === 500 && held > 0);
    first.child.kill('SIGKILL');
    await first.exited;
    holding = false;

    const second = await startServerProcess(env);
    processes.push(second);
    await waitUntil('the campaign completed', async () => (await campaignRow()).status === 'completed');

    const sends = await db
      .select({ email: schema.campaignSends.email, status: schema.campaignSends.status })
      .from(schema.campaignSends)
      .where(
        and(eq(schema.campaignSends.tenantId, tenantId), eq(schema.campaignSends.campaignId, campaign!.id)),
      );
    const received = sink.received.map((mail) => mail.envelope.to[0]!);
    const unconfirmed = sends.filter((send) => send.status === 'unconfirmed').map((send) => send.email);
    // Never twice; nobody skipped: each lead either received it or is named as unconfirmed.
    expect(new Set(received).size).toBe(received.length);
    expect(unconfirmed.length).toBeGreaterThan(0);
    expect(unconfirmed.length).toBeLessThanOrEqual(5);
    expect(unconfirmed.filter((email) => received.includes(email))).toEqual([]);
    expect(received.length + unconfirmed.length).toBe(1000);
    expect(sends.filter((send) => send.status === 'sent')).toHaveLength(received.length);

    // The owner chooses to send the unconfirmed ones again.
    const { version } = await campaignRow();
    expect((await request(second, 'resend-unconfirmed', { version })).status).toBe(200);
    await waitUntil('the campaign completed again', async () => (await campaignRow()).status === 'completed');
    const all = sink.received.map((mail) => mail.envelope.to[0]!);
    expect(all).toHaveLength(1000);
    expect(new Set(all)).toEqual(new Set(leads.map((lead) => lead.email)));
    const row = await campaignRow();
    expect(row).toMatchObject({ sent: 1000, delivered: 1000, recipients: 1000 });
  }, 180_000);
});
