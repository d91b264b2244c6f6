import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, errorBodySchema, type Me } from '@atrium/shared';
import { seedDemo } from '@atrium/db/seed';
import { addMember, invite, logIn, sessionClient, signUp } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

// Issue 17: an account takeover through invitation accept, login CSRF and the smaller holes.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

describe('accepting an invitation for an existing account', () => {
  it('never takes a password: guessing there gets no session, and only the signed-in owner joins', async () => {
    const { client: victim, input: victimInput } = await signUp(server, { companyName: 'Victim Co' });
    const { client: attacker, me: attackerMe } = await signUp(server, { companyName: 'Attacker Co' });
    const id = await invite(server, attacker, victimInput.email, 'employee');

    // The preview no longer tells the inviter whether the address has an account.
    const preview = await sessionClient(server).request(`/api/v1/invitations/${id}`);
    expect(Object.keys((await preview.json()) as object).sort()).toEqual(['email', 'role', 'workspaceName']);

    // Twenty guesses, the right password among them: none signs anyone in or counts as an answer.
    const guesser = sessionClient(server);
    for (let i = 0; i < 20; i++) {
      const password = i === 13 ? victimInput.password : `guess number ${i}`;
      const answer = await guesser.request(`/api/v1/invitations/${id}/accept`, {
        method: 'POST',
        json: { name: 'Mallory', password },
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    expect(guesser.cookie).toBe('');
    expect((await guesser.request('/api/v1/me')).status).toBe(401);

    // Signed in as someone else, the invitation cannot be taken either.
    const other = await attacker.request(`/api/v1/invitations/${id}/accept`, { method: 'POST', json: {} });
    expect(other.status).toBe(403);
    const members = (await (await attacker.request('/api/v1/members')).json()) as {
      data: { email: string }[];
    };
    expect(members.data.map((m) => m.email)).not.toContain(victimInput.email);

    // The owner, signed in through the throttled sign-in, accepts with no password asked.
    const accepted = await victim.request(`/api/v1/invitations/${id}/accept`, { method: 'POST', json: {} });
    expect(accepted.status).toBe(200);
    const me = (await accepted.json()) as Me;
    expect(me.workspace).toMatchObject({ id: attackerMe.workspace.id, role: 'employee' });
    expect(me.workspaces.map((w) => w.name).sort()).toEqual(['Attacker Co', 'Victim Co']);
  });

  it('creates a new account only with a name and an uncommon password', async () => {
    const { client: admin } = await signUp(server);
    const id = await invite(server, admin, `fresh-${Date.now()}@example.com`, 'employee');
    const accept = (json: object) =>
      sessionClient(server).request(`/api/v1/invitations/${id}/accept`, { method: 'POST', json });
    const missing = await accept({});
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).fields).toMatchObject({
      name: expect.any(String),
      password: expect.any(String),
    });
    const common = await accept({ name: 'Fresh Person', password: 'password123' });
    expect((await errorOf(common)).fields?.password).toMatch(/too common/);
    expect((await accept({ name: 'Fresh Person', password: 'a rarely used phrase' })).status).toBe(200);
  });
});

describe('the one password check', () => {
  it('throttles changing a password on the same count as signing in', async () => {
    const { client, input } = await signUp(server);
    const change = (currentPassword: string) =>
      client.request('/api/v1/me/password', {
        method: 'POST',
        json: { currentPassword, newPassword: 'a brand new passphrase' },
      });
    for (let i = 1; i <= 5; i++) expect((await change(`wrong-${i}-password`)).status).toBe(401);
    for (let i = 6; i <= 10; i++) {
      const signIn = await sessionClient(server).request('/api/v1/auth/login', {
        method: 'POST',
        json: { email: input.email, password: `wrong-${i}-password` },
      });
      expect(signIn.status).toBe(401);
    }
    const eleventh = await change(input.password);
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('changes a password with the current one, ending the other sessions', async () => {
    const { client, input } = await signUp(server);
    const { client: elsewhere } = await logIn(server, input.email, input.password);
    const changed = await client.request('/api/v1/me/password', {
      method: 'POST',
      json: { currentPassword: input.password, newPassword: 'another good passphrase' },
    });
    expect(changed.status).toBe(204);
    expect((await client.request('/api/v1/me')).status).toBe(200);
    expect((await elsewhere.request('/api/v1/me')).status).toBe(401);
    await logIn(server, input.email, 'another good passphrase');
    const old = await sessionClient(server).request('/api/v1/auth/login', {
      method: 'POST',
      json: { email: input.email, password: input.password },
    });
    expect(old.status).toBe(401);
  });

  it("keeps the auth library's own password routes closed", async () => {
    const { client, input } = await signUp(server);
    for (const path of ['/api/auth/change-password', '/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
      const response = await client.request(path, {
        method: 'POST',
        json: {
          email: input.email,
          password: input.password,
          currentPassword: input.password,
          newPassword: 'x'.repeat(12),
        },
      });
      expect(response.status, path).toBe(404);
    }
  });
});

describe('DEMO_LOGINS=false', () => {
  it('leaves the demo accounts no session by any route, including ones made before', async () => {
    const open = await startTestServer();
    const locked = await startTestServer({ DEMO_LOGINS: 'false' }, { database: open.platform.database });
    try {
      await seedDemo(open.platform.database, { scale: 'demo' });
      await open.services.accounts.ensureDemoLogins();
      const { client: earlier } = await logIn(open, 'admin@acme.test', demoPassword);

      // What start-up does with the switch off.
      await locked.services.accounts.endDemoSessions();
      expect((await earlier.request('/api/v1/me')).status).toBe(401);

      const signIn = await sessionClient(locked).request('/api/v1/auth/login', {
        method: 'POST',
        json: { email: 'admin@acme.test', password: demoPassword },
      });
      expect(signIn.status).toBe(401);
      // Even the auth library itself, asked directly, starts no session for them.
      await expect(
        locked.platform.auth.api.signInEmail({ body: { email: 'admin@acme.test', password: demoPassword } }),
      ).rejects.toThrow();
    } finally {
      await locked.close();
      await open.close();
    }
  });
});

describe('login and sign-up CSRF', () => {
  const signupBody = () =>
    JSON.stringify({
      name: 'Csrf Test',
      email: `csrf-${Date.now()}-${Math.random()}@example.com`,
      password: 'correct horse battery',
      companyName: 'Csrf Co',
    });

  it('refuses a sign-in or sign-up from another origin, with or without cookies', async () => {
    const { input } = await signUp(server);
    for (const [path, body] of [
      ['/api/v1/auth/login', JSON.stringify({ email: input.email, password: input.password })],
      ['/api/v1/auth/signup', signupBody()],
    ] as const) {
      for (const contentType of ['text/plain', 'application/json']) {
        const forged = await server.request(path, {
          method: 'POST',
          headers: { origin: 'http://evil.example', 'content-type': contentType },
          body,
        });
        expect(forged.status, `${path} ${contentType}`).toBe(403);
        expect(forged.headers.getSetCookie()).toEqual([]);
      }
      const noOrigin = await fetch(server.baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
        body,
      });
      expect(noOrigin.status, path).toBe(403);
    }
  });

  it('reads a body as JSON only when it says it is JSON', async () => {
    const { input } = await signUp(server);
    const plain = await server.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email: input.email, password: input.password }),
    });
    expect(plain.status).toBe(415);
    expect(plain.headers.getSetCookie()).toEqual([]);
    const form = await server.request('/api/v1/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: signupBody(),
    });
    expect(form.status).toBe(415);
  });
});

describe('sign-up', () => {
  it('refuses common and blank passwords', async () => {
    for (const password of ['password', '12345678', '        ', 'Password1', 'qwertyuiop']) {
      const response = await sessionClient(server).request('/api/v1/auth/signup', {
        method: 'POST',
        json: {
          name: 'Weak Password',
          email: `weak-${Date.now()}-${Math.random()}@example.com`,
          password,
          companyName: 'Weak Co',
        },
      });
      expect(response.status, JSON.stringify(password)).toBe(400);
      expect((await errorOf(response)).fields?.password).toBeTruthy();
    }
  });

  it('throttles sign-up attempts from one address, valid or not', async () => {
    const own = await startTestServer();
    try {
      const attempt = (password: string) =>
        sessionClient(own).request('/api/v1/auth/signup', {
          method: 'POST',
          json: {
            name: 'Bulk Person',
            email: `bulk-${Date.now()}-${Math.random()}@example.com`,
            password,
            companyName: 'Bulk Co',
          },
        });
      expect((await attempt('correct horse battery')).status).toBe(201);
      for (let i = 2; i <= 20; i++) expect((await attempt('short')).status).toBe(400);
      const over = await attempt('correct horse battery');
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });
});

describe('smaller holes', () => {
  it('keeps customers to the portal: no workspace settings', async () => {
    const { client: admin } = await signUp(server);
    const { client: customer } = await addMember(server, admin, 'customer');
    expect((await customer.request('/api/v1/workspace')).status).toBe(403);
    expect((await admin.request('/api/v1/workspace')).status).toBe(200);
  });

  it('marks API answers no-store and pages with a Permissions-Policy', async () => {
    const { client } = await signUp(server);
    for (const path of ['/api/v1/me', '/api/v1/employees', '/api/v1/does-not-exist']) {
      expect((await client.request(path)).headers.get('cache-control'), path).toBe('no-store');
    }
    const page = await server.request('/login');
    expect(page.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    expect(page.headers.get('permissions-policy')).toMatch(/geolocation=\(\)/);
  });
});
