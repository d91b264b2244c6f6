import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Db } from '@atrium/db';
import { errorBodySchema, type CampaignContent, type CampaignProgress } from '@atrium/shared';
import { draftEmailCampaign } from '../../testing/campaign-fixture';
import { expectJson } from '../../testing/fixtures';
import { signUpConfirmed, type SessionClient } from '../../testing/session-client';
import { SmtpRefusal, startSmtpSink, type ReceivedMail, type SmtpSink } from '../../testing/smtp-sink';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { createCampaignTokens } from './campaign-tokens';

// Issue 23: campaigns really go out, through a real SMTP listener, each lead at most once.

/** How the listener answers a recipient's message: a refusal to throw, or nothing (accept). */
const answers = new Map<string, (mail: ReceivedMail) => void>();

let sink: SmtpSink;
let server: TestServer;
let db: Db;
beforeAll(async () => {
  sink = await startSmtpSink({ answer: (mail) => answers.get(mail.envelope.to[0] ?? '')?.(mail) });
  server = await startTestServer({ SMTP_URL: sink.url, INBOUND_MAIL_DOMAIN: 'mail.atrium.test' });
  db = server.platform.database.db;
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

const content: CampaignContent = {
  subject: 'News for {{ lead.first_name }}',
  previewText: 'What is new this month',
  blocks: [
    { type: 'text', id: 't1', text: 'Hi {{ lead.first_name | default: "there" }}, here is the news.' },
    { type: 'button', id: 'b1', label: 'Read it', href: 'https://example.com/news' },
  ],
  text: null,
};

/**
 * A workspace with `count` newsletter leads (lead-<n>@<domain>) plus two who are not in the
 * segment, a segment over the newsletter tag and a draft email campaign to it.
 */
async function campaignTo(count: number, options: { rate?: number | null } = {}) {
  const owner = await signUpConfirmed(server, sink);
  const tenantId = owner.me.workspace!.id;
  const domain = `${randomUUID().slice(0, 8)}.example`;
  const { campaignId, version } = await draftEmailCampaign(db, {
    tenantId,
    createdBy: owner.me.employeeId,
    domain,
    audience: count,
    outsiders: 2,
    content,
    rate: options.rate,
  });
  return { client: owner.client, userId: owner.me.user.id, tenantId, campaignId, domain, version };
}

const progressOf = async (client: SessionClient, campaignId: string) =>
  expectJson<CampaignProgress>(
    await client.request(`/api/v1/marketing/campaigns/${campaignId}/progress`),
    200,
  );

async function waitFor(client: SessionClient, campaignId: string, done: (p: CampaignProgress) => boolean) {
  // Generous: a thousand messages through one process, its database and the listener parsing them.
  const deadline = Date.now() + 100_000;
  for (;;) {
    const progress = await progressOf(client, campaignId);
    if (done(progress)) return progress;
    if (Date.now() > deadline) throw new Error(`campaign did not get there: ${JSON.stringify(progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const receivedAt = (domain: string) =>
  sink.received.filter((mail) => mail.envelope.to[0]?.endsWith(`@${domain}`));

const send = (client: SessionClient, campaignId: string, body: object) =>
  client.request(`/api/v1/marketing/campaigns/${campaignId}/send`, { method: 'POST', json: body });

describe('sending a campaign', { timeout: 150_000 }, () => {
  it('delivers exactly one message to each of 1,000 leads, with unsubscribe headers, bounce address and merge', async () => {
    const { client, tenantId, campaignId, domain, version } = await campaignTo(1000);
    // Two of the audience are suppressed: they get nothing, whatever segment they are in.
    await db.insert(schema.emailSuppressions).values([
      { tenantId, email: `lead-3@${domain}`, reason: 'unsubscribed' },
      { tenantId, email: `lead-7@${domain}`, reason: 'manual' },
    ]);

    const started = await expectJson<CampaignProgress>(await send(client, campaignId, { version }), 200);
    expect(started.status).toBe('active');
    expect(started.recipients).toBe(1000);
    expect(started.counts.suppressed).toBe(2);

    const done = await waitFor(client, campaignId, (progress) => progress.status === 'completed');
    expect(done.counts).toMatchObject({ sent: 998, suppressed: 2, queued: 0, sending: 0, unconfirmed: 0 });
    expect(done.sent).toBe(998);

    const mails = receivedAt(domain);
    const recipients = mails.map((mail) => mail.envelope.to[0]);
    expect(recipients).toHaveLength(998);
    expect(new Set(recipients).size).toBe(998);
    expect(recipients).not.toContain(`lead-3@${domain}`);
    expect(recipients).not.toContain(`lead-7@${domain}`);
    expect(recipients.filter((address) => /lead-100[01]@/.test(address!))).toEqual([]);

    const tokens = createCampaignTokens(server.platform.keyFor('campaign links'));
    const sends = await db
      .select({ id: schema.campaignSends.id, email: schema.campaignSends.email })
      .from(schema.campaignSends)
      .where(
        and(eq(schema.campaignSends.tenantId, tenantId), eq(schema.campaignSends.campaignId, campaignId)),
      );
    const sendIdOf = new Map(sends.map((row) => [row.email, row.id]));
    const slug = (await db.select().from(schema.workspaces).where(eq(schema.workspaces.id, tenantId)))[0]!
      .slug;

    const mail = mails.find((each) => each.envelope.to[0] === `lead-42@${domain}`)!;
    expect(mail.subject).toBe('News for First42');
    expect(mail.text).toContain('Hi First42, here is the news.');
    expect(mail.html).toContain('Hi First42, here is the news.');
    expect(mail.from?.value[0]?.address).toBe('news@atrium.test');
    // Bounces come back to an address that names this send.
    const [local, at] = mail.envelope.from.split('@');
    expect(at).toBe('mail.atrium.test');
    expect(local!.startsWith(`${slug}+`)).toBe(true);
    expect(tokens.readBounceTag(local!.slice(slug.length + 1))).toBe(sendIdOf.get(`lead-42@${domain}`));
    // RFC 8058: an https URL for one-click POST, and a mailto.
    // As sent, unfolded (a long header is wrapped over lines).
    const headerLine = (key: string) =>
      (mail.headerLines.find((line) => line.key === key)?.line ?? '').replace(/\r?\n/g, '');
    const [, unsubscribeUrl, unsubscribeMail] =
      /^List-Unsubscribe: <([^>]+)>,\s*<mailto:([^>]+)>$/.exec(headerLine('list-unsubscribe')) ?? [];
    expect(unsubscribeUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/m\/u\/[A-Za-z0-9_-]{60}$/);
    expect(tokens.read(unsubscribeUrl!.split('/').pop()!)).toEqual({
      kind: 'send',
      tenantId,
      id: sendIdOf.get(`lead-42@${domain}`),
    });
    expect(unsubscribeMail).toBe(`${mail.envelope.from}?subject=unsubscribe`);
    expect(headerLine('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.messageId).toBe(`<${sendIdOf.get(`lead-42@${domain}`)}@mail.atrium.test>`);
    // The button goes through the click tracker; the footer has the unsubscribe link.
    expect(mail.html).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/m\/c\/[A-Za-z0-9_-]{60}\/0"/);
    expect(mail.html).toContain(unsubscribeUrl);
  });

  it('tries a message the server refuses for now again, and marks one it rejects bounced and suppressed', async () => {
    const { client, tenantId, campaignId, domain, version } = await campaignTo(5);
    let refusals = 0;
    answers.set(`lead-1@${domain}`, () => {
      refusals += 1;
      if (refusals === 1) throw new SmtpRefusal(451, 'Try again later');
    });
    answers.set(`lead-2@${domain}`, () => {
      throw new SmtpRefusal(550, 'No such user here');
    });

    await expectJson(await send(client, campaignId, { version }), 200);
    const done = await waitFor(client, campaignId, (progress) => progress.status === 'completed');
    expect(done.counts).toMatchObject({ sent: 4, bounced: 1, failed: 0 });
    expect(refusals).toBe(2);
    const recipients = receivedAt(domain)
      .map((mail) => mail.envelope.to[0])
      .sort();
    expect(recipients).toEqual([
      `lead-0@${domain}`,
      `lead-1@${domain}`,
      `lead-3@${domain}`,
      `lead-4@${domain}`,
    ]);

    const [retried] = await db
      .select()
      .from(schema.campaignSends)
      .where(
        and(eq(schema.campaignSends.tenantId, tenantId), eq(schema.campaignSends.email, `lead-1@${domain}`)),
      );
    expect(retried).toMatchObject({ status: 'sent', attempts: 2 });
    const [bounced] = await db
      .select()
      .from(schema.campaignSends)
      .where(
        and(eq(schema.campaignSends.tenantId, tenantId), eq(schema.campaignSends.email, `lead-2@${domain}`)),
      );
    expect(bounced!.status).toBe('bounced');
    expect(bounced!.error).toContain('No such user here');
    const suppressed = await db
      .select()
      .from(schema.emailSuppressions)
      .where(eq(schema.emailSuppressions.tenantId, tenantId));
    expect(suppressed.map((row) => [row.email, row.reason])).toEqual([[`lead-2@${domain}`, 'hard-bounce']]);
    const [counters] = await db.select().from(schema.campaigns).where(eq(schema.campaigns.id, campaignId));
    expect(counters).toMatchObject({ sent: 4, delivered: 4, bounced: 1, failed: 0, recipients: 5 });
  });

  it('pauses a campaign the server refuses message after message, and tells its owner', async () => {
    const { client, userId, tenantId, campaignId, domain, version } = await campaignTo(25);
    for (let n = 0; n < 25; n += 1) {
      answers.set(`lead-${n}@${domain}`, () => {
        throw new SmtpRefusal(421, 'Service not available');
      });
    }
    await expectJson(await send(client, campaignId, { version }), 200);
    const paused = await waitFor(client, campaignId, (p) => p.status === 'paused' && p.counts.sending === 0);
    // Twenty in a row, and those already under way on the other connections.
    const [, refused] =
      /^The mail server refused (\d+) messages in a row; check the SMTP server, then resume$/.exec(
        paused.pausedReason ?? '',
      ) ?? [];
    expect(Number(refused)).toBeGreaterThanOrEqual(20);
    expect(Number(refused)).toBeLessThan(25);
    expect(receivedAt(domain)).toHaveLength(0);
    const notifications = await db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.tenantId, tenantId), eq(schema.notifications.userId, userId)));
    expect(notifications.map((row) => [row.type, row.link])).toEqual([
      ['campaign_paused', `/marketing/campaigns/${campaignId}`],
    ]);
  });

  it('keeps the workspace’s rate across the campaign', async () => {
    const { client, campaignId, domain, version } = await campaignTo(12, { rate: 4 });
    await expectJson(await send(client, campaignId, { version }), 200);
    await waitFor(client, campaignId, (progress) => progress.status === 'completed');
    const times = receivedAt(domain)
      .map((mail) => mail.arrivedAt)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(12);
    // 12 messages at 4 a second: the last goes out 11/4 s after the first, not sooner.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(2_500);
  });

  it('pauses, resumes and cancels; a scheduled campaign waits for its time', async () => {
    const { client, campaignId, domain, version } = await campaignTo(40, { rate: 5 });
    let progress = await expectJson<CampaignProgress>(await send(client, campaignId, { version }), 200);
    progress = await expectJson<CampaignProgress>(
      await client.request(`/api/v1/marketing/campaigns/${campaignId}/pause`, {
        method: 'POST',
        json: { version: progress.version },
      }),
      200,
    );
    expect(progress.status).toBe('paused');
    // A stale version is refused.
    const stale = await client.request(`/api/v1/marketing/campaigns/${campaignId}/resume`, {
      method: 'POST',
      json: { version: progress.version - 1 },
    });
    expect(stale.status).toBe(412);
    // Nothing more goes out once the messages in the server's hands are answered.
    const settled = await waitFor(client, campaignId, (p) => p.counts.sending === 0);
    const sentWhilePaused = receivedAt(domain).length;
    expect(sentWhilePaused).toBeLessThan(40);
    expect(settled.counts.sent).toBe(sentWhilePaused);

    progress = await expectJson<CampaignProgress>(
      await client.request(`/api/v1/marketing/campaigns/${campaignId}/resume`, {
        method: 'POST',
        json: { version: settled.version },
      }),
      200,
    );
    expect(progress.status).toBe('active');
    await waitFor(client, campaignId, (p) => p.counts.sent > sentWhilePaused);
    const latest = await progressOf(client, campaignId);
    progress = await expectJson<CampaignProgress>(
      await client.request(`/api/v1/marketing/campaigns/${campaignId}/cancel`, {
        method: 'POST',
        json: { version: latest.version },
      }),
      200,
    );
    expect(progress.status).toBe('completed');
    const final = await waitFor(client, campaignId, (p) => p.counts.sending === 0);
    expect(final.counts.cancelled).toBeGreaterThan(0);
    expect(final.counts.sent + final.counts.cancelled).toBe(40);
    expect(receivedAt(domain)).toHaveLength(final.counts.sent);

    // Scheduled: nothing goes out before the time; then everything.
    const later = await campaignTo(3);
    const at = new Date(Date.now() + 3_000).toISOString();
    const scheduled = await expectJson<CampaignProgress>(
      await send(later.client, later.campaignId, { version: later.version, scheduleAt: at }),
      200,
    );
    expect(scheduled).toMatchObject({ status: 'scheduled', startsAt: at, recipients: 0 });
    expect(receivedAt(later.domain)).toHaveLength(0);
    const sent = await waitFor(later.client, later.campaignId, (p) => p.status === 'completed');
    expect(sent.counts.sent).toBe(3);
    expect(new Date(sent.sendingStartedAt!).getTime()).toBeGreaterThanOrEqual(new Date(at).getTime());
  });

  it('refuses to send twice, in the past, or without an audience', async () => {
    const { client, campaignId, version } = await campaignTo(2);
    await expectJson(await send(client, campaignId, { version }), 200);
    // Its version moves while it sends: ask again once it is sent, with the version it then has.
    const sent = await waitFor(client, campaignId, (progress) => progress.status === 'completed');
    expect((await send(client, campaignId, { version: sent.version })).status).toBe(409);

    const other = await campaignTo(2);
    const past = await send(other.client, other.campaignId, {
      version: other.version,
      scheduleAt: '2020-01-01T00:00:00Z',
    });
    expect(past.status).toBe(422);
    await db.delete(schema.campaignSegments).where(eq(schema.campaignSegments.campaignId, other.campaignId));
    const nobody = await send(other.client, other.campaignId, { version: other.version });
    expect(nobody.status).toBe(422);
    expect(errorBodySchema.parse(await nobody.json()).error.fields).toEqual({
      segmentIds: 'Choose at least one segment',
    });
  });
});
