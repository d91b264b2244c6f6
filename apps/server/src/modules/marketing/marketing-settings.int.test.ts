import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMarketingSettings, errorBodySchema, type MarketingSettings } from '@atrium/shared';
import { expectJson } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const settings = '/api/v1/marketing/settings';
const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;
const put = (client: SessionClient, json: unknown) => client.request(settings, { method: 'PUT', json });
const read = async (client: SessionClient) =>
  expectJson<MarketingSettings>(await client.request(settings), 200);

describe('marketing settings (issue 23)', () => {
  let admin: SessionClient;
  beforeAll(async () => {
    admin = (await signUp(server, { companyName: 'Settings Co' })).client;
  });

  it('reads the defaults until saved, then the saved values; a stale version gets 412', async () => {
    expect(await read(admin)).toEqual(defaultMarketingSettings);

    const saved = await expectJson<MarketingSettings>(
      await put(admin, {
        sendRatePerSecond: 250,
        trackPeople: false,
        fromName: ' Acme News ',
        fromEmail: 'News@Acme.test',
        postalAddress: '1 Main Street, Springfield',
        version: 1,
      }),
      200,
    );
    expect(saved).toEqual({
      sendRatePerSecond: 250,
      trackPeople: false,
      fromName: 'Acme News',
      fromEmail: 'news@acme.test',
      postalAddress: '1 Main Street, Springfield',
      version: 2,
    });
    expect(await read(admin)).toEqual(saved);

    expect((await put(admin, { trackPeople: true, version: 1 })).status).toBe(412);

    // Left out keeps its value; null rate is no limit; an empty sender is none.
    const unlimited = await expectJson<MarketingSettings>(
      await put(admin, { sendRatePerSecond: null, fromName: '', version: 2 }),
      200,
    );
    expect(unlimited).toEqual({ ...saved, sendRatePerSecond: null, fromName: null, version: 3 });
    expect(await read(admin)).toEqual(unlimited);
  });

  it('refuses a rate outside 1-10,000 and a malformed sender', async () => {
    const refused = await put(admin, {
      sendRatePerSecond: 0,
      fromEmail: 'nobody',
      fromName: 'Two\r\nlines',
      version: 1,
    });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields).toEqual({
      sendRatePerSecond: 'Enter between 1 and 10,000',
      fromEmail: 'Enter a valid email address',
      fromName: 'Keep the name on one line',
    });
    const tooFast = await put(admin, { sendRatePerSecond: 10_001, version: 1 });
    expect((await errorOf(tooFast)).fields).toEqual({ sendRatePerSecond: 'Enter between 1 and 10,000' });
  });

  it('lets an Employee read the settings but not save them, and keeps a Contractor out', async () => {
    const owner = await signUp(server, { companyName: 'Settings Roles Co' });
    const employee = await addMember(server, owner.client, 'employee');
    const contractor = await addMember(server, owner.client, 'contractor');
    expect(await read(employee.client)).toEqual(defaultMarketingSettings);
    expect((await put(employee.client, { trackPeople: false, version: 1 })).status).toBe(403);
    expect((await contractor.client.request(settings)).status).toBe(403);
    expect(await read(owner.client)).toEqual(defaultMarketingSettings);
  });
});
