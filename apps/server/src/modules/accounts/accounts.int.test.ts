import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, type Me } from '@atrium/shared';
import { addMember, invite, logIn, sessionClient, signUp } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

describe('sign-up', () => {
  it('creates the user, a workspace on a 14-day trial with them as Admin, and their employee record', async () => {
    const { client, me, input } = await signUp(server, { name: 'Grace Hopper', companyName: 'Hopper & Co' });
    expect(me.user).toMatchObject({ name: 'Grace Hopper', email: input.email });
    expect(me.workspace).toMatchObject({ name: 'Hopper & Co', slug: 'hopper-co', role: 'admin' });
    const trialDays = (new Date(me.workspace.trialEndsAt!).getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
    expect(me.employeeId).not.toBeNull();
    expect(me.permissions).toContain('settings:manage');

    const again = await client.request('/api/v1/me');
    expect(((await again.json()) as Me).workspace.id).toBe(me.workspace.id);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await sessionClient(server).request('/api/v1/auth/signup', {
      method: 'POST',
      json: {
        name: 'Alan Turing',
        email: `alan-${Date.now()}@example.com`,
        password: 'enigma machine',
        companyName: 'Bletchley',
      },
    });
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Served over http in this test: Secure would stop the browser from sending it.
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('answers bad input with field errors from the shared schema', async () => {
    const response = await sessionClient(server).request('/api/v1/auth/signup', {
      method: 'POST',
      json: { name: '', email: 'not-an-email', password: 'short', companyName: '' },
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['companyName', 'email', 'name', 'password']);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const { input } = await signUp(server);
    const response = await sessionClient(server).request('/api/v1/auth/signup', {
      method: 'POST',
      json: { ...input, email: input.email.toUpperCase(), companyName: 'Other' },
    });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).fields?.email).toBeTruthy();
  });
});

describe('who is signed in', () => {
  it('answers null to a signed-out visitor and the member view once signed in, never the token', async () => {
    const anonymous = await sessionClient(server).request('/api/v1/session');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toBeNull();
    const { client, me } = await signUp(server);
    const body = await (await client.request('/api/v1/session')).text();
    expect(JSON.parse(body)).toEqual(me);
    expect(body).not.toContain(client.cookie.split('=')[1]!.split('.')[0]!);
    // The auth library's own session endpoints would hand the token to JavaScript: closed.
    expect((await client.request('/api/auth/get-session')).status).toBe(404);
  });
});

describe('sign-in and sign-out', () => {
  it('signs out, then back in with a new session id', async () => {
    const { client, input } = await signUp(server);
    const firstCookie = client.cookie;
    expect((await client.request('/api/v1/auth/logout', { method: 'POST' })).status).toBe(204);
    expect((await client.request('/api/v1/me')).status).toBe(401);
    // The old cookie is dead too, not only forgotten by this client.
    expect((await sessionClient(server, firstCookie).request('/api/v1/me')).status).toBe(401);

    const { client: again, me } = await logIn(server, input.email, input.password);
    expect(me.user.email).toBe(input.email);
    expect(again.cookie).not.toBe(firstCookie);
    expect((await again.request('/api/v1/me')).status).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { input } = await signUp(server);
    const wrong = await sessionClient(server).request('/api/v1/auth/login', {
      method: 'POST',
      json: { email: input.email, password: 'not the password' },
    });
    const unknown = await sessionClient(server).request('/api/v1/auth/login', {
      method: 'POST',
      json: { email: `nobody-${Date.now()}@example.com`, password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await errorOf(wrong), await errorOf(unknown)];
    expect(a.message).toBe(b.message);
    expect(a.code).toBe(b.code);
  });

  it('throttles the 11th wrong password for one account within a minute with 429 and Retry-After', async () => {
    const { input } = await signUp(server);
    const attempt = (password: string) =>
      sessionClient(server).request('/api/v1/auth/login', {
        method: 'POST',
        json: { email: input.email, password },
      });
    for (let i = 1; i <= 10; i++) expect((await attempt(`wrong-${i}-password`)).status).toBe(401);
    const eleventh = await attempt('wrong-11-password');
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(eleventh)).code).toBe('rate_limited');
    // Even the right password waits: guessing must not be able to confirm a hit.
    expect((await attempt(input.password)).status).toBe(429);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-carrying mutation from another origin', async () => {
    const { client } = await signUp(server);
    const forged = await client.request('/api/v1/members/invitations', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { email: 'victim@example.com', role: 'admin' },
    });
    expect(forged.status).toBe(403);
    expect((await errorOf(forged)).message).toMatch(/cross-site/i);
    const listed = await client.request('/api/v1/members/invitations');
    expect(((await listed.json()) as { data: unknown[] }).data).toHaveLength(0);
  });
});

describe('invitations and members', () => {
  it('lets an invited person set a password and join with the invited role', async () => {
    const { client: admin, me: adminMe } = await signUp(server, { companyName: 'Invite Co' });
    const email = `newbie-${Date.now()}@example.com`;
    const id = await invite(server, admin, email, 'manager');

    const preview = await sessionClient(server).request(`/api/v1/invitations/${id}`);
    expect(await preview.json()).toEqual({
      workspaceName: 'Invite Co',
      email,
      role: 'manager',
    });

    const joined = sessionClient(server);
    const accepted = await joined.request(`/api/v1/invitations/${id}/accept`, {
      method: 'POST',
      json: { name: 'New Manager', password: 'a fine password' },
    });
    expect(accepted.status).toBe(200);
    const me = (await accepted.json()) as Me;
    expect(me.workspace).toMatchObject({ id: adminMe.workspace.id, role: 'manager' });
    expect(me.employeeId).not.toBeNull();

    // The link is single-use.
    expect((await sessionClient(server).request(`/api/v1/invitations/${id}`)).status).toBe(404);
    const members = (await (await admin.request('/api/v1/members')).json()) as {
      data: { email: string; role: string }[];
    };
    expect(members.data.find((m) => m.email === email)?.role).toBe('manager');
    await logIn(server, email, 'a fine password');
  });

  it('changes a role, and a deactivated member can no longer sign in while their records stay', async () => {
    const { client: admin } = await signUp(server);
    const { email, me: memberMe, client: memberClient } = await addMember(server, admin, 'employee');
    const list = async () =>
      (
        (await (await admin.request('/api/v1/members')).json()) as {
          data: { id: string; email: string; version: number; role: string; status: string }[];
        }
      ).data;
    let target = (await list()).find((m) => m.email === email)!;

    const promoted = await admin.request(`/api/v1/members/${target.id}`, {
      method: 'PATCH',
      json: { role: 'manager', version: target.version },
    });
    expect(promoted.status).toBe(200);
    // A second edit based on what was read before is stale.
    const stale = await admin.request(`/api/v1/members/${target.id}`, {
      method: 'PATCH',
      json: { role: 'contractor', version: target.version },
    });
    expect(stale.status).toBe(412);

    target = (await list()).find((m) => m.email === email)!;
    const deactivated = await admin.request(`/api/v1/members/${target.id}`, {
      method: 'PATCH',
      json: { status: 'deactivated', version: target.version },
    });
    expect(deactivated.status).toBe(200);
    expect((await memberClient.request('/api/v1/me')).status).toBe(401);
    const signIn = await sessionClient(server).request('/api/v1/auth/login', {
      method: 'POST',
      json: { email, password: 'correct horse battery' },
    });
    expect(signIn.status).toBe(403);
    expect((await list()).find((m) => m.email === email)?.status).toBe('deactivated');
    expect(memberMe.employeeId).not.toBeNull();
  });

  it('keeps at least one admin and does not let admins lock themselves out', async () => {
    const { client: admin, me } = await signUp(server);
    const members = (
      (await (await admin.request('/api/v1/members')).json()) as {
        data: { id: string; userId: string; version: number }[];
      }
    ).data;
    const self = members.find((m) => m.userId === me.user.id)!;
    const response = await admin.request(`/api/v1/members/${self.id}`, {
      method: 'PATCH',
      json: { role: 'employee', version: self.version },
    });
    expect(response.status).toBe(422);
  });
});

describe('several workspaces', () => {
  it('switches between the workspaces a user belongs to, and no further', async () => {
    const { client: alice, input, me: aliceMe } = await signUp(server, { companyName: 'Alice Inc' });
    const { client: bob, me: bobMe } = await signUp(server, { companyName: 'Bob Ltd' });
    const id = await invite(server, bob, input.email, 'employee');
    // Signed in already, Alice accepts without giving her password again (issue 17).
    const accepted = await alice.request(`/api/v1/invitations/${id}/accept`, { method: 'POST', json: {} });
    expect(accepted.status).toBe(200);

    const me = (await (await alice.request('/api/v1/me')).json()) as Me;
    expect(me.workspaces.map((w) => w.name).sort()).toEqual(['Alice Inc', 'Bob Ltd']);
    const switched = await alice.request('/api/v1/me/workspace', {
      method: 'POST',
      json: { workspaceId: bobMe.workspace.id },
    });
    expect(((await switched.json()) as Me).workspace).toMatchObject({ name: 'Bob Ltd', role: 'employee' });
    expect(((await (await alice.request('/api/v1/me')).json()) as Me).workspace.id).toBe(bobMe.workspace.id);

    const { me: carolMe } = await signUp(server, { companyName: 'Carol GmbH' });
    const refused = await alice.request('/api/v1/me/workspace', {
      method: 'POST',
      json: { workspaceId: carolMe.workspace.id },
    });
    expect(refused.status).toBe(404);
    expect(aliceMe.workspace.id).not.toBe(bobMe.workspace.id);
  });
});

describe('workspace settings', () => {
  it('starts from the spec defaults, saves valid changes and refuses stale or invalid ones', async () => {
    const { client: admin } = await signUp(server);
    const settings = (await (await admin.request('/api/v1/workspace')).json()) as Record<string, unknown> & {
      version: number;
    };
    expect(settings).toMatchObject({
      timeZone: 'UTC',
      weekStart: 0,
      workdayStart: '09:00',
      workdayEnd: '17:00',
      breakMinutes: 60,
      weeklyHours: 40,
    });
    const { id: _id, slug: _slug, trialEndsAt: _trial, ...editable } = settings;
    const saved = await admin.request('/api/v1/workspace', {
      method: 'PATCH',
      json: { ...editable, name: 'Renamed', timeZone: 'Europe/Berlin', weekStart: 1 },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      name: 'Renamed',
      timeZone: 'Europe/Berlin',
      weekStart: 1,
      version: settings.version + 1,
    });

    const stale = await admin.request('/api/v1/workspace', { method: 'PATCH', json: { ...editable } });
    expect(stale.status).toBe(412);
    const invalid = await admin.request('/api/v1/workspace', {
      method: 'PATCH',
      json: { ...editable, version: settings.version + 1, workdayEnd: '08:00', timeZone: 'Mars/Olympus' },
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys((await errorOf(invalid)).fields ?? {}).sort()).toEqual(['timeZone', 'workdayEnd']);
  });
});
