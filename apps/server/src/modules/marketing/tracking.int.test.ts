import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import type { CampaignContent } from '@atrium/shared';
import { unique } from '../../testing/fixtures';
import { signUp } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { createCampaignTokens, type CampaignTokens } from './campaign-tokens';

// The server's clock, set by a test that needs a hit at a chosen instant.
let clock: Date | null = null;
let server: TestServer;
let tokens: CampaignTokens;
beforeAll(async () => {
  server = await startTestServer({}, { now: () => clock ?? new Date() });
  tokens = createCampaignTokens(server.platform.keyFor('campaign links'));
});
afterAll(() => server?.close());

const db = () => server.platform.database.db;
const browser = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko)';
const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const content: CampaignContent = {
  subject: 'Spring offer',
  previewText: '',
  blocks: [
    { type: 'text', id: 'intro', text: 'Hello {{ lead.first_name }}' },
    {
      type: 'button',
      id: 'cta',
      label: 'See the offer',
      href: 'https://shop.example.com/offer?who={{ lead.email }}',
    },
    { type: 'button', id: 'more', label: 'Read more', href: 'https://example.com/more' },
    { type: 'text', id: 'outro', text: 'Your page: https://example.com/hi?name={{ lead.first_name }}' },
  ],
  text: null,
};

const hit = (path: string, userAgent = browser) =>
  fetch(server.baseUrl + path, { headers: { 'user-agent': userAgent }, redirect: 'manual' });

/** A workspace with an email campaign sent a minute ago to `people` leads. */
async function sentCampaign(people = 3) {
  const { me } = await signUp(server, { companyName: unique('Tracking Co') });
  const tenantId = me.workspace.id;
  const minuteAgo = new Date(Date.now() - 60_000);
  const [campaign] = await db()
    .insert(schema.campaigns)
    .values({
      tenantId,
      name: unique('Spring'),
      type: 'email',
      status: 'completed',
      content,
      recipients: people,
      sent: people,
      sendingStartedAt: minuteAgo,
    })
    .returning({ id: schema.campaigns.id });
  const leads = await db()
    .insert(schema.leads)
    .values(
      Array.from({ length: people }, (_, n) => ({
        tenantId,
        email: `${unique('lead')}-${n}@example.com`,
        firstName: `Lead${n}`,
        lastName: 'Person',
        source: 'Website' as const,
      })),
    )
    .returning({ id: schema.leads.id, email: schema.leads.email, firstName: schema.leads.firstName });
  const sends = await db()
    .insert(schema.campaignSends)
    .values(
      leads.map((lead) => ({
        tenantId,
        campaignId: campaign!.id,
        leadId: lead.id,
        email: lead.email,
        status: 'sent' as const,
        sentAt: minuteAgo,
      })),
    )
    .returning({ id: schema.campaignSends.id, leadId: schema.campaignSends.leadId });
  return {
    tenantId,
    campaignId: campaign!.id,
    leads,
    sends,
    sendToken: (n: number) => tokens.sign({ kind: 'send', tenantId, id: sends[n]!.id }),
    campaignToken: () => tokens.sign({ kind: 'campaign', tenantId, id: campaign!.id }),
  };
}

type Sent = Awaited<ReturnType<typeof sentCampaign>>;

const counts = async (sent: Sent) => {
  const [row] = await db()
    .select({ opened: schema.campaigns.opened, clicked: schema.campaigns.clicked })
    .from(schema.campaigns)
    .where(and(eq(schema.campaigns.tenantId, sent.tenantId), eq(schema.campaigns.id, sent.campaignId)));
  return row!;
};

const sendRow = async (sent: Sent, n: number) => {
  const [row] = await db()
    .select()
    .from(schema.campaignSends)
    .where(
      and(eq(schema.campaignSends.tenantId, sent.tenantId), eq(schema.campaignSends.id, sent.sends[n]!.id)),
    );
  return row!;
};

const events = (sent: Sent) =>
  db()
    .select()
    .from(schema.campaignEvents)
    .where(
      and(
        eq(schema.campaignEvents.tenantId, sent.tenantId),
        eq(schema.campaignEvents.campaignId, sent.campaignId),
      ),
    )
    .orderBy(schema.campaignEvents.occurredAt);

/** A token with one character changed: still well-formed, no longer genuine. */
function forged(token: string) {
  const at = 40;
  const swapped = token[at] === 'A' ? 'B' : 'A';
  return token.slice(0, at) + swapped + token.slice(at + 1);
}

async function expectPixel(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/gif');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = Buffer.from(await response.arrayBuffer());
  expect(body.subarray(0, 6).toString()).toBe('GIF89a');
  expect(body.length).toBeLessThan(100);
}

describe('open and click tracking (issue 23)', () => {
  it('counts the pixel once per recipient, however often it loads', async () => {
    const sent = await sentCampaign();
    await expectPixel(await hit(`/m/o/${sent.sendToken(0)}`));
    await expectPixel(await hit(`/m/o/${sent.sendToken(0)}`));
    await expectPixel(await hit(`/m/o/${sent.sendToken(1)}`));

    expect(await counts(sent)).toEqual({ opened: 2, clicked: 0 });
    expect((await sendRow(sent, 0)).openedAt).toBeInstanceOf(Date);
    expect((await sendRow(sent, 2)).openedAt).toBeNull();
    const recorded = await events(sent);
    expect(recorded).toHaveLength(3);
    expect(recorded.every((event) => event.kind === 'open' && !event.bot)).toBe(true);
    expect(recorded.filter((event) => event.sendId === sent.sends[0]!.id)).toHaveLength(2);
    expect(recorded[0]!.userAgent).toBe(browser);
  });

  it('counts a recipient once when the pixel and links are hit at the same moment', async () => {
    const sent = await sentCampaign(1);
    const token = sent.sendToken(0);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, n) => hit(n % 2 === 0 ? `/m/o/${token}` : `/m/c/${token}/1`)),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([
      200, 200, 200, 200, 302, 302, 302, 302,
    ]);
    expect(await counts(sent)).toEqual({ opened: 1, clicked: 1 });
    expect(await events(sent)).toHaveLength(8);
  });

  it('records a bot’s hit, flagged, and does not count it', async () => {
    const sent = await sentCampaign();
    await expectPixel(await hit(`/m/o/${sent.sendToken(0)}`, crawler));
    const clicked = await hit(`/m/c/${sent.sendToken(0)}/1`, crawler);
    expect(clicked.status).toBe(302);

    expect(await counts(sent)).toEqual({ opened: 0, clicked: 0 });
    const row = await sendRow(sent, 0);
    expect([row.openedAt, row.clickedAt]).toEqual([null, null]);
    const recorded = await events(sent);
    expect(recorded.map((event) => [event.kind, event.bot])).toEqual([
      ['open', true],
      ['click', true],
    ]);
  });

  it('flags a hit within two seconds of sending as a link scanner’s', async () => {
    const sent = await sentCampaign();
    const { sentAt } = await sendRow(sent, 0);
    clock = new Date(sentAt!.getTime() + 1_500);
    try {
      await expectPixel(await hit(`/m/o/${sent.sendToken(0)}`));
      expect((await hit(`/m/c/${sent.sendToken(0)}/0`)).status).toBe(302);
    } finally {
      clock = null;
    }
    expect(await counts(sent)).toEqual({ opened: 0, clicked: 0 });
    expect((await events(sent)).map((event) => event.bot)).toEqual([true, true]);

    // The same person a little later is a person.
    clock = new Date(sentAt!.getTime() + 2_500);
    try {
      await expectPixel(await hit(`/m/o/${sent.sendToken(0)}`));
    } finally {
      clock = null;
    }
    expect(await counts(sent)).toEqual({ opened: 1, clicked: 0 });
  });

  it('redirects a click to the lead’s own link and counts the open and the click once', async () => {
    const sent = await sentCampaign();
    const lead = sent.leads[0]!;
    const expected = `https://shop.example.com/offer?who=${lead.email}`;

    const first = await hit(`/m/c/${sent.sendToken(0)}/0`);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(expected);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const again = await hit(`/m/c/${sent.sendToken(0)}/1`);
    expect(again.headers.get('location')).toBe('https://example.com/more');
    // The pixel after the click: already opened.
    await expectPixel(await hit(`/m/o/${sent.sendToken(0)}`));

    expect(await counts(sent)).toEqual({ opened: 1, clicked: 1 });
    const row = await sendRow(sent, 0);
    expect(row.clickedAt).toBeInstanceOf(Date);
    expect(row.openedAt).toEqual(row.clickedAt);
    // A merged name with accents, percent-encoded on the way.
    await db()
      .update(schema.leads)
      .set({ firstName: 'Zoë' })
      .where(and(eq(schema.leads.tenantId, sent.tenantId), eq(schema.leads.id, lead.id)));
    const accented = await hit(`/m/c/${sent.sendToken(0)}/2`);
    expect(accented.headers.get('location')).toBe('https://example.com/hi?name=Zo%C3%AB');
    const clicks = (await events(sent)).filter((event) => event.kind === 'click');
    expect(clicks.map((event) => [event.linkIndex, event.url, event.sendId])).toEqual([
      [0, expected, sent.sends[0]!.id],
      [1, 'https://example.com/more', sent.sends[0]!.id],
      [2, 'https://example.com/hi?name=Zo%C3%AB', sent.sends[0]!.id],
    ]);
  });

  it('answers a forged token or an unknown link with 404, and the pixel with a GIF that records nothing', async () => {
    const sent = await sentCampaign();
    const token = sent.sendToken(0);
    expect((await hit(`/m/c/${forged(token)}/0`)).status).toBe(404);
    expect((await hit(`/m/c/${token}/3`)).status).toBe(404);
    expect((await hit(`/m/c/${token}/x`)).status).toBe(404);
    expect((await hit(`/m/c/${token}/-1`)).status).toBe(404);
    expect((await hit(`/m/c/not-a-token/0`)).status).toBe(404);
    await expectPixel(await hit(`/m/o/${forged(token)}`));
    await expectPixel(await hit(`/m/o/nothing`));
    // Genuine, but of a send that does not exist.
    await expectPixel(
      await hit(`/m/o/${tokens.sign({ kind: 'send', tenantId: sent.tenantId, id: crypto.randomUUID() })}`),
    );

    expect(await events(sent)).toEqual([]);
    expect(await counts(sent)).toEqual({ opened: 0, clicked: 0 });
  });

  it('counts every human hit of a campaign token, and records nobody', async () => {
    const sent = await sentCampaign();
    const token = sent.campaignToken();
    await expectPixel(await hit(`/m/o/${token}`));
    await expectPixel(await hit(`/m/o/${token}`));
    await expectPixel(await hit(`/m/o/${token}`, crawler));
    const plain = await hit(`/m/c/${token}/1`);
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe('https://example.com/more');
    // Nobody to merge for: the lead's fields are left empty, never sent as written.
    const merged = await hit(`/m/c/${token}/0`);
    expect(merged.headers.get('location')).toBe('https://shop.example.com/offer?who=');

    expect(await counts(sent)).toEqual({ opened: 2, clicked: 2 });
    const recorded = await events(sent);
    expect(recorded).toHaveLength(5);
    expect(recorded.every((event) => event.sendId === null)).toBe(true);
    expect(recorded.filter((event) => event.bot)).toHaveLength(1);
    expect((await sendRow(sent, 0)).openedAt).toBeNull();
  });
});
