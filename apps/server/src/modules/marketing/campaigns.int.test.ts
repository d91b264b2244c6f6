import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import {
  errorBodySchema,
  type CampaignContent,
  type CampaignDetails,
  type CampaignList,
  type CampaignListItem,
} from '@atrium/shared';
import { expectJson, unique } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const campaigns = '/api/v1/marketing/campaigns';
const db = () => server.platform.database.db;
const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;
const send = (client: SessionClient, method: string, path: string, json?: unknown) =>
  client.request(path, { method, ...(json === undefined ? {} : { json }) });

const content: CampaignContent = {
  subject: 'Spring is here',
  previewText: 'Our new range',
  blocks: [
    { type: 'heading', id: 'b1', level: 1, text: 'Spring' },
    { type: 'text', id: 'b2', text: 'Hi {{ lead.first_name | default: "there" }}' },
    { type: 'button', id: 'b3', label: 'Shop', href: 'https://example.com/shop' },
  ],
  text: null,
};

/** A workspace with its Admin; segments are written straight to the database (their API is elsewhere). */
async function workspace(companyName: string) {
  const owner = await signUp(server, { companyName });
  const tenantId = owner.me.workspace.id;
  return {
    admin: owner.client,
    tenantId,
    async segment(name = unique('Segment')) {
      const [row] = await db()
        .insert(schema.leadSegments)
        .values({ tenantId, name, rules: { match: 'all', groups: [] } })
        .returning({ id: schema.leadSegments.id, name: schema.leadSegments.name });
      return row!;
    },
    create: async (json: object) =>
      expectJson<CampaignDetails>(await send(owner.client, 'POST', campaigns, json), 201),
  };
}

type Workspace = Awaited<ReturnType<typeof workspace>>;

const setStatus = (id: string, status: 'active' | 'completed' | 'paused') =>
  db().update(schema.campaigns).set({ status }).where(eq(schema.campaigns.id, id));

const getCampaign = async (client: SessionClient, id: string) =>
  expectJson<CampaignDetails>(await client.request(`${campaigns}/${id}`), 200);

describe('campaigns as records (issue 23)', () => {
  let ws: Workspace;
  beforeAll(async () => {
    ws = await workspace('Campaigns Co');
  });

  it('creates, reads, edits, copies and deletes an email campaign, logging each change', async () => {
    const [spring, enterprise, trial] = [
      await ws.segment('Spring list'),
      await ws.segment('Enterprise'),
      await ws.segment('Trial users'),
    ];
    const created = await ws.create({
      type: 'email',
      name: '  Spring launch ',
      description: 'The new range',
      budget: 12_500.5,
      segmentIds: [spring.id, enterprise.id, spring.id],
      content,
      fromName: 'Acme Marketing',
      fromEmail: 'News@Acme.test',
    });
    expect(created).toMatchObject({
      name: 'Spring launch',
      type: 'email',
      status: 'draft',
      description: 'The new range',
      budget: 12_500.5,
      content,
      fromName: 'Acme Marketing',
      fromEmail: 'news@acme.test',
      sent: 0,
      recipients: 0,
      openRate: null,
      clickRate: null,
      editable: true,
      startsAt: null,
      sendingStartedAt: null,
      completedAt: null,
      pausedReason: null,
      version: 1,
    });
    expect(created.segments).toEqual([
      { id: enterprise.id, name: 'Enterprise' },
      { id: spring.id, name: 'Spring list' },
    ]);
    expect(created.createdBy?.name).toBe('Ada Lovelace');
    expect(await getCampaign(ws.admin, created.id)).toEqual(created);

    const edited = await expectJson<CampaignDetails>(
      await send(ws.admin, 'PATCH', `${campaigns}/${created.id}`, {
        name: 'Spring launch 2',
        segmentIds: [trial.id],
        content: { ...content, subject: 'Spring, at last' },
        fromName: '',
        fromEmail: '',
        budget: null,
        version: created.version,
      }),
      200,
    );
    expect(edited).toMatchObject({
      name: 'Spring launch 2',
      segments: [{ id: trial.id, name: 'Trial users' }],
      content: { subject: 'Spring, at last' },
      fromName: null,
      fromEmail: null,
      budget: null,
      description: 'The new range',
      version: 2,
    });
    const stale = await send(ws.admin, 'PATCH', `${campaigns}/${created.id}`, { name: 'Late', version: 1 });
    expect(stale.status).toBe(412);
    expect((await getCampaign(ws.admin, created.id)).name).toBe('Spring launch 2');

    const copy = await expectJson<CampaignDetails>(
      await send(ws.admin, 'POST', `${campaigns}/${created.id}/duplicate`),
      201,
    );
    expect(copy).toMatchObject({
      name: 'Copy of Spring launch 2',
      type: 'email',
      status: 'draft',
      segments: [{ id: trial.id, name: 'Trial users' }],
      content: { subject: 'Spring, at last' },
      version: 1,
    });
    expect(copy.id).not.toBe(created.id);

    expect((await send(ws.admin, 'DELETE', `${campaigns}/${created.id}`)).status).toBe(204);
    expect((await ws.admin.request(`${campaigns}/${created.id}`)).status).toBe(404);
    expect((await send(ws.admin, 'DELETE', `${campaigns}/${created.id}`)).status).toBe(404);
    expect(
      (await send(ws.admin, 'PATCH', `${campaigns}/${created.id}`, { name: 'x', version: 2 })).status,
    ).toBe(404);
    expect((await getCampaign(ws.admin, copy.id)).name).toBe('Copy of Spring launch 2');

    const logged = await db()
      .select({ action: schema.activityLog.action, summary: schema.activityLog.summary })
      .from(schema.activityLog)
      .where(and(eq(schema.activityLog.tenantId, ws.tenantId), eq(schema.activityLog.entityId, created.id)))
      .orderBy(schema.activityLog.occurredAt);
    expect(logged).toEqual([
      { action: 'created', summary: "created campaign 'Spring launch'" },
      { action: 'updated', summary: "updated campaign 'Spring launch'" },
      { action: 'deleted', summary: "deleted campaign 'Spring launch 2'" },
    ]);
  });

  it('answers a retried create with the same Idempotency-Key with the first answer', async () => {
    const key = randomUUID();
    const body = { type: 'email', name: unique('Keyed') };
    const create = () =>
      ws.admin.request(campaigns, { method: 'POST', json: body, headers: { 'idempotency-key': key } });
    const first = await expectJson<CampaignDetails>(await create(), 201);
    const retry = await create();
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as CampaignDetails).id).toBe(first.id);
    const rows = await db()
      .select({ id: schema.campaigns.id })
      .from(schema.campaigns)
      .where(and(eq(schema.campaigns.tenantId, ws.tenantId), eq(schema.campaigns.name, body.name)));
    expect(rows).toHaveLength(1);
  });

  it('refuses invalid input field by field', async () => {
    const refused = async (json: unknown) => {
      const response = await send(ws.admin, 'POST', campaigns, json);
      expect(response.status).toBe(400);
      return (await errorOf(response)).fields;
    };
    expect(await refused({ type: 'email', name: '  ' })).toMatchObject({ name: 'Enter the campaign name' });
    expect(await refused({ type: 'email', name: 'x'.repeat(121) })).toMatchObject({
      name: 'Use at most 120 characters',
    });
    expect(await refused({ type: 'fax', name: 'Fax blast' })).toMatchObject({
      type: 'Choose email, sms, social or webinar',
    });
    expect(
      await refused({
        type: 'email',
        name: 'Bad',
        budget: -5,
        fromEmail: 'not an address',
        fromName: 'Two\nlines',
        segmentIds: ['nope'],
        content: { ...content, subject: '' },
      }),
    ).toMatchObject({
      budget: 'The budget cannot be negative',
      fromEmail: 'Enter a valid email address',
      fromName: 'Keep the name on one line',
      'segmentIds.0': 'Choose a segment from the list',
      'content.subject': 'Enter a subject',
    });
    expect(await refused({ type: 'sms', name: 'Texts', sent: 10, delivered: 20, opened: 30 })).toMatchObject({
      delivered: 'No more than were sent',
      opened: 'No more than were delivered',
    });
    const patch = await send(ws.admin, 'PATCH', `${campaigns}/${randomUUID()}`, { name: 'No version' });
    expect(patch.status).toBe(400);
    expect((await errorOf(patch)).fields).toMatchObject({ version: 'The version you read is required' });
  });

  it('tracks an sms, social or webinar campaign by hand: status, start and results', async () => {
    const webinar = await ws.create({
      type: 'webinar',
      name: unique('Webinar'),
      status: 'scheduled',
      startsAt: '2030-05-01T15:00:00+02:00',
      budget: 5000,
    });
    expect(webinar).toMatchObject({
      status: 'scheduled',
      startsAt: '2030-05-01T13:00:00.000Z',
      content: null,
    });

    const done = await expectJson<CampaignDetails>(
      await send(ws.admin, 'PATCH', `${campaigns}/${webinar.id}`, {
        status: 'completed',
        sent: 400,
        delivered: 380,
        opened: 190,
        clicked: 57,
        revenue: 1234.5,
        version: webinar.version,
      }),
      200,
    );
    expect(done).toMatchObject({ status: 'completed', openRate: 50, clickRate: 15, revenue: 1234.5 });

    const beyond = await send(ws.admin, 'PATCH', `${campaigns}/${webinar.id}`, {
      clicked: 381,
      version: done.version,
    });
    expect(beyond.status).toBe(422);
    expect((await errorOf(beyond)).fields).toEqual({ clicked: 'No more than were delivered' });

    const emailOnly = await send(ws.admin, 'PATCH', `${campaigns}/${webinar.id}`, {
      content,
      fromEmail: 'news@acme.test',
      version: done.version,
    });
    expect(emailOnly.status).toBe(422);
    expect(Object.keys((await errorOf(emailOnly)).fields ?? {}).sort()).toEqual(['content', 'fromEmail']);

    const [status] = await db()
      .select({ action: schema.activityLog.action, summary: schema.activityLog.summary })
      .from(schema.activityLog)
      .where(and(eq(schema.activityLog.entityId, webinar.id), eq(schema.activityLog.action, 'updated')));
    expect(status?.summary).toContain(webinar.name);
  });

  it('keeps an email campaign’s status to sending, and its message, audience and sender once it sends', async () => {
    const segment = await ws.segment();
    const campaign = await ws.create({
      type: 'email',
      name: unique('Newsletter'),
      content,
      segmentIds: [segment.id],
    });

    const statusByHand = await send(ws.admin, 'PATCH', `${campaigns}/${campaign.id}`, {
      status: 'active',
      sent: 10,
      version: campaign.version,
    });
    expect(statusByHand.status).toBe(422);
    expect((await errorOf(statusByHand)).fields).toEqual({
      status: 'Set by sending the campaign',
      sent: 'Set by sending the campaign',
    });

    await setStatus(campaign.id, 'active');
    for (const change of [
      { content: { ...content, subject: 'Changed' } },
      { segmentIds: [] },
      { fromEmail: 'other@acme.test' },
    ]) {
      const refused = await send(ws.admin, 'PATCH', `${campaigns}/${campaign.id}`, {
        ...change,
        version: campaign.version,
      });
      expect(refused.status).toBe(409);
      expect(Object.keys((await errorOf(refused)).fields ?? {})).toEqual(Object.keys(change));
    }
    const sending = await getCampaign(ws.admin, campaign.id);
    expect(sending).toMatchObject({ status: 'active', editable: false, content, segments: [segment] });

    // Its name, description and budget may still change.
    const renamed = await expectJson<CampaignDetails>(
      await send(ws.admin, 'PATCH', `${campaigns}/${campaign.id}`, {
        name: 'Renamed while sending',
        budget: 900,
        version: campaign.version,
      }),
      200,
    );
    expect(renamed).toMatchObject({ name: 'Renamed while sending', budget: 900, status: 'active' });

    const deleting = await send(ws.admin, 'DELETE', `${campaigns}/${campaign.id}`);
    expect(deleting.status).toBe(409);
    expect((await getCampaign(ws.admin, campaign.id)).id).toBe(campaign.id);
  });

  it('deletes a campaign that sent with its sends and events, keeping the suppressions it caused', async () => {
    const campaign = await ws.create({ type: 'email', name: unique('Sent'), content });
    await setStatus(campaign.id, 'completed');
    const [lead] = await db()
      .insert(schema.leads)
      .values({
        tenantId: ws.tenantId,
        email: `${unique('lead')}@example.com`,
        firstName: 'Lee',
        lastName: 'Reader',
        source: 'Website',
      })
      .returning({ id: schema.leads.id, email: schema.leads.email });
    const [sendRow] = await db()
      .insert(schema.campaignSends)
      .values({
        tenantId: ws.tenantId,
        campaignId: campaign.id,
        leadId: lead!.id,
        email: lead!.email,
        status: 'sent',
      })
      .returning({ id: schema.campaignSends.id });
    await db()
      .insert(schema.campaignEvents)
      .values({ tenantId: ws.tenantId, campaignId: campaign.id, sendId: sendRow!.id, kind: 'open' });
    await db()
      .insert(schema.emailSuppressions)
      .values({ tenantId: ws.tenantId, email: lead!.email, reason: 'unsubscribed', campaignId: campaign.id });

    expect((await send(ws.admin, 'DELETE', `${campaigns}/${campaign.id}`)).status).toBe(204);
    const sends = await db()
      .select({ id: schema.campaignSends.id })
      .from(schema.campaignSends)
      .where(eq(schema.campaignSends.campaignId, campaign.id));
    const events = await db()
      .select({ id: schema.campaignEvents.id })
      .from(schema.campaignEvents)
      .where(eq(schema.campaignEvents.campaignId, campaign.id));
    const suppressed = await db()
      .select({ campaignId: schema.emailSuppressions.campaignId })
      .from(schema.emailSuppressions)
      .where(
        and(
          eq(schema.emailSuppressions.tenantId, ws.tenantId),
          eq(schema.emailSuppressions.email, lead!.email),
        ),
      );
    expect({ sends, events, suppressed }).toEqual({
      sends: [],
      events: [],
      suppressed: [{ campaignId: null }],
    });
  });

  it('refuses a message whose merge tags would not fill in, at the field that has them (422)', async () => {
    const content = {
      subject: 'Hello {{ lead.frist_name }}',
      previewText: '',
      blocks: [
        { type: 'text', id: 't1', text: 'Hi {{ lead.first_name | default: "there" }}' },
        { type: 'button', id: 'b1', label: 'Go', href: '{{ lead.website }}' },
      ],
      text: null,
    };
    const created = await send(ws.admin, 'POST', campaigns, { type: 'email', name: unique('Typo'), content });
    expect(created.status).toBe(422);
    expect(Object.keys((await errorOf(created)).fields ?? {}).sort()).toEqual([
      'content.blocks.1.href',
      'content.subject',
    ]);

    const campaign = await ws.create({ type: 'email', name: unique('Typo later') });
    const patched = await send(ws.admin, 'PATCH', `${campaigns}/${campaign.id}`, {
      content: { ...content, subject: 'Hello {{ lead.first_name }}', blocks: [content.blocks[0]] },
      version: campaign.version,
    });
    expect(patched.status).toBe(200);
    const typo = await send(ws.admin, 'PATCH', `${campaigns}/${campaign.id}`, {
      content: { ...content, subject: 'Hello {{ lead.shoe_size }}', blocks: [] },
      version: campaign.version + 1,
    });
    expect(typo.status).toBe(422);
    expect((await errorOf(typo)).fields).toEqual({
      'content.subject': expect.stringContaining('There is no merge field lead.shoe_size'),
    });
    expect((await getCampaign(ws.admin, campaign.id)).content?.subject).toBe('Hello {{ lead.first_name }}');
  });

  it('takes only segments of the workspace as the audience (422 with the field)', async () => {
    const mine = await ws.segment();
    const other = await workspace('Other Co');
    const theirs = await other.segment();

    const created = await send(ws.admin, 'POST', campaigns, {
      type: 'email',
      name: unique('Leaky'),
      segmentIds: [mine.id, theirs.id, randomUUID()],
    });
    expect(created.status).toBe(422);
    expect((await errorOf(created)).fields).toEqual({
      'segmentIds.1': 'Choose a segment of this workspace',
      'segmentIds.2': 'Choose a segment of this workspace',
    });

    const campaign = await ws.create({ type: 'sms', name: unique('Texts'), segmentIds: [mine.id] });
    const patched = await send(ws.admin, 'PATCH', `${campaigns}/${campaign.id}`, {
      segmentIds: [theirs.id],
      version: campaign.version,
    });
    expect(patched.status).toBe(422);
    expect((await errorOf(patched)).fields).toEqual({ 'segmentIds.0': 'Choose a segment of this workspace' });
    expect((await getCampaign(ws.admin, campaign.id)).segments).toEqual([mine]);
    // Nor does the other workspace see this one's campaign.
    expect((await other.admin.request(`${campaigns}/${campaign.id}`)).status).toBe(404);
  });

  it('lets an Employee read campaigns but not change them, and keeps a Contractor out', async () => {
    const campaign = await ws.create({ type: 'social', name: unique('Social') });
    const employee = await addMember(server, ws.admin, 'employee');
    const contractor = await addMember(server, ws.admin, 'contractor');

    const listed = await expectJson<CampaignList>(await employee.client.request(campaigns), 200);
    expect(listed.data.map((row) => row.id)).toContain(campaign.id);
    expect((await employee.client.request(`${campaigns}/${campaign.id}`)).status).toBe(200);
    expect((await send(employee.client, 'POST', campaigns, { type: 'email', name: 'Mine' })).status).toBe(
      403,
    );
    expect(
      (await send(employee.client, 'PATCH', `${campaigns}/${campaign.id}`, { name: 'x', version: 1 })).status,
    ).toBe(403);
    expect((await send(employee.client, 'POST', `${campaigns}/${campaign.id}/duplicate`)).status).toBe(403);
    expect((await send(employee.client, 'DELETE', `${campaigns}/${campaign.id}`)).status).toBe(403);

    expect((await contractor.client.request(campaigns)).status).toBe(403);
    expect((await contractor.client.request(`${campaigns}/${campaign.id}`)).status).toBe(403);
  });
});

describe('the campaign list: filters, search and keyset pages', () => {
  let ws: Workspace;
  const made: CampaignDetails[] = [];
  beforeAll(async () => {
    ws = await workspace('Listing Co');
    const segment = await ws.segment('Everyone');
    // Equal `sent` values on purpose: the id keeps the order between pages.
    const plans = [
      { type: 'sms', status: 'active', sent: 100 },
      { type: 'sms', status: 'completed', sent: 100 },
      { type: 'sms', status: 'active', sent: 300 },
      { type: 'social', status: 'active', sent: 100 },
      { type: 'social', status: 'draft', sent: 0 },
      { type: 'webinar', status: 'completed', sent: 50 },
      { type: 'sms', status: 'active', sent: 0 },
      { type: 'webinar', status: 'active', sent: 100 },
      { type: 'sms', status: 'active', sent: 100 },
      { type: 'social', status: 'completed', sent: 7 },
    ] as const;
    for (const [index, plan] of plans.entries()) {
      made.push(
        await ws.create({
          ...plan,
          name: `${index % 3 === 0 ? 'Summer' : 'Winter'} push ${String.fromCharCode(75 - index)}`,
          delivered: plan.sent,
          opened: Math.floor(plan.sent / 2),
          segmentIds: [segment.id],
        }),
      );
    }
    for (let n = 0; n < 3; n += 1) made.push(await ws.create({ type: 'email', name: `Summer mail ${n}` }));
  });

  async function everyPage(query: string, limit: number) {
    const seen: CampaignListItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: CampaignList = await expectJson<CampaignList>(
        await ws.admin.request(`${campaigns}?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`),
        200,
      );
      expect(page.data.length).toBeLessThanOrEqual(limit);
      seen.push(...page.data);
      cursor = page.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(20);
    } while (cursor);
    return seen;
  }

  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

  it('returns every matching campaign once across pages, in each sort and direction', async () => {
    const cases: { query: string; expected: (c: CampaignDetails) => boolean }[] = [
      { query: 'sort=updatedAt', expected: () => true },
      { query: 'sort=name', expected: () => true },
      { query: 'sort=sent', expected: () => true },
      { query: 'sort=sent&order=asc', expected: () => true },
      { query: 'type=sms&sort=sent', expected: (c) => c.type === 'sms' },
      { query: 'status=active&sort=name&order=desc', expected: (c) => c.status === 'active' },
      { query: 'type=sms&status=active', expected: (c) => c.type === 'sms' && c.status === 'active' },
      { query: 'q=summer&sort=sent', expected: (c) => c.name.startsWith('Summer') },
      {
        query: 'q=summer%20push&type=webinar',
        expected: (c) => c.name.startsWith('Summer push') && c.type === 'webinar',
      },
    ];
    for (const { query, expected } of cases) {
      for (const limit of [1, 3, 50]) {
        const rows = await everyPage(query, limit);
        expect(new Set(ids(rows)).size, `${query} limit ${limit}`).toBe(rows.length);
        expect(ids(rows).sort(), `${query} limit ${limit}`).toEqual(ids(made.filter(expected)).sort());
      }
    }
  });

  it('orders by the sort asked for, and the latest change first by default', async () => {
    const byName = await everyPage('sort=name', 4);
    expect(byName.map((row) => row.name)).toEqual(
      [...made].map((c) => c.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const bySent = await everyPage('sort=sent', 4);
    const sent = bySent.map((row) => row.sent);
    expect(sent).toEqual([...sent].sort((a, b) => b - a));

    const latest = made.at(-1)!;
    const [first] = (await expectJson<CampaignList>(await ws.admin.request(`${campaigns}?limit=1`), 200))
      .data;
    expect(first?.id).toBe(latest.id);
    const edited = made[0]!;
    await expectJson(
      await send(ws.admin, 'PATCH', `${campaigns}/${edited.id}`, {
        description: 'Edited',
        version: edited.version,
      }),
      200,
    );
    made[0] = await getCampaign(ws.admin, edited.id);
    const [now] = (await expectJson<CampaignList>(await ws.admin.request(`${campaigns}?limit=1`), 200)).data;
    expect(now?.id).toBe(edited.id);
  });

  it('shows each row’s audience and rates', async () => {
    const rows = await everyPage('type=sms&sort=sent', 50);
    const top = rows[0]!;
    expect(top).toMatchObject({ sent: 300, delivered: 300, openRate: 50, clickRate: 0 });
    expect(top.segments.map((segment) => segment.name)).toEqual(['Everyone']);
    const silent = rows.find((row) => row.sent === 0)!;
    expect(silent).toMatchObject({ openRate: null, clickRate: null });
  });

  it('refuses a cursor it did not issue, and filters it does not know', async () => {
    expect((await ws.admin.request(`${campaigns}?cursor=bm9wZQ`)).status).toBe(400);
    const [sentCursor] = [
      (await expectJson<CampaignList>(await ws.admin.request(`${campaigns}?sort=sent&limit=1`), 200))
        .nextCursor,
    ];
    expect((await ws.admin.request(`${campaigns}?sort=name&cursor=${sentCursor}`)).status).toBe(400);
    expect((await ws.admin.request(`${campaigns}?status=sending`)).status).toBe(400);
    expect((await ws.admin.request(`${campaigns}?sort=openRate`)).status).toBe(400);
  });
});
