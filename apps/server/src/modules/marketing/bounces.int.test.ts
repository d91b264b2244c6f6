import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import type { InboundMailListResponse, InboundMailResult, TicketListResponse } from '@atrium/shared';
import { expectJson, fixtures, unique } from '../../testing/fixtures';
import { signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { tokenClient } from '../../testing/token-client';
import { createCampaignTokens, type CampaignTokens } from './campaign-tokens';

let server: TestServer;
let tokens: CampaignTokens;
const domain = 'inbound.test';
beforeAll(async () => {
  server = await startTestServer({ INBOUND_SMTP_PORT: '0', INBOUND_MAIL_DOMAIN: domain });
  tokens = createCampaignTokens(server.platform.keyFor('campaign links'));
});
afterAll(() => server?.close());

const db = () => server.platform.database.db;

type Workspace = { tenantId: string; slug: string; admin: SessionClient; script: SessionClient };

async function workspace(companyName: string): Promise<Workspace> {
  const owner = await signUp(server, { companyName });
  const token = await fixtures(owner.client).apiToken(['helpdesk:manage']);
  return {
    tenantId: owner.me.workspace.id,
    slug: owner.me.workspace.slug,
    admin: owner.client,
    script: tokenClient(server, token.token),
  };
}

/** A lead, written directly: the sending engine is not what is tested here. */
async function lead(w: Workspace) {
  const email = `${unique('lead')}@example.org`;
  const [row] = await db()
    .insert(schema.leads)
    .values({ tenantId: w.tenantId, email, firstName: 'Lee', lastName: 'Lead', source: 'Website' })
    .returning({ id: schema.leads.id });
  return { id: row!.id, email };
}

/** A campaign sent to the lead: its send, and the send's bounce address. */
async function sentTo(w: Workspace, to: { id: string; email: string }) {
  const [campaign] = await db()
    .insert(schema.campaigns)
    .values({ tenantId: w.tenantId, name: unique('Campaign'), type: 'email', status: 'active', sent: 1 })
    .returning({ id: schema.campaigns.id });
  const [send] = await db()
    .insert(schema.campaignSends)
    .values({
      tenantId: w.tenantId,
      campaignId: campaign!.id,
      leadId: to.id,
      email: to.email,
      status: 'sent',
      sentAt: new Date(),
    })
    .returning({ id: schema.campaignSends.id });
  return {
    campaignId: campaign!.id,
    sendId: send!.id,
    bounceAddress: `${w.slug}+${tokens.bounceTag(send!.id)}@${domain}`,
  };
}

type Sent = Awaited<ReturnType<typeof sentTo>>;

const crlf = (lines: string[]) => lines.join('\r\n');

/** A delivery status notification as Postfix writes one (RFC 3464), to the send's bounce address. */
function dsn(sent: Sent, recipient: string, status: string, diagnostic: string) {
  return crlf([
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.org>',
    `To: ${sent.bounceAddress}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <${randomUUID()}@mx.example.org>`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="DSN-1"',
    '',
    '--DSN-1',
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    "I'm sorry to have to inform you that your message could not be delivered.",
    '',
    '--DSN-1',
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.org',
    'Arrival-Date: Mon,  7 Dec 2026 10:00:00 +0000 (UTC)',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${status.startsWith('5') ? 'failed' : 'delayed'}`,
    `Status: ${status}`,
    'Remote-MTA: dns; mail.example.org',
    `Diagnostic-Code: smtp; ${diagnostic.slice(0, 30)}`,
    `    ${diagnostic.slice(30)}`,
    '',
    '--DSN-1',
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    `Return-Path: <${sent.bounceAddress}>`,
    'From: News <news@acme.test>',
    `To: ${recipient}`,
    'Subject: Our autumn news',
    '',
    '--DSN-1--',
    '',
  ]);
}

/** A complaint (ARF, RFC 5965) from a mailbox provider's feedback loop, to the workspace's own address. */
function complaint(w: Workspace, sent: Sent, recipient: string) {
  return crlf([
    'From: Feedback Loop <fbl@provider.test>',
    `To: ${w.slug}@${domain}`,
    'Subject: Complaint about message from 192.0.2.1',
    `Message-ID: <${randomUUID()}@provider.test>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="ARF-1"',
    '',
    '--ARF-1',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is an email abuse report for an email message received on 7 Dec 2026.',
    '',
    '--ARF-1',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: ProviderFBL/1.0',
    'Version: 1',
    `Original-Rcpt-To: ${recipient}`,
    '',
    '--ARF-1',
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    'From: News <news@acme.test>',
    `To: ${recipient}`,
    'Subject: Our autumn news',
    `List-Unsubscribe: <https://acme.test/m/u/x>, <mailto:${sent.bounceAddress}?subject=unsubscribe>`,
    '',
    'Hello, here is our news.',
    '',
    '--ARF-1--',
    '',
  ]);
}

const postRaw = async (w: Workspace, raw: string) =>
  (await (
    await w.script.request('/api/v1/helpdesk/inbound-mail', {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: raw,
    })
  ).json()) as InboundMailResult;

async function suppressionsOf(w: Workspace, email: string) {
  return db()
    .select({
      reason: schema.emailSuppressions.reason,
      detail: schema.emailSuppressions.detail,
      campaignId: schema.emailSuppressions.campaignId,
    })
    .from(schema.emailSuppressions)
    .where(and(eq(schema.emailSuppressions.tenantId, w.tenantId), eq(schema.emailSuppressions.email, email)));
}

async function sendState(sent: Sent) {
  const [send] = await db()
    .select({ status: schema.campaignSends.status, unsubscribedAt: schema.campaignSends.unsubscribedAt })
    .from(schema.campaignSends)
    .where(eq(schema.campaignSends.id, sent.sendId));
  const [campaign] = await db()
    .select({ bounced: schema.campaigns.bounced, unsubscribed: schema.campaigns.unsubscribed })
    .from(schema.campaigns)
    .where(eq(schema.campaigns.id, sent.campaignId));
  const events = await db()
    .select({ kind: schema.campaignEvents.kind })
    .from(schema.campaignEvents)
    .where(eq(schema.campaignEvents.sendId, sent.sendId));
  return { ...send!, ...campaign!, events: events.map((event) => event.kind) };
}

const softBouncesOf = async (leadId: string) =>
  (
    await db()
      .select({ softBounces: schema.leads.softBounces })
      .from(schema.leads)
      .where(eq(schema.leads.id, leadId))
  )[0]!.softBounces;

async function ticketCount(w: Workspace) {
  const page = await expectJson<TicketListResponse>(
    await w.admin.request('/api/v1/helpdesk/tickets?view=all'),
    200,
  );
  return page.data.length;
}

describe('bounces and complaints of campaign mail (issue 23)', () => {
  let w: Workspace;
  beforeAll(async () => {
    w = await workspace('Bounce Co');
  });

  it('a DSN through the SMTP receiver to the bounce address marks a hard bounce: suppressed, counted once, no ticket', async () => {
    const person = await lead(w);
    const sent = await sentTo(w, person);
    const raw = dsn(
      sent,
      person.email,
      '5.1.1',
      `550 5.1.1 <${person.email}>: Recipient address rejected: User unknown`,
    );
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: server.inboundSmtpPort!,
      secure: false,
      ignoreTLS: true,
    });
    // The receiver answers only once the help desk took the mail: what follows is already written.
    await smtp.sendMail({ envelope: { from: '', to: [sent.bounceAddress] }, raw });

    expect(await suppressionsOf(w, person.email)).toEqual([
      {
        reason: 'hard-bounce',
        detail: expect.stringMatching(/^5\.1\.1 550 5\.1\.1 .*Recipient address rejected: User unknown$/),
        campaignId: sent.campaignId,
      },
    ]);
    expect(await sendState(sent)).toMatchObject({ status: 'bounced', bounced: 1, events: ['bounce'] });
    expect(await ticketCount(w)).toBe(0);
    const ignored = await expectJson<InboundMailListResponse>(
      await w.admin.request('/api/v1/helpdesk/inbound-mail?outcome=ignored'),
      200,
    );
    expect(ignored.data[0]).toMatchObject({ source: 'smtp', outcome: 'ignored', ticket: null });
    expect(ignored.data[0]!.reason).toContain('bounce');

    // The same report again, under another Message-ID, counts nothing twice.
    await postRaw(w, dsn(sent, person.email, '5.1.1', '550 5.1.1 User unknown, and unknown still'));
    expect(await sendState(sent)).toMatchObject({ status: 'bounced', bounced: 1, events: ['bounce'] });
    expect(await suppressionsOf(w, person.email)).toHaveLength(1);
  });

  it('counts soft bounces (4.x.x), one per send, and suppresses the address at the third', async () => {
    const person = await lead(w);
    const sends = [await sentTo(w, person), await sentTo(w, person), await sentTo(w, person)];
    const delayed = (sent: Sent) =>
      dsn(sent, person.email, '4.2.2', '452 4.2.2 Mailbox full, try again later');

    expect(await postRaw(w, delayed(sends[0]!))).toMatchObject({ outcome: 'ignored', ticketId: null });
    expect(await softBouncesOf(person.id)).toBe(1);
    // A message delayed again reports itself again: still one soft bounce for that send.
    await postRaw(w, delayed(sends[0]!));
    expect(await softBouncesOf(person.id)).toBe(1);
    expect(await sendState(sends[0]!)).toMatchObject({ status: 'sent', bounced: 0, events: ['bounce'] });

    await postRaw(w, delayed(sends[1]!));
    expect(await softBouncesOf(person.id)).toBe(2);
    expect(await suppressionsOf(w, person.email)).toEqual([]);

    await postRaw(w, delayed(sends[2]!));
    expect(await softBouncesOf(person.id)).toBe(3);
    expect(await suppressionsOf(w, person.email)).toEqual([
      { reason: 'soft-bounces', detail: expect.stringContaining('4.2.2'), campaignId: sends[2]!.campaignId },
    ]);
    expect(await ticketCount(w)).toBe(0);
  });

  it('a complaint (ARF) naming the send in the original message suppresses the address, no ticket', async () => {
    const person = await lead(w);
    const sent = await sentTo(w, person);
    expect(await postRaw(w, complaint(w, sent, person.email))).toMatchObject({
      outcome: 'ignored',
      ticketId: null,
    });
    expect(await suppressionsOf(w, person.email)).toEqual([
      {
        reason: 'complaint',
        detail: 'Feedback-Type: abuse; User-Agent: ProviderFBL/1.0',
        campaignId: sent.campaignId,
      },
    ]);
    expect((await sendState(sent)).events).toEqual(['complaint']);
    expect(await ticketCount(w)).toBe(0);
  });

  it("a mail to the bounce address titled 'unsubscribe' (the List-Unsubscribe mailto) unsubscribes", async () => {
    const person = await lead(w);
    const sent = await sentTo(w, person);
    const raw = crlf([
      `From: Lee Lead <${person.email}>`,
      `To: ${sent.bounceAddress}`,
      'Subject: unsubscribe',
      `Message-ID: <${randomUUID()}@example.org>`,
      '',
      'This message was automatically generated by a mail client.',
      '',
    ]);
    expect(await postRaw(w, raw)).toMatchObject({ outcome: 'ignored', ticketId: null });
    expect(await suppressionsOf(w, person.email)).toEqual([
      { reason: 'unsubscribed', detail: '', campaignId: sent.campaignId },
    ]);
    expect(await sendState(sent)).toMatchObject({ unsubscribed: 1, events: ['unsubscribe'] });
    expect((await sendState(sent)).unsubscribedAt).toBeInstanceOf(Date);
    expect(await ticketCount(w)).toBe(0);
  });

  it('a forged bounce tag names nothing: an ignored bounce as before, nobody suppressed', async () => {
    const person = await lead(w);
    const sent = await sentTo(w, person);
    const tag = tokens.bounceTag(sent.sendId);
    const forged = {
      ...sent,
      bounceAddress: `${w.slug}+${tag.slice(0, -1)}${tag.endsWith('a') ? 'b' : 'a'}@${domain}`,
    };
    const result = await postRaw(w, dsn(forged, person.email, '5.1.1', '550 5.1.1 User unknown here'));
    expect(result).toMatchObject({ outcome: 'ignored', ticketId: null });
    expect(await suppressionsOf(w, person.email)).toEqual([]);
    expect(await sendState(sent)).toMatchObject({ status: 'sent', bounced: 0, events: [] });
  });

  it("a send of another workspace is not this workspace's to bounce", async () => {
    const other = await workspace('Other Bounce Co');
    const person = await lead(other);
    const sent = await sentTo(other, person);
    await postRaw(w, dsn(sent, person.email, '5.1.1', '550 5.1.1 User unknown over there'));
    expect(await suppressionsOf(other, person.email)).toEqual([]);
    expect(await suppressionsOf(w, person.email)).toEqual([]);
    expect((await sendState(sent)).status).toBe('sent');
  });
});
