import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import { unique } from '../../testing/fixtures';
import { signUp } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { createCampaignTokens, type CampaignTokens } from './campaign-tokens';

let server: TestServer;
let tokens: CampaignTokens;
beforeAll(async () => {
  server = await startTestServer();
  tokens = createCampaignTokens(server.platform.keyFor('campaign links'));
});
afterAll(() => server?.close());

const db = () => server.platform.database.db;

/** A campaign sent to one lead, written directly: the sending engine is not what is tested here. */
async function sentCampaign(tenantId: string) {
  const email = `${unique('Lead')}@Example.com`;
  const [campaign] = await db()
    .insert(schema.campaigns)
    .values({ tenantId, name: unique('Campaign'), type: 'email', status: 'active', sent: 1 })
    .returning({ id: schema.campaigns.id });
  const [lead] = await db()
    .insert(schema.leads)
    .values({ tenantId, email, firstName: 'Lee', lastName: 'Lead', source: 'Website' })
    .returning({ id: schema.leads.id });
  const [sent] = await db()
    .insert(schema.campaignSends)
    .values({
      tenantId,
      campaignId: campaign!.id,
      leadId: lead!.id,
      email,
      status: 'sent',
      sentAt: new Date(),
    })
    .returning({ id: schema.campaignSends.id });
  return { tenantId, email, campaignId: campaign!.id, sendId: sent!.id };
}

type Sent = Awaited<ReturnType<typeof sentCampaign>>;

async function stateOf(sent: Sent) {
  const [send] = await db()
    .select({ unsubscribedAt: schema.campaignSends.unsubscribedAt })
    .from(schema.campaignSends)
    .where(eq(schema.campaignSends.id, sent.sendId));
  const [campaign] = await db()
    .select({ unsubscribed: schema.campaigns.unsubscribed })
    .from(schema.campaigns)
    .where(eq(schema.campaigns.id, sent.campaignId));
  const suppressions = await db()
    .select({
      email: schema.emailSuppressions.email,
      reason: schema.emailSuppressions.reason,
      campaignId: schema.emailSuppressions.campaignId,
    })
    .from(schema.emailSuppressions)
    .where(
      and(
        eq(schema.emailSuppressions.tenantId, sent.tenantId),
        eq(schema.emailSuppressions.email, sent.email.toLowerCase()),
      ),
    );
  const events = await db()
    .select({ kind: schema.campaignEvents.kind, sendId: schema.campaignEvents.sendId })
    .from(schema.campaignEvents)
    .where(eq(schema.campaignEvents.campaignId, sent.campaignId));
  return { unsubscribedAt: send!.unsubscribedAt, unsubscribed: campaign!.unsubscribed, suppressions, events };
}

/** As a mail provider sends it (RFC 8058): no cookie, no Origin, a form-encoded body. */
const oneClick = (token: string) =>
  fetch(`${server.baseUrl}/m/u/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

describe('unsubscribing from campaign mail (issue 23)', () => {
  let tenantId: string;
  beforeAll(async () => {
    tenantId = (await signUp(server, { companyName: 'Unsubscribe Co' })).me.workspace.id;
  });

  it('shows a page that asks first: a GET alone unsubscribes nobody', async () => {
    const sent = await sentCampaign(tenantId);
    const token = tokens.sign({ kind: 'send', tenantId, id: sent.sendId });
    const response = await fetch(`${server.baseUrl}/m/u/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<title>Unsubscribe</title>');
    expect(page.match(/<h1>/g)).toHaveLength(1);
    expect(page).toContain('Unsubscribe Co');
    expect(page).toContain(sent.email);
    expect(page).toMatch(new RegExp(`<form method="post" action="/m/u/${token}">`));
    expect(page).toContain('<button type="submit">Unsubscribe</button>');
    expect(await stateOf(sent)).toEqual({
      unsubscribedAt: null,
      unsubscribed: 0,
      suppressions: [],
      events: [],
    });
  });

  it("unsubscribes at once on the one-click POST: suppressed, the send marked, the campaign's count up", async () => {
    const sent = await sentCampaign(tenantId);
    const token = tokens.sign({ kind: 'send', tenantId, id: sent.sendId });
    const response = await oneClick(token);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('You are unsubscribed');
    const after = await stateOf(sent);
    expect(after.unsubscribedAt).toBeInstanceOf(Date);
    expect(after).toMatchObject({
      unsubscribed: 1,
      suppressions: [
        { email: sent.email.toLowerCase(), reason: 'unsubscribed', campaignId: sent.campaignId },
      ],
      events: [{ kind: 'unsubscribe', sendId: sent.sendId }],
    });

    // The same again (a provider's retry, a second click) still answers success and changes nothing.
    const again = await oneClick(token);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('You are unsubscribed');
    expect(await stateOf(sent)).toEqual(after);
  });

  it("the page's own form unsubscribes too", async () => {
    const sent = await sentCampaign(tenantId);
    const token = tokens.sign({ kind: 'send', tenantId, id: sent.sendId });
    const response = await server.request(`/m/u/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect((await stateOf(sent)).unsubscribed).toBe(1);
  });

  it('answers a forged or altered link with a 404 page that names nothing, and changes nothing', async () => {
    const sent = await sentCampaign(tenantId);
    const token = tokens.sign({ kind: 'send', tenantId, id: sent.sendId });
    const altered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    const campaignToken = tokens.sign({ kind: 'campaign', tenantId, id: sent.campaignId });
    for (const forged of [altered, campaignToken, 'not-a-token']) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${server.baseUrl}/m/u/${forged}`, { method });
        expect(response.status, `${method} ${forged}`).toBe(404);
        const page = await response.text();
        expect(page).toContain('This link is not valid');
        expect(page).not.toContain(sent.email);
      }
    }
    expect((await stateOf(sent)).suppressions).toEqual([]);
  });

  it('names no send of another workspace: a token is bound to the workspace it was made for', async () => {
    const sent = await sentCampaign(tenantId);
    const other = (await signUp(server, { companyName: 'Elsewhere Co' })).me.workspace.id;
    const response = await oneClick(tokens.sign({ kind: 'send', tenantId: other, id: sent.sendId }));
    expect(response.status).toBe(404);
    expect((await stateOf(sent)).unsubscribed).toBe(0);
  });
});
