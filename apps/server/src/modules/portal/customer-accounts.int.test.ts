import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import type { CustomerList, Invitation, Me } from '@atrium/shared';
import { expectJson, fixtures, unique } from '../../testing/fixtures';
import { addMember, sessionClient, signUpConfirmed, type SessionClient } from '../../testing/session-client';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestServer, type TestServer } from '../../testing/test-server';

// Issue 22, customer accounts: an agent invites a customer (the members' invitation, Customer role),
// or a visitor signs up on the help centre where the workspace allows it and confirms their address.
// Either way their earlier tickets (by email) become theirs. Mail goes to a real SMTP listener.
let smtp: SmtpSink;
let server: TestServer;
let admin: SessionClient;
let agent: SessionClient;
let workspace: Me['workspace'];

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url });
  const owner = await signUpConfirmed(server, smtp, { companyName: 'Customer Co' });
  admin = owner.client;
  workspace = owner.me.workspace;
  agent = (await addMember(server, admin, 'employee')).client;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const db = () => server.platform.database.db;
const customersOf = async (client: SessionClient, q = '') =>
  expectJson<CustomerList>(
    await client.request(`/api/v1/helpdesk/customers?q=${encodeURIComponent(q)}`),
    200,
  );
/** Whose the ticket is in the portal: the account's user id, or null. */
const ownerOf = async (ticketId: string) => {
  const [row] = await db()
    .select({ userId: schema.tickets.customerUserId })
    .from(schema.tickets)
    .where(eq(schema.tickets.id, ticketId));
  return row!.userId;
};
const updatedAtOf = async (ticketId: string) => {
  const [row] = await db()
    .select({ updatedAt: schema.tickets.updatedAt })
    .from(schema.tickets)
    .where(eq(schema.tickets.id, ticketId));
  return row!.updatedAt;
};
const userOf = async (email: string) => {
  const [row] = await db().select().from(schema.users).where(eq(schema.users.email, email));
  return row;
};
const allowSignUp = (tenantId: string, allowed: boolean) =>
  db()
    .execute(sql`insert into helpdesk_settings (tenant_id, customer_sign_up) values (${tenantId}, ${allowed})
    on conflict (tenant_id) do update set customer_sign_up = excluded.customer_sign_up`);

describe('inviting a customer', () => {
  it('mails the members’ invitation with the Customer role; accepting links their earlier tickets', async () => {
    const email = `${unique('invited')}@example.com`;
    const earlier = await fixtures(admin).ticket({ customerEmail: email });
    const lastActivity = new Date('2026-01-02T03:04:05.678Z');
    await db()
      .update(schema.tickets)
      .set({ updatedAt: lastActivity })
      .where(eq(schema.tickets.id, earlier.id));
    const someoneElses = await fixtures(admin).ticket();
    const invitation = await expectJson<Invitation>(
      await agent.request('/api/v1/helpdesk/customers/invitations', {
        method: 'POST',
        json: { email, name: 'Ivy Invited' },
      }),
      201,
    );
    expect(invitation).toMatchObject({ email, role: 'customer', status: 'pending' });
    const listed = await customersOf(agent, email.slice(0, 12));
    expect(listed.data).toEqual([
      {
        id: invitation.id,
        kind: 'invitation',
        userId: null,
        name: null,
        email,
        status: 'invited',
        emailVerified: false,
        date: invitation.expiresAt,
      },
    ]);

    const [mail] = await smtp.mailTo(email);
    expect(mail!.text).toContain('Hello Ivy Invited,');
    expect(mail!.text).toContain('as customer');
    const id = /\/invite\/([0-9a-f-]{36})/.exec(mail!.text ?? '')![1];
    expect(id).toBe(invitation.id);
    const customer = sessionClient(server);
    const me = await expectJson<Me>(
      await customer.request(`/api/v1/invitations/${id}/accept`, {
        method: 'POST',
        json: { name: 'Ivy Invited', password: 'correct horse battery' },
      }),
      200,
    );
    expect(me.workspace.role).toBe('customer');
    expect(me.permissions).toEqual(['portal:use']);
    expect(await ownerOf(earlier.id)).toBe(me.user.id);
    // Linking is no edit of the ticket: its last activity stays.
    expect(await updatedAtOf(earlier.id)).toEqual(lastActivity);
    expect(await ownerOf(someoneElses.id)).toBeNull();
    // The invitation reached the inbox: the address counts as confirmed.
    expect((await userOf(email))!.emailVerified).toBe(true);

    const after = await customersOf(agent, email);
    expect(after.data).toEqual([
      expect.objectContaining({
        kind: 'account',
        userId: me.user.id,
        name: 'Ivy Invited',
        email,
        status: 'active',
        emailVerified: true,
      }),
    ]);
    // Each word of a search is found in the name or the email, in any order.
    const [localPart] = email.split('@');
    expect((await customersOf(agent, `${localPart} ivy`)).data.map((row) => row.email)).toEqual([email]);
    // A member already: a second invitation is refused.
    const again = await agent.request('/api/v1/helpdesk/customers/invitations', {
      method: 'POST',
      json: { email, name: 'Ivy Invited' },
    });
    expect(again.status).toBe(409);
    // Customers see no customer list.
    expect((await customer.request('/api/v1/helpdesk/customers')).status).toBe(403);
  });

  it('refuses an invitation without a valid email or name, with the field messages', async () => {
    const response = await agent.request('/api/v1/helpdesk/customers/invitations', {
      method: 'POST',
      json: { email: 'not an email', name: ' ' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { fields: { email: 'Enter a valid email address', name: 'Enter your name' } },
    });
  });
});

describe('self sign-up on the help centre', () => {
  const signUp = (email: string, slug = workspace.slug, password = 'correct horse battery') =>
    sessionClient(server).request('/api/v1/public/sign-up', {
      method: 'POST',
      json: { workspaceSlug: slug, name: 'Sam Self', email, password },
    });

  it('is not found where the workspace does not take sign-ups', async () => {
    await allowSignUp(workspace.id, false);
    const email = `${unique('refused')}@example.com`;
    expect((await signUp(email)).status).toBe(404);
    expect((await signUp(email, 'no-such-workspace')).status).toBe(404);
    expect(await userOf(email)).toBeUndefined();
  });

  it('answers a new and a known address alike, and the account starts from the confirmation link', async () => {
    await allowSignUp(workspace.id, true);
    const email = `${unique('self')}@example.com`;
    const earlier = await fixtures(admin).ticket({ customerEmail: email });
    const first = await signUp(email);
    expect(first.status).toBe(202);
    expect(first.headers.getSetCookie()).toEqual([]);
    const body = await first.json();
    expect(body).toEqual({ confirmEmail: email });
    // Again, now that the address has an account: the same answer, and the first password stands.
    const known = await signUp(email, workspace.slug, 'another passphrase');
    expect(known.status).toBe(202);
    expect(await known.json()).toEqual(body);

    // Not confirmed: no ticket can be theirs yet, and no session.
    const user = (await userOf(email))!;
    expect(user.emailVerified).toBe(false);
    expect((await customersOf(admin, email)).data).toEqual([
      expect.objectContaining({ kind: 'account', userId: user.id, status: 'active', emailVerified: false }),
    ]);
    expect(await ownerOf(earlier.id)).toBeNull();
    const early = await sessionClient(server).request('/api/v1/auth/login', {
      method: 'POST',
      json: { email, password: 'correct horse battery' },
    });
    expect(early.status).toBe(403);

    const mails = await smtp.mailTo(email);
    const confirmation = mails.find((mail) => mail.subject === 'Confirm your email address for Atrium');
    const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(confirmation!.text ?? '')![0]);
    const client = sessionClient(server);
    const confirmed = await client.request(link.pathname + link.search, { redirect: 'manual' });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/helpdesk/portal');
    const me = await expectJson<Me>(await client.request('/api/v1/me'), 200);
    expect(me.workspace).toMatchObject({ id: workspace.id, role: 'customer' });
    expect((await userOf(email))!.emailVerified).toBe(true);
    expect(await ownerOf(earlier.id)).toBe(me.user.id);
  });

  it("gives an existing account's address no membership", async () => {
    await allowSignUp(workspace.id, true);
    const { email } = await addMember(server, admin, 'employee');
    const before = await customersOf(admin, email);
    expect((await signUp(email)).status).toBe(202);
    expect(await customersOf(admin, email)).toEqual(before);
  });
});
