import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import {
  errorBodySchema,
  type CampaignDetails,
  type CampaignResults,
  type LeadDetails,
} from '@atrium/shared';
import { expectJson, unique } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const db = () => server.platform.database.db;
const hour = 3_600_000;
const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;
const patch = (client: SessionClient, id: string, json: unknown) =>
  client.request(`/api/v1/marketing/leads/${id}`, { method: 'PATCH', json });
const lead = (client: SessionClient, id: string) =>
  client.request(`/api/v1/marketing/leads/${id}`).then((r) => expectJson<LeadDetails>(r, 200));
const campaign = (client: SessionClient, id: string) =>
  client.request(`/api/v1/marketing/campaigns/${id}`).then((r) => expectJson<CampaignDetails>(r, 200));
const results = (client: SessionClient, id: string) =>
  client
    .request(`/api/v1/marketing/campaigns/${id}/results`)
    .then((r) => expectJson<CampaignResults>(r, 200));

/**
 * Two sent email campaigns and a lead who clicked the first three hours ago and the second an hour
 * ago; a link scanner "clicked" the first half an hour ago.
 */
async function leadWhoClicked() {
  const owner = await signUp(server, { companyName: unique('Revenue Co') });
  const tenantId = owner.me.workspace.id;
  const ago = (ms: number) => new Date(Date.now() - ms);
  const [first, second] = await db()
    .insert(schema.campaigns)
    .values(
      ['First', 'Second'].map((name) => ({
        tenantId,
        name: unique(name),
        type: 'email' as const,
        status: 'completed' as const,
      })),
    )
    .returning({ id: schema.campaigns.id });
  const [person] = await db()
    .insert(schema.leads)
    .values({
      tenantId,
      email: `${unique('buyer')}@example.com`,
      firstName: 'Bea',
      lastName: 'Buyer',
      source: 'Website' as const,
      status: 'opportunity' as const,
    })
    .returning({ id: schema.leads.id, email: schema.leads.email });
  const sends = await db()
    .insert(schema.campaignSends)
    .values(
      [first!, second!].map((c) => ({
        tenantId,
        campaignId: c.id,
        leadId: person!.id,
        email: person!.email,
        status: 'sent' as const,
        sentAt: ago(4 * hour),
      })),
    )
    .returning({ id: schema.campaignSends.id });
  const click = (n: 0 | 1, occurredAt: Date, bot = false) => ({
    tenantId,
    campaignId: (n === 0 ? first! : second!).id,
    sendId: sends[n]!.id,
    kind: 'click' as const,
    linkIndex: 0,
    url: 'https://shop.example.com',
    bot,
    occurredAt,
  });
  await db()
    .insert(schema.campaignEvents)
    .values([click(0, ago(3 * hour)), click(1, ago(hour)), click(0, ago(hour / 2), true)]);
  return { owner, tenantId, leadId: person!.id, first: first!.id, second: second!.id, click };
}

describe('lead value and campaign revenue (issue 23)', () => {
  it('credits a new customer’s value to the last campaign it clicked before buying', async () => {
    const { owner, leadId, first, second, click } = await leadWhoClicked();
    const { client } = owner;
    const before = await lead(client, leadId);
    expect(before).toMatchObject({
      status: 'opportunity',
      value: null,
      convertedAt: null,
      attributedCampaign: null,
    });

    const started = Date.now();
    const bought = await expectJson<LeadDetails>(
      await patch(client, leadId, { version: before.version, status: 'customer', value: 1200 }),
      200,
    );
    // The scanner's later "click" on the first campaign does not count.
    expect(bought.attributedCampaign?.id).toBe(second);
    expect(bought.value).toBe(1200);
    expect(new Date(bought.convertedAt!).getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(await lead(client, leadId)).toEqual(bought);
    expect((await campaign(client, second)).revenue).toBe(1200);
    expect(await results(client, second)).toMatchObject({ revenue: 1200, attributedCustomers: 1 });
    expect(await results(client, first)).toMatchObject({ revenue: 0, attributedCustomers: 0 });

    // A click after buying moves nothing; a new value is the same campaign's revenue.
    await db().insert(schema.campaignEvents).values(click(0, new Date()));
    const raised = await expectJson<LeadDetails>(
      await patch(client, leadId, { version: bought.version, value: 1500.5 }),
      200,
    );
    expect(raised.attributedCampaign?.id).toBe(second);
    expect(raised.convertedAt).toBe(bought.convertedAt);
    expect((await campaign(client, second)).revenue).toBe(1500.5);

    // Bought two hours ago after all: only the first campaign's click came before.
    const earlier = new Date(Date.now() - 2 * hour).toISOString();
    const moved = await expectJson<LeadDetails>(
      await patch(client, leadId, { version: raised.version, convertedAt: earlier }),
      200,
    );
    expect(moved.convertedAt).toBe(earlier);
    expect(moved.attributedCampaign?.id).toBe(first);
    expect((await campaign(client, first)).revenue).toBe(1500.5);
    expect((await campaign(client, second)).revenue).toBe(0);

    // No longer a customer: the value stays on the lead, the revenue leaves the campaign.
    const lost = await expectJson<LeadDetails>(
      await patch(client, leadId, { version: moved.version, status: 'lost' }),
      200,
    );
    expect(lost).toMatchObject({
      status: 'lost',
      value: 1500.5,
      convertedAt: null,
      attributedCampaign: null,
    });
    expect((await campaign(client, first)).revenue).toBe(0);
  });

  it('credits no campaign to a customer who clicked none before buying', async () => {
    const { owner, leadId, first, second } = await leadWhoClicked();
    const before = await lead(owner.client, leadId);
    const bought = await expectJson<LeadDetails>(
      await patch(owner.client, leadId, {
        version: before.version,
        status: 'customer',
        value: 900,
        convertedAt: new Date(Date.now() - 5 * hour).toISOString(),
      }),
      200,
    );
    expect(bought.attributedCampaign).toBeNull();
    expect((await campaign(owner.client, first)).revenue).toBe(0);
    expect((await campaign(owner.client, second)).revenue).toBe(0);
  });

  it('refuses a date for a lead that is not a customer, a future date (422), a negative value (400) and a stale version', async () => {
    const { owner, leadId } = await leadWhoClicked();
    const { client } = owner;
    const { version } = await lead(client, leadId);
    const notCustomer = await patch(client, leadId, { version, convertedAt: new Date().toISOString() });
    expect(notCustomer.status).toBe(422);
    expect((await errorOf(notCustomer)).fields).toEqual({ convertedAt: 'Set the stage to Customer first' });
    const future = await patch(client, leadId, {
      version,
      status: 'customer',
      convertedAt: new Date(Date.now() + hour).toISOString(),
    });
    expect(future.status).toBe(422);
    expect((await errorOf(future)).fields).toEqual({ convertedAt: 'Enter a time that has passed' });
    const negative = await patch(client, leadId, { version, value: -1 });
    expect(negative.status).toBe(400);
    expect((await errorOf(negative)).fields).toEqual({ value: 'The value cannot be negative' });
    expect((await patch(client, leadId, { version: version + 1, status: 'qualified' })).status).toBe(412);
    // Nothing of the refused changes was kept.
    expect(await lead(client, leadId)).toMatchObject({ status: 'opportunity', value: null, version });
  });

  it('lets an Employee read a lead but not change it, and keeps a Contractor out', async () => {
    const { owner, leadId } = await leadWhoClicked();
    const employee = await addMember(server, owner.client, 'employee');
    const contractor = await addMember(server, owner.client, 'contractor');
    const { version } = await lead(employee.client, leadId);
    expect((await patch(employee.client, leadId, { version, status: 'customer' })).status).toBe(403);
    expect((await contractor.client.request(`/api/v1/marketing/leads/${leadId}`)).status).toBe(403);
    expect((await owner.client.request(`/api/v1/marketing/leads/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
