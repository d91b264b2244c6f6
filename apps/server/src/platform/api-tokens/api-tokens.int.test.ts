import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import type { ApiToken, CreatedApiToken, EmployeeDetails, Member } from '@atrium/shared';
import { employeeInput, expectJson, fixtures } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { tokenClient } from '../../testing/token-client';

let server: TestServer;
let admin: SessionClient;
let build: ReturnType<typeof fixtures>;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: admin } = await signUp(server));
  build = fixtures(admin);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const db = () => server.platform.database.db;
const tokenRow = async (id: string) =>
  (await db().select().from(schema.apiTokens).where(eq(schema.apiTokens.id, id)))[0]!;

describe('API tokens', () => {
  it('are shown once, kept only as a hash, and listed with their prefix and last use', async () => {
    const created = await build.apiToken(['people:view'], { name: 'Payroll sync' });
    expect(created.token).toMatch(/^atr_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken).toMatchObject({
      name: 'Payroll sync',
      scopes: ['people:view'],
      lastUsedAt: null,
    });
    expect(created.token.startsWith(created.apiToken.prefix)).toBe(true);

    const stored = await tokenRow(created.apiToken.id);
    expect(JSON.stringify(stored)).not.toContain(created.token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await expectJson<{ data: ApiToken[] }>(await admin.request('/api/v1/api-tokens'), 200);
    const listed = list.data.find((token) => token.id === created.apiToken.id)!;
    expect(JSON.stringify(list)).not.toContain(created.token);

    const script = tokenClient(server, created.token);
    expect((await script.request('/api/v1/employees')).status).toBe(200);
    const used = (await tokenRow(listed.id)).lastUsedAt;
    expect(used).not.toBeNull();
    // A second use within the minute writes nothing.
    expect((await script.request('/api/v1/employees')).status).toBe(200);
    expect((await tokenRow(listed.id)).lastUsedAt).toEqual(used);
  });

  it('act within their scopes: 403 for an action outside them', async () => {
    const { token } = await build.apiToken(['people:view']);
    const script = tokenClient(server, token);
    expect((await script.request('/api/v1/employees')).status).toBe(200);
    expect((await script.request('/api/v1/projects')).status).toBe(403);
    const refused = await script.request('/api/v1/employees', {
      method: 'POST',
      json: employeeInput(),
    });
    expect(refused.status).toBe(403);
  });

  it("limit the services' own checks too: people:view without people:view-compensation shows no salary", async () => {
    const person = await build.employee({ salary: 98765 });
    const asAdmin = await expectJson<EmployeeDetails>(
      await admin.request(`/api/v1/employees/${person.id}`),
      200,
    );
    expect(asAdmin.salary).toBe(98765);

    const { token } = await build.apiToken(['people:view']);
    const response = await tokenClient(server, token).request(`/api/v1/employees/${person.id}`);
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(body).toContain(person.id);
    expect(body).not.toContain('98765');
    expect(body).not.toContain('"salary"');
  });

  it('answer 401 when unknown, malformed, revoked or expired', async () => {
    const missing = tokenClient(server, `atr_${'A'.repeat(43)}`);
    expect((await missing.request('/api/v1/employees')).status).toBe(401);
    const malformed = await fetch(`${server.baseUrl}/api/v1/employees`, {
      headers: { authorization: 'Bearer' },
    });
    expect(malformed.status).toBe(401);

    const revoked = await build.apiToken(['people:view']);
    const script = tokenClient(server, revoked.token);
    expect((await script.request('/api/v1/employees')).status).toBe(200);
    const revoke = await admin.request(`/api/v1/api-tokens/${revoked.apiToken.id}`, { method: 'DELETE' });
    expect(revoke.status).toBe(204);
    const refused = await script.request('/api/v1/employees');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
    const list = await expectJson<{ data: ApiToken[] }>(await admin.request('/api/v1/api-tokens'), 200);
    expect(list.data.map((token) => token.id)).not.toContain(revoked.apiToken.id);

    const expiring = await build.apiToken(['people:view'], {
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const later = tokenClient(server, expiring.token);
    expect((await later.request('/api/v1/employees')).status).toBe(200);
    await db()
      .update(schema.apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.apiTokens.id, expiring.apiToken.id));
    expect((await later.request('/api/v1/employees')).status).toBe(401);
  });

  it("never carry more than the creator's own permissions (422), and cannot make or list tokens", async () => {
    const { client: employee } = await addMember(server, admin, 'employee');
    const beyond = await employee.request('/api/v1/api-tokens', {
      method: 'POST',
      json: { name: 'Too much', scopes: ['people:view', 'people:manage'] },
    });
    expect(beyond.status).toBe(422);
    const error = ((await beyond.json()) as { error: { message: string; fields: Record<string, string> } })
      .error;
    expect(error.message).toMatch(/only have permissions you hold/);
    expect(error.fields.scopes).toContain('people:manage');

    const past = await employee.request('/api/v1/api-tokens', {
      method: 'POST',
      json: { name: 'Past', scopes: ['people:view'], expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);

    const { token } = await fixtures(employee).apiToken(['people:view']);
    const script = tokenClient(server, token);
    expect((await script.request('/api/v1/api-tokens')).status).toBe(403);
    const made = await script.request('/api/v1/api-tokens', {
      method: 'POST',
      json: { name: 'From a token', scopes: ['people:view'] },
    });
    expect(made.status).toBe(403);
    const password = await script.request('/api/v1/me/password', {
      method: 'POST',
      json: { currentPassword: 'correct horse battery', newPassword: 'another good passphrase' },
    });
    expect(password.status).toBe(403);
  });

  it("follow the owner's role as it is now, and stop with the owner's membership", async () => {
    const { client: manager, email } = await addMember(server, admin, 'manager');
    const { token } = await fixtures(manager).apiToken([
      'people:view',
      'people:manage',
      'people:view-compensation',
    ]);
    const script = tokenClient(server, token);
    const create = () =>
      script.request('/api/v1/employees', {
        method: 'POST',
        json: employeeInput(),
      });
    expect((await create()).status).toBe(201);

    const members = await expectJson<{ data: Member[] }>(await admin.request('/api/v1/members'), 200);
    const membership = members.data.find((member) => member.email === email)!;
    const demoted = await expectJson<Member>(
      await admin.request(`/api/v1/members/${membership.id}`, {
        method: 'PATCH',
        json: { role: 'employee', version: membership.version },
      }),
      200,
    );
    expect((await create()).status).toBe(403);
    expect((await script.request('/api/v1/employees')).status).toBe(200);

    await expectJson(
      await admin.request(`/api/v1/members/${membership.id}`, {
        method: 'PATCH',
        json: { status: 'deactivated', version: demoted.version },
      }),
      200,
    );
    expect([401, 403]).toContain((await script.request('/api/v1/employees')).status);
  });

  it('need no same-origin check, but a cookie beside the token does', async () => {
    const { token } = await build.apiToken(['people:view', 'people:manage', 'people:view-compensation']);
    const body = JSON.stringify(employeeInput());
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // No Origin, no Sec-Fetch-Site: a script.
    const plain = await fetch(`${server.baseUrl}/api/v1/employees`, { method: 'POST', headers, body });
    expect(plain.status).toBe(201);

    const withCookie = await fetch(`${server.baseUrl}/api/v1/employees`, {
      method: 'POST',
      headers: { ...headers, cookie: admin.cookie },
      body,
    });
    expect(withCookie.status).toBe(403);
    expect(await withCookie.text()).toContain('Cross-site request refused');

    // A bad token never falls back to the session cookie sent with it.
    const badToken = await admin.request('/api/v1/employees', {
      headers: { authorization: `Bearer atr_${'B'.repeat(43)}` },
    });
    expect(badToken.status).toBe(401);
    // Nor does the auth library take the token for a session.
    const library = await fetch(`${server.baseUrl}/api/auth/revoke-other-sessions`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(library.status).toBe(401);
  });

  it('are listed to their owner; Admins list and revoke every token of the workspace', async () => {
    const { client: employee, me } = await addMember(server, admin, 'employee');
    const own = await fixtures(employee).apiToken(['people:view']);
    const admins = await build.apiToken(['people:view']);

    const employeeList = await expectJson<{ data: ApiToken[] }>(
      await employee.request('/api/v1/api-tokens'),
      200,
    );
    expect(employeeList.data.map((token) => token.id)).toEqual([own.apiToken.id]);
    const adminList = await expectJson<{ data: ApiToken[] }>(await admin.request('/api/v1/api-tokens'), 200);
    const ids = adminList.data.map((token) => token.id);
    expect(ids).toEqual(expect.arrayContaining([own.apiToken.id, admins.apiToken.id]));
    expect(adminList.data.find((token) => token.id === own.apiToken.id)!.owner.email).toBe(me.user.email);

    const notTheirs = await employee.request(`/api/v1/api-tokens/${admins.apiToken.id}`, {
      method: 'DELETE',
    });
    expect(notTheirs.status).toBe(404);
    expect((await tokenClient(server, admins.token).request('/api/v1/employees')).status).toBe(200);
    const byAdmin = await admin.request(`/api/v1/api-tokens/${own.apiToken.id}`, { method: 'DELETE' });
    expect(byAdmin.status).toBe(204);
    expect((await tokenClient(server, own.token).request('/api/v1/employees')).status).toBe(401);
  });
});

describe('the request limit per token', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startTestServer(
      { API_TOKEN_REQUESTS_PER_MINUTE: '3' },
      { database: server.platform.database },
    );
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 with Retry-After beyond it, for that token only', async () => {
    const first: CreatedApiToken = await build.apiToken(['people:view']);
    const second: CreatedApiToken = await build.apiToken(['people:view']);
    const script = tokenClient(limited, first.token);
    for (let n = 0; n < 3; n += 1) expect((await script.request('/api/v1/employees')).status).toBe(200);
    const refused = await script.request('/api/v1/employees');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await tokenClient(limited, second.token).request('/api/v1/employees')).status).toBe(200);
  });
});
