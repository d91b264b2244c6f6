import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import type { TicketDetails } from '@atrium/shared';
import { expectJson, fixtures, overwrite } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { autoCloseQueue } from './ticket-auto-close';

// Issue 21 status rules beyond a single change: merging a duplicate, and resolved tickets closing
// themselves after the workspace's number of days.
let server: TestServer;
let admin: SessionClient;
let agent: SessionClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await signUp(server, { companyName: 'Lifecycle Co' })).client;
  agent = (await addMember(server, admin, 'employee')).client;
});
afterAll(() => server?.close());

const details = async (client: SessionClient, id: string) =>
  expectJson<TicketDetails>(await client.request(`/api/v1/helpdesk/tickets/${id}`), 200);
const merge = (client: SessionClient, id: string, intoTicketId: string) =>
  client.request(`/api/v1/helpdesk/tickets/${id}/merge`, { method: 'POST', json: { intoTicketId } });

describe('merging a duplicate ticket (issue 21)', () => {
  it('moves its messages into the other ticket in time order, notes it on both and closes the duplicate', async () => {
    const build = fixtures(agent);
    const original = await build.ticket({ subject: 'Printer jams', description: 'It jams on page 2.' });
    const duplicate = await build.ticket({ subject: 'Printer jams again', description: 'Still jamming.' });
    await expectJson(
      await agent.request(`/api/v1/helpdesk/tickets/${duplicate.id}/messages`, {
        method: 'POST',
        json: { body: 'Which tray?', internal: false },
      }),
      201,
    );

    const merged = await expectJson<TicketDetails>(await merge(agent, duplicate.id, original.id), 200);
    expect(merged.id).toBe(original.id);
    expect(merged.messages.map((m) => [m.authorKind, m.internal, m.body])).toEqual([
      ['customer', false, 'It jams on page 2.'],
      ['customer', false, 'Still jamming.'],
      ['agent', false, 'Which tray?'],
      [
        'agent',
        true,
        `Merged #${duplicate.number} 'Printer jams again' into this ticket: 2 messages moved here.`,
      ],
    ]);
    const closed = await details(agent, duplicate.id);
    expect(closed.status).toBe('closed');
    expect(closed.messages.map((m) => m.body)).toEqual([
      `Merged into #${original.number} 'Printer jams'; the conversation continues there.`,
    ]);
    // Both timelines tell of it, newest first, after the ticket's own history.
    const timeline = await expectJson<{ data: { summary: string; actorName: string }[] }>(
      await agent.request(`/api/v1/helpdesk/tickets/${original.id}/activity`),
      200,
    );
    expect(timeline.data.map((entry) => entry.summary)).toEqual([
      `merged ticket #${duplicate.number} 'Printer jams again' into #${original.number} 'Printer jams'`,
      `created ticket #${original.number} 'Printer jams'`,
    ]);
    // The search follows the messages: their words now find the ticket they moved to.
    const found = await expectJson<{ data: { id: string }[] }>(
      await agent.request('/api/v1/helpdesk/tickets?view=all&q=jamming%20tray'),
      200,
    );
    expect(found.data.map((ticket) => ticket.id)).toEqual([original.id]);
  });

  it('refuses the ticket itself (422) and a ticket of another workspace (404), changing nothing', async () => {
    const ticket = await fixtures(agent).ticket();
    const self = await merge(agent, ticket.id, ticket.id);
    expect(self.status).toBe(422);
    const other = await fixtures((await signUp(server, { companyName: 'Other Merge Co' })).client).ticket();
    expect((await merge(agent, ticket.id, other.id)).status).toBe(404);
    expect((await merge(agent, other.id, ticket.id)).status).toBe(404);
    expect((await details(agent, ticket.id)).messages).toHaveLength(1);
  });
});

describe('closing resolved tickets automatically (issue 21)', () => {
  it("closes tickets resolved longer ago than the workspace's days, and no others", async () => {
    const build = fixtures(admin);
    const resolve = async (daysAgo: number) => {
      const ticket = await build.ticket();
      await expectJson(
        await admin.request(`/api/v1/helpdesk/tickets/${ticket.id}`, {
          method: 'PATCH',
          json: { status: 'resolved', version: ticket.version },
        }),
        200,
      );
      await overwrite(server, schema.tickets, ticket.id, {
        resolvedAt: new Date(Date.now() - daysAgo * 86_400_000),
      });
      return ticket.id;
    };
    // The workspace waits 3 days.
    const settings = await expectJson<{ version: number }>(
      await admin.request('/api/v1/helpdesk/settings'),
      200,
    );
    await expectJson(
      await admin.request('/api/v1/helpdesk/settings', {
        method: 'PUT',
        json: { autoCloseAfterDays: 3, roundRobinTeamId: null, version: settings.version },
      }),
      200,
    );
    const old = await resolve(4);
    const recent = await resolve(2);
    const stillOpen = (await build.ticket()).id;

    await server.platform.jobs.enqueue(autoCloseQueue, {});
    const deadline = Date.now() + 20_000;
    while ((await details(admin, old)).status !== 'closed') {
      if (Date.now() > deadline) throw new Error('the resolved ticket was not closed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await details(admin, recent)).status).toBe('resolved');
    expect((await details(admin, stillOpen)).status).toBe('open');
    const activity = await expectJson<{ data: { entityId: string; summary: string }[] }>(
      await admin.request('/api/v1/activity?limit=50'),
      200,
    );
    expect(activity.data.find((entry) => entry.entityId === old)?.summary).toMatch(
      /Closed.*resolved 3 days ago$/,
    );
  });
});
