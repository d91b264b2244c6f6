import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import {
  errorBodySchema,
  type ActivityEntry,
  type CustomerList,
  type KnowledgeArticle,
  type Me,
  type PortalArticle,
  type PortalStats,
  type PortalSuggestionList,
  type PortalTicket,
  type PortalTicketList,
  type TicketDetails,
  type UploadedFile,
} from '@atrium/shared';
import { expectJson, fixtures, unique } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;
const db = () => server.platform.database.db;

/** A word no other article or ticket has: letters only, so the search reads it as one word. */
const word = (length = 12) => Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join('');

type Person = { client: SessionClient; me: Me };

async function upload(client: SessionClient, path: string, name: string, content: string) {
  const form = new FormData();
  form.append('file', new File([content], name, { type: 'text/plain' }));
  return expectJson<UploadedFile>(await client.request(path, { method: 'POST', body: form }), 201);
}

describe('customer portal (issue 22)', () => {
  let admin: SessionClient;
  let agent: SessionClient;
  let contractor: SessionClient;
  let customer: Person;
  let otherCustomer: Person;
  /** A customer of another workspace. */
  let foreignCustomer: Person;
  let foreignAdmin: SessionClient;
  let employeeUserId: string;

  beforeAll(async () => {
    const owner = await signUp(server, { companyName: 'Portal Co' });
    admin = owner.client;
    const employee = await addMember(server, admin, 'employee');
    agent = employee.client;
    employeeUserId = employee.me.user.id;
    contractor = (await addMember(server, admin, 'contractor')).client;
    customer = await addMember(server, admin, 'customer');
    otherCustomer = await addMember(server, admin, 'customer');
    const foreign = await signUp(server, { companyName: 'Elsewhere Co' });
    foreignAdmin = foreign.client;
    foreignCustomer = await addMember(server, foreign.client, 'customer');
  });

  const openTicket = async (who: Person, json: object = {}) =>
    expectJson<PortalTicket>(
      await who.client.request('/api/v1/portal/tickets', {
        method: 'POST',
        json: { subject: unique('Printer'), description: 'It prints nothing at all.', ...json },
      }),
      201,
    );
  const portalTicket = async (who: Person, id: string) =>
    expectJson<PortalTicket>(await who.client.request(`/api/v1/portal/tickets/${id}`), 200);
  const agentTicket = async (id: string) =>
    expectJson<TicketDetails>(await agent.request(`/api/v1/helpdesk/tickets/${id}`), 200);
  const myTickets = async (who: Person, query = '') =>
    expectJson<PortalTicketList>(await who.client.request(`/api/v1/portal/tickets?${query}`), 200);

  it('opens a ticket with a file; the agents find it in the queue as the customer’s', async () => {
    const file = await upload(customer.client, '/api/v1/portal/uploads', 'screen.txt', 'a screenshot');
    const ticket = await openTicket(customer, { category: 'Billing', attachmentIds: [file.id] });
    expect(ticket).toMatchObject({ status: 'open', category: 'Billing', mayClose: true, mayReopen: false });
    expect(ticket.messages).toHaveLength(1);
    expect(ticket.messages[0]).toMatchObject({
      authorKind: 'customer',
      authorName: 'Test customer',
      body: 'It prints nothing at all.',
      attachments: [{ name: 'screen.txt', sizeBytes: 12 }],
    });
    const fileId = ticket.messages[0]!.attachments[0]!.id;
    const download = await customer.client.request(
      `/api/v1/portal/tickets/${ticket.id}/attachments/${fileId}`,
    );
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('a screenshot');

    const seen = await agentTicket(ticket.id);
    expect(seen.customer).toMatchObject({ name: 'Test customer', email: customer.me.user.email });
    const queue = await expectJson<{ data: { id: string }[] }>(
      await agent.request(`/api/v1/helpdesk/tickets?view=all&q=${encodeURIComponent(ticket.subject)}`),
      200,
    );
    expect(queue.data.map((row) => row.id)).toEqual([ticket.id]);
    const activity = await expectJson<{ data: ActivityEntry[] }>(
      await agent.request(`/api/v1/helpdesk/tickets/${ticket.id}/activity`),
      200,
    );
    expect(activity.data[0]!.summary).toContain('in the customer portal');
  });

  it('shows a ticket an agent entered for the customer’s address in their portal, and no one else’s', async () => {
    const build = fixtures(agent);
    const theirs = await build.ticket({ customerEmail: customer.me.user.email.toUpperCase() });
    const stranger = await build.ticket();
    expect((await portalTicket(customer, theirs.id)).subject).toBe(theirs.subject);
    expect((await customer.client.request(`/api/v1/portal/tickets/${stranger.id}`)).status).toBe(404);
    // The same address in another workspace is no ticket of this customer's.
    const foreign = await fixtures(foreignAdmin).ticket({ customerEmail: customer.me.user.email });
    expect((await customer.client.request(`/api/v1/portal/tickets/${foreign.id}`)).status).toBe(404);
  });

  it('shows the public conversation only: no internal note, no agents’ fields', async () => {
    const ticket = await openTicket(customer);
    const note = unique('secret note');
    const reply = unique('We are on it');
    const before = await agentTicket(ticket.id);
    await expectJson(
      await agent.request(`/api/v1/helpdesk/tickets/${ticket.id}`, {
        method: 'PATCH',
        json: { priority: 'urgent', tags: ['vipsecret'], slaTier: 'Gold', version: before.version },
      }),
      200,
    );
    for (const json of [
      { body: note, internal: true },
      { body: reply, internal: false },
    ]) {
      await expectJson(
        await agent.request(`/api/v1/helpdesk/tickets/${ticket.id}/messages`, { method: 'POST', json }),
        201,
      );
    }
    const seen = await portalTicket(customer, ticket.id);
    expect(seen.messages.map((message) => [message.authorKind, message.body])).toEqual([
      ['customer', 'It prints nothing at all.'],
      ['agent', reply],
    ]);
    expect(seen.messages[1]!.authorName).toBe('Test employee');
    const answers = [
      JSON.stringify(seen),
      JSON.stringify(await myTickets(customer)),
      JSON.stringify(
        await expectJson(
          await admin.request(`/api/v1/helpdesk/portal-preview/${customer.me.user.id}/tickets/${ticket.id}`),
          200,
        ),
      ),
    ];
    for (const text of answers) {
      for (const secret of [note, 'urgent', 'vipsecret', 'Gold', 'priority', 'assignee', 'internal', 'sla']) {
        expect(text, secret).not.toContain(secret);
      }
      expect(text).not.toContain(employeeUserId);
    }
  });

  it('lists My tickets open and closed, newest activity first, in keyset pages', async () => {
    const who = await addMember(server, admin, 'customer');
    const first = await openTicket(who);
    const second = await openTicket(who);
    const third = await openTicket(who);
    await expectJson(
      await who.client.request(`/api/v1/portal/tickets/${first.id}/close`, { method: 'POST' }),
      200,
    );
    // A reply moves the second ticket to the top.
    await expectJson(
      await who.client.request(`/api/v1/portal/tickets/${second.id}/messages`, {
        method: 'POST',
        json: { body: 'Any news?' },
      }),
      201,
    );
    const page1 = await myTickets(who, 'state=open&limit=1');
    expect(page1.data.map((row) => row.id)).toEqual([second.id]);
    const page2 = await myTickets(who, `state=open&limit=1&cursor=${page1.nextCursor}`);
    expect(page2.data.map((row) => row.id)).toEqual([third.id]);
    expect(page2.nextCursor).toBeNull();
    const closed = await myTickets(who, 'state=closed');
    expect(closed.data).toEqual([
      expect.objectContaining({
        id: first.id,
        status: 'closed',
        number: first.number,
        subject: first.subject,
      }),
    ]);
  });

  it('answers 404 to another customer, and to a customer of another workspace, on every portal route', async () => {
    const file = await upload(customer.client, '/api/v1/portal/uploads', 'private.txt', 'private');
    const ticket = await openTicket(customer, { attachmentIds: [file.id] });
    const fileId = ticket.messages[0]!.attachments[0]!.id;
    const before = JSON.stringify(await portalTicket(customer, ticket.id));
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/v1/portal/tickets/${ticket.id}`],
      ['POST', `/api/v1/portal/tickets/${ticket.id}/messages`, { body: 'Not mine' }],
      ['POST', `/api/v1/portal/tickets/${ticket.id}/close`],
      ['POST', `/api/v1/portal/tickets/${ticket.id}/reopen`],
      ['GET', `/api/v1/portal/tickets/${ticket.id}/attachments/${fileId}`],
    ];
    for (const who of [otherCustomer, foreignCustomer]) {
      for (const [method, path, json] of routes) {
        const response = await who.client.request(path, { method, ...(json ? { json } : {}) });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await response.text()).not.toContain(ticket.subject);
      }
      const lists = JSON.stringify([await myTickets(who), await myTickets(who, 'state=closed')]);
      expect(lists).not.toContain(ticket.id);
      // Another's upload cannot be attached either.
      const taken = await who.client.request('/api/v1/portal/tickets', {
        method: 'POST',
        json: { subject: 'Theirs', description: 'Taking a file', attachmentIds: [file.id] },
      });
      expect(taken.status).toBe(422);
    }
    // The other workspace's agents do not see it through the preview either.
    const foreignPreview = await foreignAdmin.request(
      `/api/v1/helpdesk/portal-preview/${customer.me.user.id}/tickets/${ticket.id}`,
    );
    expect(foreignPreview.status).toBe(404);
    expect(JSON.stringify(await portalTicket(customer, ticket.id))).toBe(before);
  });

  it('never gives a note’s file to the customer', async () => {
    const ticket = await openTicket(customer);
    const noteFile = await upload(agent, '/api/v1/helpdesk/uploads', 'internal.txt', 'internal only');
    await expectJson(
      await agent.request(`/api/v1/helpdesk/tickets/${ticket.id}/messages`, {
        method: 'POST',
        json: { body: 'See the file', internal: true, attachmentIds: [noteFile.id] },
      }),
      201,
    );
    const note = (await agentTicket(ticket.id)).messages.find((message) => message.internal)!;
    const response = await customer.client.request(
      `/api/v1/portal/tickets/${ticket.id}/attachments/${note.attachments[0]!.id}`,
    );
    expect(response.status).toBe(404);
    // The agents download it.
    const agents = await agent.request(
      `/api/v1/helpdesk/tickets/${ticket.id}/attachments/${note.attachments[0]!.id}`,
    );
    expect(agents.status).toBe(200);
  });

  it('refuses a new ticket until the email address is confirmed (403)', async () => {
    const who = await addMember(server, admin, 'customer');
    await db().update(schema.users).set({ emailVerified: false }).where(eq(schema.users.id, who.me.user.id));
    const response = await who.client.request('/api/v1/portal/tickets', {
      method: 'POST',
      json: { subject: 'Unconfirmed', description: 'Hello' },
    });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toMatch(/confirm your email/i);
    expect((await myTickets(who)).data).toEqual([]);
  });

  describe('replies, closing and reopening', () => {
    const closeTicket = (who: Person, id: string) =>
      who.client.request(`/api/v1/portal/tickets/${id}/close`, { method: 'POST' });
    const reopenTicket = (who: Person, id: string) =>
      who.client.request(`/api/v1/portal/tickets/${id}/reopen`, { method: 'POST' });
    const closedDaysAgo = (id: string, days: number) =>
      db()
        .update(schema.tickets)
        .set({ closedAt: new Date(Date.now() - days * 86_400_000) })
        .where(and(eq(schema.tickets.id, id)));

    it('a reply reopens a resolved ticket, as a mailed reply does', async () => {
      const ticket = await openTicket(customer);
      const before = await agentTicket(ticket.id);
      await expectJson(
        await agent.request(`/api/v1/helpdesk/tickets/${ticket.id}`, {
          method: 'PATCH',
          json: { status: 'resolved', version: before.version },
        }),
        200,
      );
      expect((await portalTicket(customer, ticket.id)).mayReopen).toBe(true);
      const replied = await expectJson<PortalTicket>(
        await customer.client.request(`/api/v1/portal/tickets/${ticket.id}/messages`, {
          method: 'POST',
          json: { body: 'Still broken' },
        }),
        201,
      );
      expect(replied.status).toBe('open');
      expect(replied.messages.at(-1)).toMatchObject({ authorKind: 'customer', body: 'Still broken' });
      const activity = await expectJson<{ data: ActivityEntry[] }>(
        await agent.request(`/api/v1/helpdesk/tickets/${ticket.id}/activity`),
        200,
      );
      expect(activity.data[0]).toMatchObject({ action: 'replied' });
    });

    it('closes the ticket, logged as the customer’s doing, and reopens it within 7 days', async () => {
      const ticket = await openTicket(customer);
      const closed = await expectJson<PortalTicket>(await closeTicket(customer, ticket.id), 200);
      expect(closed).toMatchObject({ status: 'closed', mayClose: false, mayReopen: true });
      expect(closed.reopenUntil).not.toBeNull();
      expect((await closeTicket(customer, ticket.id)).status).toBe(409);
      const activity = await expectJson<{ data: ActivityEntry[] }>(
        await agent.request(`/api/v1/helpdesk/tickets/${ticket.id}/activity`),
        200,
      );
      expect(activity.data[0]).toMatchObject({
        action: 'status_changed',
        actorName: 'Test customer',
        actorUserId: customer.me.user.id,
      });
      expect(activity.data[0]!.summary).toMatch(/Closed in the customer portal/);

      await closedDaysAgo(ticket.id, 6);
      const reopened = await expectJson<PortalTicket>(await reopenTicket(customer, ticket.id), 200);
      expect(reopened).toMatchObject({ status: 'open', mayReopen: false, closedAt: null });
      expect((await reopenTicket(customer, ticket.id)).status).toBe(409);
    });

    it('takes neither a reopening nor a reply more than 7 days after closing (409)', async () => {
      const ticket = await openTicket(customer);
      await expectJson(await closeTicket(customer, ticket.id), 200);
      await closedDaysAgo(ticket.id, 8);
      const seen = await portalTicket(customer, ticket.id);
      expect(seen).toMatchObject({ mayReopen: false, mayReply: false });
      const reopen = await reopenTicket(customer, ticket.id);
      expect(reopen.status).toBe(409);
      expect((await errorOf(reopen)).message).toMatch(/open a new ticket/);
      const reply = await customer.client.request(`/api/v1/portal/tickets/${ticket.id}/messages`, {
        method: 'POST',
        json: { body: 'Hello again' },
      });
      expect(reply.status).toBe(409);
      expect((await portalTicket(customer, ticket.id)).status).toBe('closed');
    });
  });

  describe('suggested articles and deflections', () => {
    const kb = '/api/v1/helpdesk/kb/articles';
    async function article(json: object, status: 'published' | 'draft' = 'published') {
      const created = await expectJson<KnowledgeArticle>(
        await agent.request(kb, { method: 'POST', json: { content: '<p>Steps to follow.</p>', ...json } }),
        201,
      );
      if (status === 'draft') return created;
      return expectJson<KnowledgeArticle>(
        await agent.request(`${kb}/${created.id}/status`, {
          method: 'POST',
          json: { status: 'published', version: created.version },
        }),
        200,
      );
    }
    const suggestions = async (who: Person, q: string) =>
      expectJson<PortalSuggestionList>(
        await who.client.request(`/api/v1/portal/suggestions?q=${encodeURIComponent(q)}`),
        200,
      );
    const stats = async () =>
      expectJson<PortalStats>(await agent.request('/api/v1/helpdesk/portal-stats?days=7'), 200);

    it('suggests published public articles only, and opens them in the portal', async () => {
      const topic = word();
      const shown = await article({
        title: `Reset the ${topic} printer`,
        content: `<p>Hold the ${topic} button.</p>`,
        visibility: 'public',
      });
      const internal = await article({ title: `Internal ${topic} runbook`, visibility: 'internal' });
      await article({ title: `Draft ${topic} notes`, visibility: 'public' }, 'draft');
      const found = await suggestions(customer, `${topic} printer`);
      expect(found.data.map((row) => row.id)).toEqual([shown.id]);
      expect(found.data[0]!.snippet).toContain('<mark>');
      expect(JSON.stringify(await suggestions(customer, topic))).not.toContain('runbook');
      expect((await suggestions(customer, 'pr')).data).toEqual([]);

      const read = await expectJson<PortalArticle>(
        await customer.client.request(`/api/v1/portal/articles/${found.data[0]!.slug}`),
        200,
      );
      expect(read).toMatchObject({
        id: shown.id,
        title: shown.title,
        content: `<p>Hold the ${topic} button.</p>`,
      });
      const refused = await customer.client.request(
        `/api/v1/portal/articles/${encodeURIComponent(internal.title.toLowerCase().replaceAll(' ', '-'))}`,
      );
      expect(refused.status).toBe(404);
      // Another workspace's customer does not find it.
      expect((await suggestions(foreignCustomer, `${topic} printer`)).data).toEqual([]);
    });

    it('counts a deflection for the overview’s period; an article a customer may not read is not found', async () => {
      const topic = word();
      const shown = await article({ title: `Change the ${topic} plan`, visibility: 'public' });
      const internal = await article({ title: `Internal ${topic}`, visibility: 'internal' });
      const before = await stats();
      const deflect = (articleId: string, who = customer) =>
        who.client.request('/api/v1/portal/deflections', {
          method: 'POST',
          json: { articleId, query: `${topic} plan` },
        });
      expect((await deflect(shown.id)).status).toBe(204);
      expect((await deflect(internal.id)).status).toBe(404);
      expect((await deflect(shown.id, foreignCustomer)).status).toBe(404);
      expect(await stats()).toEqual({ days: 7, deflected: before.deflected + 1 });
      const [row] = await db()
        .select()
        .from(schema.knowledgeDeflections)
        .where(eq(schema.knowledgeDeflections.articleId, shown.id));
      expect(row).toMatchObject({ customerUserId: customer.me.user.id, query: `${topic} plan` });
      // Another workspace counts its own.
      expect(
        await expectJson<PortalStats>(
          await foreignAdmin.request('/api/v1/helpdesk/portal-stats?days=7'),
          200,
        ),
      ).toEqual({ days: 7, deflected: 0 });
    });
  });

  describe('the agents’ preview as a customer', () => {
    it('finds the workspace’s customers, and shows exactly what the portal shows them', async () => {
      const ticket = await openTicket(customer);
      // The preview picks its customer from the agents' customer list.
      const customers = await expectJson<CustomerList>(
        await agent.request(`/api/v1/helpdesk/customers?q=${encodeURIComponent(customer.me.user.email)}`),
        200,
      );
      expect(customers.data).toEqual([
        expect.objectContaining({
          kind: 'account',
          userId: customer.me.user.id,
          name: 'Test customer',
          email: customer.me.user.email,
          status: 'active',
        }),
      ]);
      const all = await expectJson<CustomerList>(await agent.request('/api/v1/helpdesk/customers'), 200);
      expect(all.data.map((row) => row.userId)).not.toContain(employeeUserId);
      expect(all.data.map((row) => row.userId)).not.toContain(foreignCustomer.me.user.id);

      const base = `/api/v1/helpdesk/portal-preview/${customer.me.user.id}`;
      expect(await expectJson(await agent.request(`${base}/tickets?state=open`), 200)).toEqual(
        await myTickets(customer, 'state=open'),
      );
      expect(await expectJson(await admin.request(`${base}/tickets/${ticket.id}`), 200)).toEqual(
        await portalTicket(customer, ticket.id),
      );
    });

    it('refuses customers and contractors, and previews only customers of the workspace', async () => {
      const base = `/api/v1/helpdesk/portal-preview/${customer.me.user.id}/tickets`;
      for (const client of [customer.client, contractor]) {
        expect((await client.request(base)).status).toBe(403);
        expect((await client.request('/api/v1/helpdesk/customers')).status).toBe(403);
        expect((await client.request('/api/v1/helpdesk/portal-stats')).status).toBe(403);
      }
      for (const userId of [employeeUserId, foreignCustomer.me.user.id]) {
        expect((await agent.request(`/api/v1/helpdesk/portal-preview/${userId}/tickets`)).status).toBe(404);
      }
      // Agents have no portal of their own.
      expect((await agent.request('/api/v1/portal/tickets')).status).toBe(403);
    });
  });
});
