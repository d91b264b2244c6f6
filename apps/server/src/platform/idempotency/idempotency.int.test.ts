import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import { employeeInput, fixtures } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { tokenClient } from '../../testing/token-client';

let server: TestServer;
let admin: SessionClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: admin } = await signUp(server));
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const employeesWith = async (email: string) =>
  (await server.platform.database.db.select().from(schema.employees).where(eq(schema.employees.email, email)))
    .length;

const createEmployee = (client: SessionClient, key: string, body: unknown) =>
  client.request('/api/v1/employees', { method: 'POST', json: body, headers: { 'idempotency-key': key } });

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and creates one record', async () => {
    const key = randomUUID();
    const body = employeeInput();
    const first = await createEmployee(admin, key, body);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await createEmployee(admin, key, body);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toMatch(/application\/json/);
    expect(await retry.text()).toBe(await first.text());
    expect(await employeesWith(body.email)).toBe(1);
  });

  it('refuses the same key with a different request (422), changing nothing', async () => {
    const key = randomUUID();
    const body = employeeInput();
    expect((await createEmployee(admin, key, body)).status).toBe(201);
    const other = employeeInput();
    const refused = await createEmployee(admin, key, other);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toMatch(/used for a different request/);
    expect(await employeesWith(other.email)).toBe(0);
  });

  it('creates one record when the same keyed create arrives twice at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const key = randomUUID();
      const body = employeeInput();
      const answers = await Promise.all([createEmployee(admin, key, body), createEmployee(admin, key, body)]);
      const statuses = answers.map((answer) => answer.status).sort();
      // The second either waited for nothing and got the kept answer, or found the first running.
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual(statuses);
      const busy = answers.find((answer) => answer.status === 409);
      if (busy) expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await employeesWith(body.email)).toBe(1);
      // Once the first is answered, a retry gets its answer.
      const retry = await createEmployee(admin, key, body);
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
    }
  });

  it('keeps a 4xx answer too, and refuses a malformed key', async () => {
    const key = randomUUID();
    const invalid = { ...employeeInput(), email: 'not an address' };
    const first = await createEmployee(admin, key, invalid);
    expect(first.status).toBe(400);
    const retry = await createEmployee(admin, key, invalid);
    expect(retry.status).toBe(400);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');

    for (const bad of ['', 'x'.repeat(256), 'tab\there']) {
      const refused = await createEmployee(admin, bad, employeeInput());
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('ignores a key older than 24 hours', async () => {
    const key = randomUUID();
    expect((await createEmployee(admin, key, employeeInput())).status).toBe(201);
    await server.platform.database.db
      .update(schema.idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(schema.idempotencyKeys.key, key)));
    const later = employeeInput();
    const again = await createEmployee(admin, key, later);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await employeesWith(later.email)).toBe(1);
  });

  it("keeps each member's keys apart, and works with API tokens", async () => {
    const key = randomUUID();
    const { client: manager } = await addMember(server, admin, 'manager');
    const mine = employeeInput();
    const theirs = employeeInput();
    expect((await createEmployee(admin, key, mine)).status).toBe(201);
    expect((await createEmployee(manager, key, theirs)).status).toBe(201);
    expect(await employeesWith(theirs.email)).toBe(1);

    const { token } = await fixtures(admin).apiToken([
      'people:view',
      'people:manage',
      'people:view-compensation',
    ]);
    const script = tokenClient(server, token);
    const body = employeeInput();
    const tokenKey = randomUUID();
    expect((await createEmployee(script, tokenKey, body)).status).toBe(201);
    const replay = await createEmployee(script, tokenKey, body);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await employeesWith(body.email)).toBe(1);
  });
});
