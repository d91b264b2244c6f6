import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import { errorBodySchema, type Suppression, type SuppressionListResponse } from '@atrium/shared';
import { expectJson, unique } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const path = '/api/v1/marketing/suppressions';
const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;
const send = (client: SessionClient, method: string, to: string, json?: unknown) =>
  client.request(to, { method, ...(json === undefined ? {} : { json }) });
const list = async (client: SessionClient, query = '') =>
  expectJson<SuppressionListResponse>(await client.request(`${path}${query}`), 200);
const suppress = async (client: SessionClient, json: object) =>
  expectJson<Suppression>(await send(client, 'POST', path, json), 201);

describe('the suppression list (issue 23)', () => {
  let manager: SessionClient;
  let employee: SessionClient;
  let tenantId: string;
  beforeAll(async () => {
    const owner = await signUp(server, { companyName: 'Suppress Co' });
    tenantId = owner.me.workspace.id;
    manager = owner.client;
    employee = (await addMember(server, owner.client, 'employee')).client;
  });

  it('suppresses an address by hand, kept in lower case, and lists it newest first', async () => {
    const name = unique('Lead');
    const first = await suppress(manager, { email: ` ${name}@Example.COM `, detail: 'Asked us by phone' });
    expect(first).toMatchObject({
      email: `${name.toLowerCase()}@example.com`,
      reason: 'manual',
      detail: 'Asked us by phone',
      campaign: null,
    });
    const second = await suppress(manager, { email: `${name}-2@example.com` });
    expect(second.detail).toBe('');
    const page = await list(employee, `?q=${encodeURIComponent(name.toLowerCase())}`);
    expect(page.data.map((row) => row.id)).toEqual([second.id, first.id]);
  });

  it('answers 409 for an address already on the list, whatever its case', async () => {
    const email = `${unique('twice')}@example.com`;
    await suppress(manager, { email });
    const again = await send(manager, 'POST', path, { email: email.toUpperCase() });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).fields).toMatchObject({ email: expect.any(String) });
  });

  it('refuses an address that is not one (400, with the field)', async () => {
    const response = await send(manager, 'POST', path, { email: 'not an address' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toMatchObject({ email: 'Enter a valid email address' });
  });

  it('pages with a cursor and finds addresses by any part of them', async () => {
    const marker = unique('paged').toLowerCase();
    const made = [];
    for (let n = 0; n < 3; n += 1)
      made.push(await suppress(manager, { email: `${marker}-${n}@example.com` }));
    const first = await list(manager, `?q=${marker}&limit=2`);
    expect(first.data).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(manager, `?q=${marker}&limit=2&cursor=${first.nextCursor}`);
    expect([...first.data, ...second.data].map((row) => row.id)).toEqual(made.map((row) => row.id).reverse());
    expect(second.nextCursor).toBeNull();
    expect(
      (await list(manager, `?q=${encodeURIComponent(`${marker}-1@`)}`)).data.map((row) => row.id),
    ).toEqual([made[1]!.id]);
  });

  it('keeps one reason when asked, and refuses a reason that is none (400)', async () => {
    const marker = unique('reason').toLowerCase();
    const byHand = await suppress(manager, { email: `${marker}-hand@example.com` });
    const [unsubscribed] = await server.platform.database.db
      .insert(schema.emailSuppressions)
      .values({ tenantId, email: `${marker}-left@example.com`, reason: 'unsubscribed' })
      .returning({ id: schema.emailSuppressions.id });
    const ids = async (reason: string) =>
      (await list(employee, `?q=${marker}&reason=${reason}`)).data.map((row) => row.id);
    expect(await ids('unsubscribed')).toEqual([unsubscribed!.id]);
    expect(await ids('manual')).toEqual([byHand.id]);
    expect(await ids('complaint')).toEqual([]);
    expect((await manager.request(`${path}?reason=bored`)).status).toBe(400);
  });

  it('releases an address: gone from the list, and a second release is a 404', async () => {
    const email = `${unique('release')}@example.com`;
    const row = await suppress(manager, { email });
    expect((await send(manager, 'DELETE', `${path}/${row.id}`)).status).toBe(204);
    expect((await list(manager, `?q=${encodeURIComponent(email)}`)).data).toEqual([]);
    expect((await send(manager, 'DELETE', `${path}/${row.id}`)).status).toBe(404);
    // Released, the address may be suppressed again.
    await suppress(manager, { email });
  });

  it('lets an Employee read the list but not change it (403)', async () => {
    const row = await suppress(manager, { email: `${unique('guarded')}@example.com` });
    expect((await list(employee)).data.some((entry) => entry.id === row.id)).toBe(true);
    expect((await send(employee, 'POST', path, { email: `${unique('x')}@example.com` })).status).toBe(403);
    expect((await send(employee, 'DELETE', `${path}/${row.id}`)).status).toBe(403);
  });

  it("keeps workspaces apart: another workspace neither sees nor releases this one's addresses", async () => {
    const email = `${unique('private')}@example.com`;
    const row = await suppress(manager, { email });
    const other = (await signUp(server, { companyName: 'Other Co' })).client;
    expect((await list(other, `?q=${encodeURIComponent(email)}`)).data).toEqual([]);
    expect((await send(other, 'DELETE', `${path}/${row.id}`)).status).toBe(404);
    // The same address is the other workspace's own business.
    await suppress(other, { email });
    expect((await list(manager, `?q=${encodeURIComponent(email)}`)).data.map((entry) => entry.id)).toEqual([
      row.id,
    ]);
  });
});
