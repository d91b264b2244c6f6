import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import type { HelpdeskOverview, PortalTicketRating, PublicRating, TicketDetails } from '@atrium/shared';
import { expectJson, fixtures, unique } from '../../testing/fixtures';
import { addMember, sessionClient, signUpConfirmed, type SessionClient } from '../../testing/session-client';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestServer, type TestServer } from '../../testing/test-server';

// Issue 22, satisfaction: a resolution asks the customer by email (a real SMTP listener receives it)
// with signed single-use links, and in the portal; agents see the answer and the overview counts it.
let smtp: SmtpSink;
let server: TestServer;
let admin: SessionClient;
let agentId: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url });
  admin = (await signUpConfirmed(server, smtp, { companyName: 'Rating Co' })).client;
  agentId = (await addMember(server, admin, 'employee')).me.employeeId!;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const ticketOf = async (id: string) =>
  expectJson<TicketDetails>(await admin.request(`/api/v1/helpdesk/tickets/${id}`), 200);

async function resolve(ticket: TicketDetails) {
  const current = await ticketOf(ticket.id);
  return expectJson<TicketDetails>(
    await admin.request(`/api/v1/helpdesk/tickets/${ticket.id}`, {
      method: 'PATCH',
      json: { status: 'resolved', version: current.version },
    }),
    200,
  );
}

/** The rating links of the "How did we do?" mail about this ticket, by score. */
async function ratingLinks(email: string, ticket: TicketDetails) {
  const subject = `How did we do? #${ticket.number} ${ticket.subject}`;
  // Mail goes out from a job: wait for this one among the others to the same address.
  let count = 1;
  let mail;
  while (!(mail = (await smtp.mailTo(email, count)).find((m) => m.subject === subject))) count += 1;
  const links = [...(mail!.text ?? '').matchAll(/https?:\/\/\S+\/rate\/(\S+)\?score=(\d)/g)];
  expect(links.map(([, , score]) => score)).toEqual(['1', '2', '3', '4', '5']);
  // One token for the request: the score is only the page's first choice.
  expect(new Set(links.map(([, token]) => token)).size).toBe(1);
  return { token: links[0]![1]!, html: mail!.html || '' };
}

/** A customer account invited by the agent, whose tickets (by email) are theirs. */
async function customer(email = `${unique('cora')}@example.com`) {
  await expectJson(
    await admin.request('/api/v1/helpdesk/customers/invitations', {
      method: 'POST',
      json: { email, name: 'Cora Customer' },
    }),
    201,
  );
  const [mail] = await smtp.mailTo(email);
  const id = /\/invite\/([0-9a-f-]{36})/.exec(mail!.text ?? '')![1];
  const client = sessionClient(server);
  await expectJson(
    await client.request(`/api/v1/invitations/${id}/accept`, {
      method: 'POST',
      json: { name: 'Cora Customer', password: 'correct horse battery' },
    }),
    200,
  );
  return { client, email };
}

const ratingsOf = async (ticketId: string) => {
  const [row] = await server.platform.database.db
    .select({ n: count() })
    .from(schema.ticketRatings)
    .where(eq(schema.ticketRatings.ticketId, ticketId));
  return row!.n;
};

describe('the emailed rating link', () => {
  it('comes with a resolution: one request, one mail with five links to the rating page', async () => {
    const email = `${unique('mailed')}@example.com`;
    const ticket = await fixtures(admin).ticket({ customerEmail: email, assigneeId: agentId });
    expect((await ticketOf(ticket.id)).rating).toBeNull();
    await resolve(ticket);
    const { token, html } = await ratingLinks(email, ticket);
    expect(html).toContain(`/rate/${token}?score=5`);
    expect(await ratingsOf(ticket.id)).toBe(1);
    // Resolving again (already resolved) asks nothing more.
    await resolve(ticket);
    expect(await ratingsOf(ticket.id)).toBe(1);
    expect((await ticketOf(ticket.id)).rating).toMatchObject({ score: null, comment: '', answeredAt: null });
  });

  it('works once without signing in; a used link is 410, an altered one 404', async () => {
    const email = `${unique('once')}@example.com`;
    const ticket = await fixtures(admin).ticket({ customerEmail: email, assigneeId: agentId });
    await resolve(ticket);
    const { token } = await ratingLinks(email, ticket);
    const visitor = sessionClient(server);
    const [id, signature] = token.split('.') as [string, string];
    const flipped = (text: string) => text.slice(0, -1) + (text.endsWith('A') ? 'B' : 'A');
    // The same bytes spelt otherwise: the last letter's lowest bit is one decoding ignores.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = signature.slice(0, -1) + alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1];
    for (const altered of [
      `${id}.${flipped(signature)}`,
      `${id}.${respelt}`,
      `${flipped(id)}.${signature}`,
      id,
      'nonsense',
    ]) {
      expect((await visitor.request(`/api/v1/public/ratings/${altered}`)).status, altered).toBe(404);
      const answer = await visitor.request(`/api/v1/public/ratings/${altered}`, {
        method: 'POST',
        json: { score: 1 },
      });
      expect(answer.status, altered).toBe(404);
    }
    expect(
      await expectJson<PublicRating>(await visitor.request(`/api/v1/public/ratings/${token}`), 200),
    ).toEqual({
      workspaceName: 'Rating Co',
      ticket: { number: ticket.number, subject: ticket.subject },
    });
    const invalid = await visitor.request(`/api/v1/public/ratings/${token}`, {
      method: 'POST',
      json: { score: 6 },
    });
    expect(invalid.status).toBe(400);
    const answered = await visitor.request(`/api/v1/public/ratings/${token}`, {
      method: 'POST',
      json: { score: 4, comment: 'Quick and kind' },
    });
    expect(answered.status).toBe(204);
    const again = await visitor.request(`/api/v1/public/ratings/${token}`, {
      method: 'POST',
      json: { score: 1, comment: 'Changed my mind' },
    });
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({
      error: { code: 'gone', message: expect.stringMatching(/already rated/) },
    });
    expect((await visitor.request(`/api/v1/public/ratings/${token}`)).status).toBe(410);
    // The agent sees the first answer on the ticket.
    expect((await ticketOf(ticket.id)).rating).toMatchObject({
      score: 4,
      comment: 'Quick and kind',
      answeredAt: expect.any(String),
    });
  });
});

describe('rating in the portal', () => {
  it("lets the customer rate their own resolved ticket once; another customer's ticket is 404", async () => {
    const email = `${unique('cora')}@example.com`;
    const ticket = await fixtures(admin).ticket({ customerEmail: email, assigneeId: agentId });
    // Invited after writing in: the ticket is theirs in the portal.
    const cora = await customer(email);
    const other = await customer();
    const path = `/api/v1/portal/tickets/${ticket.id}/rating`;
    // Still being worked on: nothing to rate yet.
    expect(await expectJson<PortalTicketRating>(await cora.client.request(path), 200)).toEqual({
      rateable: false,
      rating: null,
    });
    expect((await cora.client.request(path, { method: 'POST', json: { score: 5 } })).status).toBe(409);
    await resolve(ticket);
    expect(await expectJson<PortalTicketRating>(await cora.client.request(path), 200)).toMatchObject({
      rateable: true,
      rating: { score: null },
    });
    // Another customer, and an agent's id for a ticket that is not theirs: not found, nothing changed.
    expect((await other.client.request(path)).status).toBe(404);
    expect((await other.client.request(path, { method: 'POST', json: { score: 1 } })).status).toBe(404);
    const rated = await expectJson<PortalTicketRating>(
      await cora.client.request(path, { method: 'POST', json: { score: 5, comment: 'Thank you!' } }),
      200,
    );
    expect(rated.rating).toMatchObject({ score: 5, comment: 'Thank you!' });
    expect((await cora.client.request(path, { method: 'POST', json: { score: 2 } })).status).toBe(410);
    expect((await ticketOf(ticket.id)).rating).toMatchObject({ score: 5, comment: 'Thank you!' });
    // The emailed link of the same request is used up too.
    const { token } = await ratingLinks(cora.email, ticket);
    expect(
      (
        await sessionClient(server).request(`/api/v1/public/ratings/${token}`, {
          method: 'POST',
          json: { score: 3 },
        })
      ).status,
    ).toBe(410);
    // Agents are not customers: the portal's rating is not theirs to give.
    expect((await admin.request(path)).status).toBe(403);
  });
});

describe('CSAT on the help desk overview', () => {
  it("counts the period's answers: the share of 4 and 5, overall and per agent", async () => {
    const owner = await signUpConfirmed(server, smtp, { companyName: 'Csat Co' });
    const boss = owner.client;
    const agent = await addMember(server, boss, 'employee');
    const build = fixtures(boss);
    const rate = async (assigneeId: string, score: number) => {
      const email = `${unique('csat')}@example.com`;
      const ticket = await build.ticket({ customerEmail: email, assigneeId });
      const current = await expectJson<TicketDetails>(
        await boss.request(`/api/v1/helpdesk/tickets/${ticket.id}`),
        200,
      );
      await expectJson(
        await boss.request(`/api/v1/helpdesk/tickets/${ticket.id}`, {
          method: 'PATCH',
          json: { status: 'resolved', version: current.version },
        }),
        200,
      );
      if (score === 0) return;
      const { token } = await ratingLinks(email, ticket);
      const answer = await sessionClient(server).request(`/api/v1/public/ratings/${token}`, {
        method: 'POST',
        json: { score },
      });
      expect(answer.status).toBe(204);
    };
    const before = await expectJson<HelpdeskOverview>(
      await boss.request('/api/v1/helpdesk/overview?days=7'),
      200,
    );
    expect(before.csat).toEqual({ answered: 0, satisfied: 0, percent: null, perAgent: [] });
    const ownerEmployee = owner.me.employeeId!;
    const agentEmployee = agent.me.employeeId!;
    await rate(agentEmployee, 5);
    await rate(agentEmployee, 4);
    await rate(agentEmployee, 2);
    await rate(ownerEmployee, 3);
    // Asked and not answered: not counted.
    await rate(ownerEmployee, 0);
    const after = await expectJson<HelpdeskOverview>(
      await boss.request('/api/v1/helpdesk/overview?days=7'),
      200,
    );
    expect(after.csat).toMatchObject({ answered: 4, satisfied: 2, percent: 50 });
    expect(after.csat.perAgent).toHaveLength(2);
    expect(after.csat.perAgent).toEqual(
      expect.arrayContaining([
        { agent: { id: agentEmployee, name: 'Test employee' }, answered: 3, satisfied: 2, percent: 67 },
        expect.objectContaining({
          agent: expect.objectContaining({ id: ownerEmployee }),
          answered: 1,
          satisfied: 0,
          percent: 0,
        }),
      ]),
    );
  });
});
