import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import { seedDemo } from '@atrium/db/seed';
import { demoAccounts, demoPassword } from '@atrium/shared';
import { logIn, sessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
const customerTickets = () =>
  server.platform.database.db
    .select({
      id: schema.tickets.id,
      userId: schema.tickets.customerUserId,
      updatedAt: schema.tickets.updatedAt,
    })
    .from(schema.tickets)
    .where(eq(schema.tickets.customerEmail, 'customer@acme.test'))
    .orderBy(asc(schema.tickets.id));
let seededCustomerTickets: Awaited<ReturnType<typeof customerTickets>>;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.platform.database, { scale: 'demo' });
  seededCustomerTickets = await customerTickets();
  expect(await server.services.accounts.ensureDemoLogins()).toBe(demoAccounts.length);
  // Idempotent: a restart creates nothing twice.
  expect(await server.services.accounts.ensureDemoLogins()).toBe(0);
}, 120_000);
afterAll(() => server?.close());

describe('demo workspace logins', () => {
  it('signs in each role into Acme Demo, the Admin being the first employee', async () => {
    for (const account of demoAccounts) {
      const { me } = await logIn(server, account.email, demoPassword);
      expect(me.workspace).toMatchObject({ name: 'Acme Demo', role: account.role });
      if (account.role === 'customer') expect(me.employeeId).toBeNull();
      else expect(me.employeeId).not.toBeNull();
    }
    const { me: admin } = await logIn(server, 'admin@acme.test', demoPassword);
    const [first] = await server.platform.database.db
      .select({ code: schema.employees.employeeCode })
      .from(schema.employees)
      .where(eq(schema.employees.id, admin.employeeId!));
    expect(first?.code).toBe('EMP001');
  });

  it('keeps the Contractor and the Customer to what their roles allow', async () => {
    const { client: contractor, me: contractorMe } = await logIn(
      server,
      'contractor@acme.test',
      demoPassword,
    );
    expect(contractorMe.permissions).not.toContain('people:view');
    expect((await contractor.request('/api/v1/members')).status).toBe(403);
    expect((await contractor.request('/api/v1/mail/outbox')).status).toBe(403);

    const { client: customer, me: customerMe } = await logIn(server, 'customer@acme.test', demoPassword);
    expect(customerMe.permissions).toEqual(['portal:use']);
    for (const path of ['/api/v1/members', '/api/v1/activity', '/api/v1/members/invitations']) {
      expect((await customer.request(path)).status, path).toBe(403);
    }
  });

  it('gives the Customer their seeded tickets without touching when they were last updated', async () => {
    const { me } = await logIn(server, 'customer@acme.test', demoPassword);
    expect(seededCustomerTickets.length).toBeGreaterThan(0);
    expect(await customerTickets()).toEqual(
      seededCustomerTickets.map((ticket) => ({ ...ticket, userId: me.user.id })),
    );
  });
});

describe('session timeouts', () => {
  it('ends a session unused for longer than the idle timeout', async () => {
    const { client, me } = await logIn(server, 'employee@acme.test', demoPassword);
    await server.platform.database.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.userId, me.user.id));
    expect((await client.request('/api/v1/me')).status).toBe(401);
  });

  it('moves the idle deadline of a session in use forward and renews its cookie', async () => {
    const { client, me } = await logIn(server, 'admin@acme.test', demoPassword);
    const sessionOf = eq(schema.sessions.userId, me.user.id);
    // Signed in 2 hours ago: due for its hourly refresh.
    const twoHoursAgo = Date.now() - 2 * 3_600_000;
    await server.platform.database.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(twoHoursAgo + 86_400_000) })
      .where(sessionOf);
    const response = await client.request('/api/v1/me');
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/session_token=.+Max-Age=86400/);
    const [session] = await server.platform.database.db
      .select({ expiresAt: schema.sessions.expiresAt })
      .from(schema.sessions)
      .where(sessionOf)
      .orderBy(desc(schema.sessions.expiresAt))
      .limit(1);
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 86_400_000 - 60_000);
    // Once refreshed, requests carry no new cookie.
    expect((await client.request('/api/v1/me')).headers.getSetCookie()).toEqual([]);
  });

  it('refuses a session cookie whose signature was tampered with', async () => {
    const { client } = await logIn(server, 'employee@acme.test', demoPassword);
    const forged = sessionClient(server, client.cookie.replace(/\.[^.;]+(;|$)/, '.AAAA$1'));
    expect((await forged.request('/api/v1/me')).status).toBe(401);
    // A signature of the right length with one character changed.
    const changed = client.cookie.replace(
      /\.([^.;])([^.;]*)(;|$)/,
      (_, first: string, rest: string, end: string) => `.${first === 'A' ? 'B' : 'A'}${rest}${end}`,
    );
    expect(changed).not.toBe(client.cookie);
    expect((await sessionClient(server, changed).request('/api/v1/me')).status).toBe(401);
    expect((await client.request('/api/v1/me')).status).toBe(200);
  });

  it('ends a session after the absolute timeout however active it is', async () => {
    const { client, me } = await logIn(server, 'manager@acme.test', demoPassword);
    await server.platform.database.db
      .update(schema.sessions)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(schema.sessions.userId, me.user.id));
    expect((await client.request('/api/v1/me')).status).toBe(401);
  });
});

describe('DEMO_LOGINS=false', () => {
  it('refuses the demo accounts like any wrong password', async () => {
    const locked = await startTestServer({ DEMO_LOGINS: 'false' });
    try {
      await seedDemo(locked.platform.database, { scale: 'demo' });
      await server.services.accounts.ensureDemoLogins();
      const response = await sessionClient(locked).request('/api/v1/auth/login', {
        method: 'POST',
        json: { email: 'admin@acme.test', password: demoPassword },
      });
      expect(response.status).toBe(401);
    } finally {
      await locked.close();
    }
  });
});
