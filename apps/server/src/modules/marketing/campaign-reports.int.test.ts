import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import type {
  CampaignContent,
  CampaignMailEventPage,
  CampaignRecipientPage,
  CampaignResults,
} from '@atrium/shared';
import { expectJson, unique } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { createCampaignTokens, type CampaignTokens } from './campaign-tokens';
import { campaignLinks } from './tracking.service';

let server: TestServer;
let tokens: CampaignTokens;
beforeAll(async () => {
  server = await startTestServer();
  tokens = createCampaignTokens(server.platform.keyFor('campaign links'));
});
afterAll(() => server?.close());

const db = () => server.platform.database.db;
const hour = 3_600_000;
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)';
const crawler = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const hit = (path: string, userAgent = browser) =>
  fetch(server.baseUrl + path, { headers: { 'user-agent': userAgent }, redirect: 'manual' });

const content: CampaignContent = {
  subject: 'Autumn news',
  previewText: '',
  blocks: [
    { type: 'heading', id: 'title', text: 'News', level: 1 },
    { type: 'button', id: 'shop', label: 'Shop', href: 'https://shop.example.com/autumn' },
    { type: 'button', id: 'blog', label: 'Blog', href: 'https://blog.example.com/autumn' },
  ],
  text: null,
};

/**
 * A campaign that started sending three days ago (5 minutes past the hour) to five leads: two
 * opened (one also clicked), one bounced, one unsubscribed, one failed. Lead 0 and lead 1 are
 * customers, credited to this campaign and to another (how is leads.int.test.ts's).
 */
async function campaignWithResults() {
  const owner = await signUp(server, { companyName: unique('Results Co') });
  const tenantId = owner.me.workspace.id;
  const origin = new Date(Math.floor(Date.now() / hour) * hour - 72 * hour);
  const started = new Date(origin.getTime() + 5 * 60_000);
  const at = (ms: number) => new Date(origin.getTime() + ms);

  const [campaign, other] = await db()
    .insert(schema.campaigns)
    .values([
      {
        tenantId,
        name: unique('Autumn'),
        type: 'email' as const,
        status: 'completed' as const,
        content,
        recipients: 5,
        sent: 4,
        bounced: 1,
        failed: 1,
        unsubscribed: 1,
        revenue: 1250,
        sendingStartedAt: started,
        completedAt: at(hour),
      },
      { tenantId, name: unique('Other'), type: 'email' as const, status: 'completed' as const, content },
    ])
    .returning({ id: schema.campaigns.id });
  const leads = await db()
    .insert(schema.leads)
    .values(
      [0, 1, 2, 3, 4].map((n) => ({
        tenantId,
        email: `${unique('person')}-${n}@example.com`,
        firstName: `Reader${n}`,
        lastName: 'Results',
        source: 'Website' as const,
        status: n < 2 ? ('customer' as const) : ('new' as const),
        attributedCampaignId: n === 0 ? campaign!.id : n === 1 ? other!.id : null,
      })),
    )
    .returning({ id: schema.leads.id, email: schema.leads.email });
  const statuses = ['sent', 'sent', 'bounced', 'sent', 'failed'] as const;
  const sends = await db()
    .insert(schema.campaignSends)
    .values(
      leads.map((lead, n) => ({
        tenantId,
        campaignId: campaign!.id,
        leadId: lead.id,
        email: lead.email,
        status: statuses[n]!,
        sentAt: n === 4 ? null : started,
        error: n === 2 ? '550 5.1.1 User unknown' : n === 4 ? 'Connection timed out' : null,
        unsubscribedAt: n === 3 ? at(2 * hour) : null,
      })),
    )
    .returning({ id: schema.campaignSends.id });
  const [otherSend0, otherSend1] = await db()
    .insert(schema.campaignSends)
    .values(
      [0, 1].map((n) => ({
        tenantId,
        campaignId: other!.id,
        leadId: leads[n]!.id,
        email: leads[n]!.email,
        status: 'sent' as const,
        sentAt: started,
      })),
    )
    .returning({ id: schema.campaignSends.id });

  const event = (values: Partial<typeof schema.campaignEvents.$inferInsert>) => ({
    tenantId,
    campaignId: campaign!.id,
    kind: 'open' as const,
    ...values,
  });
  await db()
    .insert(schema.campaignEvents)
    .values([
      // Hour 0 and hour 5 of the timeline.
      event({ sendId: sends[1]!.id, occurredAt: at(15 * 60_000) }),
      event({
        sendId: sends[1]!.id,
        kind: 'click',
        linkIndex: 1,
        url: 'https://blog.example.com/autumn',
        occurredAt: at(5 * hour + 60_000),
      }),
      event({ sendId: sends[2]!.id, kind: 'bounce', occurredAt: at(hour) }),
      event({ sendId: sends[3]!.id, kind: 'unsubscribe', occurredAt: at(2 * hour) }),
      event({ sendId: sends[3]!.id, kind: 'complaint', occurredAt: at(3 * hour) }),
      // The other campaign: lead 0 clicked it before this one, lead 1 after.
      event({
        campaignId: other!.id,
        sendId: otherSend0!.id,
        kind: 'click',
        linkIndex: 0,
        url: 'https://x.example.com',
        occurredAt: at(hour),
      }),
      event({
        campaignId: other!.id,
        sendId: otherSend1!.id,
        kind: 'click',
        linkIndex: 0,
        url: 'https://x.example.com',
        occurredAt: at(6 * hour),
      }),
    ]);

  // Now, through the public links: two human opens of lead 1, one open and a click of lead 0, and
  // a crawler on lead 3's pixel and second link.
  const sendToken = (n: number) => tokens.sign({ kind: 'send', tenantId, id: sends[n]!.id });
  for (const path of [`/m/o/${sendToken(0)}`, `/m/o/${sendToken(1)}`, `/m/o/${sendToken(1)}`]) {
    expect((await hit(path)).status).toBe(200);
  }
  expect((await hit(`/m/c/${sendToken(0)}/0`)).status).toBe(302);
  expect((await hit(`/m/o/${sendToken(3)}`, crawler)).status).toBe(200);
  expect((await hit(`/m/c/${sendToken(3)}/1`, crawler)).status).toBe(302);

  return { owner, tenantId, campaignId: campaign!.id, sends, origin };
}

type Results = Awaited<ReturnType<typeof campaignWithResults>>;

const get = <T>(client: SessionClient, path: string, status = 200) =>
  client.request(path).then((response) => expectJson<T>(response, status));

describe('campaign results (issue 23)', () => {
  let sample: Results;
  let base: string;
  beforeAll(async () => {
    sample = await campaignWithResults();
    base = `/api/v1/marketing/campaigns/${sample.campaignId}`;
  });

  it('gives the funnel, its rates, the timeline, the links and the attributed customers', async () => {
    const results = await get<CampaignResults>(sample.owner.client, `${base}/results`);
    expect(results.funnel).toEqual({
      recipients: 5,
      sent: 4,
      delivered: 3,
      opened: 2,
      clicked: 1,
      unsubscribed: 1,
      bounced: 1,
      failed: 1,
    });
    expect(results.rates).toEqual({
      delivery: 75,
      open: 66.7,
      click: 33.3,
      clickToOpen: 50,
      unsubscribe: 33.3,
      bounce: 25,
    });
    expect(results.revenue).toBe(1250);
    expect(results.botHits).toEqual({ opens: 1, clicks: 1 });
    expect(results.attributedCustomers).toBe(1);

    const { timeline } = results;
    const origin = sample.origin.getTime();
    expect(timeline).toHaveLength(48 + 2);
    expect(timeline.slice(0, 48).every((bucket) => bucket.unit === 'hour')).toBe(true);
    expect(timeline[0]).toEqual({ at: new Date(origin).toISOString(), unit: 'hour', opens: 1, clicks: 0 });
    expect(timeline[5]).toEqual({
      at: new Date(origin + 5 * hour).toISOString(),
      unit: 'hour',
      opens: 0,
      clicks: 1,
    });
    expect(timeline[48]).toEqual({
      at: new Date(origin + 48 * hour).toISOString(),
      unit: 'day',
      opens: 0,
      clicks: 0,
    });
    // Today's hits, human only: three opens and one click.
    expect(timeline[49]).toEqual({
      at: new Date(origin + 72 * hour).toISOString(),
      unit: 'day',
      opens: 3,
      clicks: 1,
    });

    const written = await campaignLinks(content);
    expect(results.links).toEqual([
      { index: 0, url: written[0], clicks: 1, uniqueClickers: 1 },
      { index: 1, url: written[1], clicks: 1, uniqueClickers: 1 },
    ]);
  });

  it('lists the recipients by status and by search, a page at a time', async () => {
    const { client } = sample.owner;
    const ids = sample.sends.map((send) => send.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CampaignRecipientPage = await get<CampaignRecipientPage>(
        client,
        `${base}/recipients?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((row) => row.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...ids].sort());

    const bounced = await get<CampaignRecipientPage>(client, `${base}/recipients?status=bounced`);
    expect(bounced.data).toEqual([
      expect.objectContaining({
        id: ids[2],
        status: 'bounced',
        error: '550 5.1.1 User unknown',
        leadName: 'Reader2 Results',
      }),
    ]);
    const opened = await get<CampaignRecipientPage>(client, `${base}/recipients?status=opened`);
    expect(opened.data.map((row) => row.id).sort()).toEqual([ids[0], ids[1]].sort());
    const clicked = await get<CampaignRecipientPage>(client, `${base}/recipients?status=clicked`);
    expect(clicked.data).toEqual([expect.objectContaining({ id: ids[0] })]);
    expect(clicked.data[0]!.openedAt).not.toBeNull();
    expect(clicked.data[0]!.clickedAt).not.toBeNull();
    const unsubscribed = await get<CampaignRecipientPage>(client, `${base}/recipients?status=unsubscribed`);
    expect(unsubscribed.data.map((row) => row.id)).toEqual([ids[3]]);
    const found = await get<CampaignRecipientPage>(client, `${base}/recipients?q=reader4`);
    expect(found.data).toEqual([expect.objectContaining({ id: ids[4], status: 'failed', sentAt: null })]);
    const none = await get<CampaignRecipientPage>(client, `${base}/recipients?q=${encodeURIComponent('%')}`);
    expect(none.data).toEqual([]);

    expect((await client.request(`${base}/recipients?status=lost`)).status).toBe(400);
    expect((await client.request(`${base}/recipients?cursor=nonsense`)).status).toBe(400);
  });

  it('lists the bounces, unsubscribes and complaints, newest first', async () => {
    const { client } = sample.owner;
    const all = await get<CampaignMailEventPage>(client, `${base}/events`);
    expect(all.data.map((row) => row.kind)).toEqual(['complaint', 'unsubscribe', 'bounce']);
    expect(all.data[2]).toMatchObject({
      sendId: sample.sends[2]!.id,
      leadName: 'Reader2 Results',
      detail: '550 5.1.1 User unknown',
    });

    const first = await get<CampaignMailEventPage>(client, `${base}/events?limit=1`);
    const second = await get<CampaignMailEventPage>(
      client,
      `${base}/events?limit=1&cursor=${first.nextCursor}`,
    );
    expect([first.data[0]!.kind, second.data[0]!.kind]).toEqual(['complaint', 'unsubscribe']);

    const bounces = await get<CampaignMailEventPage>(client, `${base}/events?kind=bounce`);
    expect(bounces).toEqual({ data: [expect.objectContaining({ kind: 'bounce' })], nextCursor: null });
  });

  it('answers 404 for another workspace’s campaign and 403 to those who may not see marketing', async () => {
    const stranger = await signUp(server, { companyName: unique('Elsewhere') });
    for (const path of ['results', 'recipients', 'events']) {
      expect((await stranger.client.request(`${base}/${path}`)).status).toBe(404);
    }
    expect(
      (await sample.owner.client.request(`/api/v1/marketing/campaigns/${crypto.randomUUID()}/results`))
        .status,
    ).toBe(404);
    const contractor = await addMember(server, sample.owner.client, 'contractor');
    expect((await contractor.client.request(`${base}/results`)).status).toBe(403);
  });
});
