import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  type BulkTicketResult,
  type TicketDetails,
  type TicketListResponse,
  type TicketMessageResult,
  type TicketSummary,
} from '@atrium/shared';
import { schema } from '@atrium/db';
import { fixtures, unique } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { searchWindow } from './ticket-queue.repository';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

async function send<T>(client: SessionClient, method: string, path: string, json?: unknown, status = 200) {
  const response = await client.request(path, { method, ...(json === undefined ? {} : { json }) });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(status);
  return (await response.json()) as T;
}

const tickets = '/api/v1/helpdesk/tickets';
const queue = (client: SessionClient, query = '') =>
  send<TicketListResponse>(client, 'GET', `${tickets}${query ? `?${query}` : ''}`);
const numbers = (page: TicketListResponse) => page.data.map((ticket) => ticket.number);
const patch = (client: SessionClient, id: string, json: unknown, status = 200) =>
  send<TicketDetails>(client, 'PATCH', `${tickets}/${id}`, json, status);
const message = (client: SessionClient, id: string, json: unknown, status = 201) =>
  send<TicketMessageResult>(client, 'POST', `${tickets}/${id}/messages`, json, status);
const bulk = (client: SessionClient, json: unknown, status = 200) =>
  send<BulkTicketResult>(client, 'POST', `${tickets}/bulk`, json, status);

async function activity(client: SessionClient) {
  const body = await send<{ data: { summary: string; entityType: string }[] }>(
    client,
    'GET',
    '/api/v1/activity?limit=100',
  );
  return body.data.filter((entry) => entry.entityType === 'ticket').map((entry) => entry.summary);
}

/** A workspace with an Admin, a Manager and an Employee (an agent), each with an employee record. */
async function helpDesk(companyName: string) {
  const owner = await signUp(server, { companyName });
  const manager = await addMember(server, owner.client, 'manager');
  const agent = await addMember(server, owner.client, 'employee');
  return {
    admin: owner.client,
    adminId: owner.me.employeeId!,
    manager: manager.client,
    managerId: manager.me.employeeId!,
    agent: agent.client,
    agentId: agent.me.employeeId!,
    build: fixtures(owner.client),
  };
}

describe('entering a ticket (issue 21)', () => {
  let desk: Awaited<ReturnType<typeof helpDesk>>;
  beforeAll(async () => {
    desk = await helpDesk('Tickets Entry Co');
  });

  it('numbers tickets one after another per workspace, with the defaults and the first message', async () => {
    const first = await desk.build.ticket({
      subject: 'Cannot log in',
      description: 'Since this morning the login page loops.',
      customerName: 'Jordan Rivera',
      customerEmail: 'Jordan@Example.com',
      tags: ['login', 'login', 'vip'],
    });
    expect(first).toMatchObject({
      number: 1,
      subject: 'Cannot log in',
      description: 'Since this morning the login page loops.',
      status: 'open',
      priority: 'medium',
      type: 'support',
      category: 'General Inquiry',
      customer: { name: 'Jordan Rivera', email: 'jordan@example.com' },
      assignee: null,
      slaTier: null,
      tags: ['login', 'vip'],
      firstRespondedAt: null,
      resolvedAt: null,
      closedAt: null,
      version: 1,
    });
    expect(first.messages).toEqual([
      expect.objectContaining({
        authorKind: 'customer',
        author: { name: 'Jordan Rivera', userId: null },
        body: 'Since this morning the login page loops.',
        internal: false,
      }),
    ]);
    const second = await desk.build.ticket({ slaTier: 'Gold', priority: 'urgent', assigneeId: desk.agentId });
    expect(second).toMatchObject({ number: 2, slaTier: 'Gold', priority: 'urgent' });
    expect(second.assignee?.id).toBe(desk.agentId);
    expect(await activity(desk.admin)).toContain("created ticket #1 'Cannot log in'");
  });

  it('gives tickets created at once distinct numbers, none skipped', async () => {
    const created = await Promise.all(Array.from({ length: 6 }, () => desk.build.ticket()));
    const given = created.map((ticket) => ticket.number).sort((a, b) => a - b);
    expect(given).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('numbers each workspace on its own', async () => {
    const other = await signUp(server, { companyName: 'Tickets Other Co' });
    expect((await fixtures(other.client).ticket()).number).toBe(1);
  });

  it('answers bad input with field errors, and an unknown assignee with 422', async () => {
    const empty = await desk.admin.request(tickets, { method: 'POST', json: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys((await errorOf(empty)).fields ?? {}).sort()).toEqual([
      'customerEmail',
      'customerName',
      'description',
      'subject',
    ]);
    const bad = await desk.admin.request(tickets, {
      method: 'POST',
      json: {
        subject: 'X',
        description: 'Y',
        customerName: 'Z',
        customerEmail: 'not an email',
        priority: 'critical',
        slaTier: 'Diamond',
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorOf(bad)).fields ?? {}).sort()).toEqual([
      'customerEmail',
      'priority',
      'slaTier',
    ]);
    const unknown = await desk.admin.request(tickets, {
      method: 'POST',
      json: {
        subject: 'X',
        description: 'Y',
        customerName: 'Z',
        customerEmail: 'z@example.com',
        assigneeId: randomUUID(),
      },
    });
    expect(unknown.status).toBe(422);
    expect((await errorOf(unknown)).fields).toEqual({ assigneeId: 'Choose an agent from the list' });
    // Only agents work tickets: an employee without an account, or a contractor, is no assignee.
    const contractor = await addMember(server, desk.admin, 'contractor');
    const noAccount = await desk.build.employee();
    for (const assigneeId of [contractor.me.employeeId!, noAccount.id]) {
      const refused = await desk.admin.request(tickets, {
        method: 'POST',
        json: {
          subject: 'X',
          description: 'Y',
          customerName: 'Z',
          customerEmail: 'z@example.com',
          assigneeId,
        },
      });
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).fields).toEqual({ assigneeId: 'Choose an agent from the list' });
    }
    // The assignee pickers offer only agents: the directory filtered to who may work tickets.
    const offered = await send<{ data: { id: string }[] }>(
      desk.admin,
      'GET',
      '/api/v1/employees?may=helpdesk:view&limit=200',
    );
    const ids = offered.data.map((employee) => employee.id);
    expect(ids).toEqual(expect.arrayContaining([desk.adminId, desk.managerId, desk.agentId]));
    expect(ids).not.toContain(contractor.me.employeeId);
    expect(ids).not.toContain(noAccount.id);
  });
});

describe('the ticket page: side panel, replies and notes (issue 21 status rules)', () => {
  let desk: Awaited<ReturnType<typeof helpDesk>>;
  beforeAll(async () => {
    desk = await helpDesk('Tickets Page Co');
  });

  it('edits the side panel with the version read; a stale version is 412 and changes nothing', async () => {
    const ticket = await desk.build.ticket();
    const edited = await patch(desk.agent, ticket.id, {
      priority: 'high',
      type: 'bug',
      category: 'Technical',
      tags: ['api'],
      slaTier: 'Platinum',
      version: ticket.version,
    });
    expect(edited).toMatchObject({
      priority: 'high',
      type: 'bug',
      category: 'Technical',
      tags: ['api'],
      slaTier: 'Platinum',
      version: ticket.version + 1,
    });
    const stale = await desk.admin.request(`${tickets}/${ticket.id}`, {
      method: 'PATCH',
      json: { priority: 'low', version: ticket.version },
    });
    expect(stale.status).toBe(412);
    const now = await send<TicketDetails>(desk.admin, 'GET', `${tickets}/${ticket.id}`);
    expect(now.priority).toBe('high');
    expect(now.version).toBe(edited.version);
    // Sending what the ticket already holds writes nothing, but a stale version is still refused.
    const same = await patch(desk.agent, ticket.id, { priority: 'high', version: edited.version });
    expect(same.version).toBe(edited.version);
    expect(same.updatedAt).toBe(edited.updatedAt);
    const staleSame = await desk.admin.request(`${tickets}/${ticket.id}`, {
      method: 'PATCH',
      json: { priority: 'high', version: ticket.version },
    });
    expect(staleSame.status).toBe(412);
    expect(await activity(desk.admin)).toContain(`updated ticket #${ticket.number} '${ticket.subject}'`);
  });

  it('sets resolvedAt on resolving, clears it on reopening, and sets closedAt on closing', async () => {
    const ticket = await desk.build.ticket();
    const resolved = await patch(desk.agent, ticket.id, { status: 'resolved', version: ticket.version });
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.closedAt).toBeNull();
    const reopened = await patch(desk.agent, ticket.id, { status: 'in-progress', version: resolved.version });
    expect(reopened).toMatchObject({ status: 'in-progress', resolvedAt: null, closedAt: null });
    const closed = await patch(desk.agent, ticket.id, { status: 'closed', version: reopened.version });
    expect(closed.status).toBe('closed');
    expect(closed.closedAt).not.toBeNull();
    expect(closed.resolvedAt).not.toBeNull();
    expect(await activity(desk.admin)).toContain(
      `set ticket #${ticket.number} '${ticket.subject}' to Closed`,
    );
  });

  it('takes the first agent reply as the first response; an internal note is none', async () => {
    const ticket = await desk.build.ticket();
    const note = await message(desk.agent, ticket.id, {
      body: 'Customer is on the Gold plan',
      internal: true,
    });
    expect(note.message).toMatchObject({
      authorKind: 'agent',
      internal: true,
      author: { name: 'Test employee' },
    });
    expect(note.ticket.firstRespondedAt).toBeNull();

    const reply = await message(desk.agent, ticket.id, { body: 'Looking into it now.' });
    expect(reply.message).toMatchObject({ authorKind: 'agent', internal: false });
    expect(reply.ticket.firstRespondedAt).not.toBeNull();
    expect(reply.ticket.version).toBeGreaterThan(ticket.version);

    const later = await message(desk.manager, ticket.id, { body: 'Any update?', status: 'pending' });
    expect(later.ticket.firstRespondedAt).toBe(reply.ticket.firstRespondedAt);
    expect(later.ticket.status).toBe('pending');

    const page = await send<TicketDetails>(desk.admin, 'GET', `${tickets}/${ticket.id}`);
    expect(page.messages.map((m) => [m.authorKind, m.internal, m.body])).toEqual([
      ['customer', false, ticket.description],
      ['agent', true, 'Customer is on the Gold plan'],
      ['agent', false, 'Looking into it now.'],
      ['agent', false, 'Any update?'],
    ]);
    const log = await activity(desk.admin);
    expect(log).toContain(`added an internal note to ticket #${ticket.number} '${ticket.subject}'`);
    expect(log).toContain(`replied to ticket #${ticket.number} '${ticket.subject}'`);
  });

  it('answers 404 for a ticket that does not exist, and 400 for an empty message', async () => {
    expect((await desk.admin.request(`${tickets}/${randomUUID()}`)).status).toBe(404);
    expect((await desk.admin.request(`${tickets}/not-a-uuid`)).status).toBe(404);
    const ticket = await desk.build.ticket();
    const empty = await desk.admin.request(`${tickets}/${ticket.id}/messages`, {
      method: 'POST',
      json: { body: '   ' },
    });
    expect(empty.status).toBe(400);
  });
});

describe('assignment (issue 21: helpdesk:manage assigns to others, the assignee is notified)', () => {
  let desk: Awaited<ReturnType<typeof helpDesk>>;
  beforeAll(async () => {
    desk = await helpDesk('Tickets Assignment Co');
  });

  const notificationsOf = async (client: SessionClient) =>
    (
      await send<{ data: { kind: string; title: string; link: string }[] }>(
        client,
        'GET',
        '/api/v1/notifications',
      )
    ).data.filter((n) => n.kind === 'ticket_assigned');

  it('lets an agent take a ticket or let it go, but not give it to someone else', async () => {
    const ticket = await desk.build.ticket();
    const refused = await desk.agent.request(`${tickets}/${ticket.id}`, {
      method: 'PATCH',
      json: { assigneeId: desk.managerId, version: ticket.version },
    });
    expect(refused.status).toBe(403);
    const taken = await patch(desk.agent, ticket.id, { assigneeId: desk.agentId, version: ticket.version });
    expect(taken.assignee?.id).toBe(desk.agentId);
    const released = await patch(desk.agent, ticket.id, { assigneeId: null, version: taken.version });
    expect(released.assignee).toBeNull();
    // Taking it yourself tells no one.
    expect(await notificationsOf(desk.agent)).toEqual([]);
  });

  it('lets a Manager assign to an agent, who is notified with a link to the ticket', async () => {
    const ticket = await desk.build.ticket({ subject: 'Refund for unused seats' });
    const assigned = await patch(desk.manager, ticket.id, {
      assigneeId: desk.agentId,
      version: ticket.version,
    });
    expect(assigned.assignee?.id).toBe(desk.agentId);
    const heard = await notificationsOf(desk.agent);
    expect(heard).toEqual([
      expect.objectContaining({
        title: `Test manager assigned you ticket #${ticket.number} 'Refund for unused seats'`,
        link: `/helpdesk/tickets/${ticket.id}`,
      }),
    ]);
  });
});

describe('the queue: views, filters, search, sorts and keyset pages (issue 21)', () => {
  let desk: Awaited<ReturnType<typeof helpDesk>>;
  const made: Record<string, TicketDetails> = {};

  beforeAll(async () => {
    desk = await helpDesk('Tickets Queue Co');
    const { build } = desk;
    made.mineOpen = await build.ticket({
      subject: 'Export to CSV times out',
      assigneeId: desk.agentId,
      priority: 'high',
      type: 'bug',
      category: 'Technical',
      tags: ['api'],
      slaTier: 'Gold',
      customerName: 'Priya Shah',
      customerEmail: 'priya@northwind.test',
    });
    made.unassigned = await build.ticket({ subject: 'Charged twice this month', category: 'Billing' });
    made.pending = await build.ticket({
      subject: 'Add dark mode',
      assigneeId: desk.managerId,
      type: 'feature',
    });
    made.pending = await patch(desk.admin, made.pending.id, {
      status: 'pending',
      version: made.pending.version,
    });
    made.resolved = await build.ticket({ subject: 'Where is my data stored?', assigneeId: desk.agentId });
    made.resolved = await patch(desk.admin, made.resolved.id, {
      status: 'resolved',
      version: made.resolved.version,
    });
    made.closed = await build.ticket({ subject: 'Dashboard loads slowly', priority: 'urgent' });
    made.closed = await patch(desk.admin, made.closed.id, { status: 'closed', version: made.closed.version });
    made.inProgress = await build.ticket({ subject: 'Recurring tasks', priority: 'low', tags: ['vip'] });
    made.inProgress = await patch(desk.admin, made.inProgress.id, {
      status: 'in-progress',
      version: made.inProgress.version,
    });
    await message(desk.agent, made.unassigned.id, {
      body: 'The second charge shows an unusual zanzibar reference',
    });
  });

  const ids = (page: TicketListResponse) => page.data.map((ticket) => ticket.id).sort();
  const of = (...keys: string[]) => keys.map((key) => made[key]!.id).sort();

  it('lists each view, newest first, with its total', async () => {
    const all = await queue(desk.agent);
    expect(all.total).toBe(6);
    expect(numbers(all)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(ids(await queue(desk.agent, 'view=mine'))).toEqual(of('mineOpen'));
    expect(ids(await queue(desk.manager, 'view=mine'))).toEqual(of('pending'));
    expect(ids(await queue(desk.agent, 'view=unassigned'))).toEqual(of('unassigned', 'inProgress'));
    expect(ids(await queue(desk.agent, 'view=open'))).toEqual(of('mineOpen', 'unassigned', 'inProgress'));
    expect(ids(await queue(desk.agent, 'view=pending'))).toEqual(of('pending'));
    expect(ids(await queue(desk.agent, 'view=closed'))).toEqual(of('resolved', 'closed'));
    expect((await queue(desk.agent, 'view=closed')).total).toBe(2);
  });

  it('filters by status (a comma list that narrows the view), priority, type, category, agent, tier, tag and customer', async () => {
    expect(ids(await queue(desk.agent, 'status=pending,closed'))).toEqual(of('pending', 'closed'));
    expect(ids(await queue(desk.agent, 'status=pending&status=closed'))).toEqual(of('pending', 'closed'));
    expect(ids(await queue(desk.agent, 'view=open&status=in-progress,closed'))).toEqual(of('inProgress'));
    expect((await queue(desk.agent, 'view=closed&status=open')).data).toEqual([]);
    expect(ids(await queue(desk.agent, 'priority=urgent'))).toEqual(of('closed'));
    expect(ids(await queue(desk.agent, 'type=feature'))).toEqual(of('pending'));
    expect(ids(await queue(desk.agent, 'category=Billing'))).toEqual(of('unassigned'));
    expect(ids(await queue(desk.agent, `assigneeId=${desk.agentId}`))).toEqual(of('mineOpen', 'resolved'));
    expect(ids(await queue(desk.agent, 'assigneeId=unassigned'))).toEqual(
      of('unassigned', 'closed', 'inProgress'),
    );
    expect((await queue(desk.agent, `view=mine&assigneeId=${desk.managerId}`)).data).toEqual([]);
    expect(ids(await queue(desk.agent, 'slaTier=Gold'))).toEqual(of('mineOpen'));
    expect(ids(await queue(desk.agent, 'tag=vip'))).toEqual(of('inProgress'));
    expect(ids(await queue(desk.agent, 'customer=northwind'))).toEqual(of('mineOpen'));
    expect(ids(await queue(desk.agent, 'customer=Priya%20Shah'))).toEqual(of('mineOpen'));
    const bad = await desk.agent.request(`${tickets}?status=open,done`);
    expect(bad.status).toBe(400);
  });

  it('searches the number, the subject, the customer and the message text', async () => {
    const number = made.closed!.number;
    expect(ids(await queue(desk.agent, `q=%23${number}`))).toEqual(of('closed'));
    // A bare number finds the ticket, and the same digits in any text.
    expect(ids(await queue(desk.agent, `q=${number}`))).toContain(made.closed!.id);
    expect(ids(await queue(desk.agent, 'q=csv%20export'))).toEqual(of('mineOpen'));
    expect(ids(await queue(desk.agent, 'q=zanzibar'))).toEqual(of('unassigned'));
    expect(ids(await queue(desk.agent, 'q=priya@northwind'))).toEqual(of('mineOpen'));
    // The description is the first message: found too.
    expect(ids(await queue(desk.agent, `q=${made.pending!.description}`))).toEqual(of('pending'));
    expect((await queue(desk.agent, 'q=nothing-like-this')).total).toBe(0);
    // LIKE wildcards are matched literally.
    expect((await queue(desk.agent, 'q=%25')).data).toEqual([]);
  });

  it('pages through every sort, in both directions, without gaps or repeats', async () => {
    const orders: [string, (a: TicketSummary, b: TicketSummary) => number][] = [
      [
        'sort=created&order=desc',
        (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
      ],
      ['sort=number&order=asc', (a, b) => a.number - b.number],
      ['sort=subject&order=asc', (a, b) => (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0)],
      [
        'sort=updated&order=desc',
        (a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id),
      ],
    ];
    for (const [query, compare] of orders) {
      const seen: TicketSummary[] = [];
      let page = await queue(desk.agent, `${query}&limit=4`);
      expect(page.total, query).toBe(6);
      seen.push(...page.data);
      while (page.nextCursor) {
        page = await queue(desk.agent, `${query}&limit=4&cursor=${page.nextCursor}`);
        expect(page.total, query).toBeUndefined();
        seen.push(...page.data);
      }
      expect(seen.length, query).toBe(6);
      expect(seen, query).toEqual([...seen].sort(compare));
    }
    const rank = { low: 0, medium: 1, high: 2, urgent: 3 } as const;
    const byPriority: TicketSummary[] = [];
    let cursor: string | null = null;
    do {
      const page: TicketListResponse = await queue(
        desk.agent,
        `sort=priority&order=desc&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      byPriority.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    expect(byPriority.map((t) => rank[t.priority])).toEqual([3, 2, 1, 1, 1, 0]);
    const tampered = await desk.agent.request(
      `${tickets}?cursor=${Buffer.from('["x"]').toString('base64url')}`,
    );
    expect(tampered.status).toBe(400);
  });
});

describe('searching a word found thousands of times (issue 21: fast at 100,000 tickets)', () => {
  it('reads the newest tickets first and gives no total; a rare word is found beyond them and counted', async () => {
    const owner = await signUp(server, { companyName: 'Common Word Co' });
    const tenantId = owner.me.workspace.id;
    // More matches than the search window, loaded behind the API: thousands of POSTs would take minutes.
    const old = Date.now() - 86_400_000;
    await server.platform.database.db.insert(schema.tickets).values([
      ...Array.from({ length: searchWindow }, (_, i) => ({
        tenantId,
        number: i + 1,
        subject: `Printer jam ${i + 1}`,
        customerName: 'Bulk Customer',
        customerEmail: 'bulk@example.com',
        createdAt: new Date(old + i),
      })),
      // Older than the whole window: found through the indexes, as a rare word's tickets are.
      {
        tenantId,
        number: searchWindow + 1,
        subject: 'Zebra crossing',
        customerName: 'Bulk Customer',
        customerEmail: 'bulk@example.com',
        createdAt: new Date(old - 1000),
      },
    ]);
    // Newer than all of them: one matching only by a message, one not matching at all.
    const build = fixtures(owner.client);
    const byMessage = await build.ticket({ subject: 'Paper tray', description: 'The printer is stuck' });
    await build.ticket({ subject: 'Unrelated', description: 'Nothing to see' });

    const first = await queue(owner.client, 'view=all&q=printer&limit=3');
    expect(first.total).toBeUndefined();
    expect(first.data.map((ticket) => ticket.subject)).toEqual([
      'Paper tray',
      `Printer jam ${searchWindow}`,
      `Printer jam ${searchWindow - 1}`,
    ]);
    const next = await queue(owner.client, `view=all&q=printer&limit=3&cursor=${first.nextCursor}`);
    expect(numbers(next)).toEqual([searchWindow - 2, searchWindow - 3, searchWindow - 4]);
    // A rarer word of the same tickets is still counted.
    const rare = await queue(owner.client, 'view=all&q=tray');
    expect(rare.total).toBe(1);
    expect(rare.data.map((ticket) => ticket.id)).toEqual([byMessage.id]);
    const beyond = await queue(owner.client, 'view=all&q=zebra');
    expect(beyond.total).toBe(1);
    expect(beyond.data.map((ticket) => ticket.subject)).toEqual(['Zebra crossing']);
  });
});

describe('bulk actions (issue 21: assign, status, priority, tag, close; all or nothing)', () => {
  let desk: Awaited<ReturnType<typeof helpDesk>>;
  beforeAll(async () => {
    desk = await helpDesk('Tickets Bulk Co');
  });

  const read = (id: string) => send<TicketDetails>(desk.admin, 'GET', `${tickets}/${id}`);

  it('applies each action to every selected ticket', async () => {
    const [a, b] = [await desk.build.ticket({ tags: ['vip'] }), await desk.build.ticket()];
    const ids = [a.id, b.id];
    expect(await bulk(desk.manager, { ids, action: 'assign', assigneeId: desk.agentId })).toEqual({
      action: 'assign',
      count: 2,
      ids,
    });
    await bulk(desk.agent, { ids, action: 'set-priority', priority: 'urgent' });
    await bulk(desk.agent, { ids, action: 'add-tag', tag: 'vip' });
    await bulk(desk.agent, { ids, action: 'set-status', status: 'resolved' });
    for (const id of ids) {
      const ticket = await read(id);
      expect(ticket).toMatchObject({ priority: 'urgent', status: 'resolved', tags: ['vip'] });
      expect(ticket.assignee?.id).toBe(desk.agentId);
      expect(ticket.resolvedAt).not.toBeNull();
    }
    await bulk(desk.agent, { ids, action: 'close' });
    for (const id of ids) expect((await read(id)).closedAt).not.toBeNull();
    expect(await activity(desk.admin)).toContain(`set ticket #${a.number} '${a.subject}' to Closed`);
  });

  it('changes nothing when one id is not a ticket of the workspace (404, the id named)', async () => {
    const ticket = await desk.build.ticket();
    const other = await fixtures((await signUp(server)).client).ticket();
    const response = await desk.admin.request(`${tickets}/bulk`, {
      method: 'POST',
      json: { ids: [ticket.id, other.id], action: 'close' },
    });
    expect(response.status).toBe(404);
    expect(Object.keys((await errorOf(response)).fields ?? {})).toEqual(['ids.1']);
    expect((await read(ticket.id)).status).toBe('open');
  });

  it("refuses an agent's bulk assignment to someone else (403) and changes nothing", async () => {
    const ticket = await desk.build.ticket();
    const refused = await desk.agent.request(`${tickets}/bulk`, {
      method: 'POST',
      json: { ids: [ticket.id], action: 'assign', assigneeId: desk.managerId },
    });
    expect(refused.status).toBe(403);
    expect((await read(ticket.id)).assignee).toBeNull();
    await bulk(desk.agent, { ids: [ticket.id], action: 'assign', assigneeId: desk.agentId });
    expect((await read(ticket.id)).assignee?.id).toBe(desk.agentId);
  });
});

describe('who reaches the help desk', () => {
  it('refuses contractors and customers (403); another workspace finds nothing (404)', async () => {
    const desk = await helpDesk('Tickets Access Co');
    const contractor = await addMember(server, desk.admin, 'contractor');
    const customer = await addMember(server, desk.admin, 'customer');
    const ticket = await desk.build.ticket({ subject: unique('Private') });
    for (const client of [contractor.client, customer.client]) {
      expect((await client.request(tickets)).status).toBe(403);
      expect((await client.request(`${tickets}/${ticket.id}`)).status).toBe(403);
    }
    const other = await signUp(server, { companyName: 'Tickets Elsewhere Co' });
    expect((await other.client.request(`${tickets}/${ticket.id}`)).status).toBe(404);
    const patched = await other.client.request(`${tickets}/${ticket.id}`, {
      method: 'PATCH',
      json: { status: 'closed', version: ticket.version },
    });
    expect(patched.status).toBe(404);
    const replied = await other.client.request(`${tickets}/${ticket.id}/messages`, {
      method: 'POST',
      json: { body: 'Hello' },
    });
    expect(replied.status).toBe(404);
    const list = await other.client.request(`${tickets}?q=${encodeURIComponent(ticket.subject)}`);
    expect(((await list.json()) as TicketListResponse).data).toEqual([]);
    expect((await send<TicketDetails>(desk.admin, 'GET', `${tickets}/${ticket.id}`)).status).toBe('open');
  });
});
