import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import { todayIn, type Dashboard, type HelpdeskOverview, type TicketDetails } from '@atrium/shared';
import { expectJson, fixtures, overwrite } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const overview = async (client: SessionClient, query = 'days=30') =>
  expectJson<HelpdeskOverview>(await client.request(`/api/v1/helpdesk/overview?${query}`), 200);

describe('help desk overview (issue 21)', () => {
  let admin: SessionClient;
  let agent: SessionClient;
  let agentId: string;

  beforeAll(async () => {
    const owner = await signUp(server, { companyName: 'Overview Co' });
    admin = owner.client;
    const member = await addMember(server, admin, 'employee');
    agent = member.client;
    agentId = member.me.employeeId!;
    const build = fixtures(admin);
    const set = (ticket: TicketDetails, values: Partial<typeof schema.tickets.$inferInsert>) =>
      overwrite(server, schema.tickets, ticket.id, values);
    const patch = async (ticket: TicketDetails, json: object) =>
      expectJson(
        await admin.request(`/api/v1/helpdesk/tickets/${ticket.id}`, {
          method: 'PATCH',
          json: { ...json, version: ticket.version },
        }),
        200,
      );

    // Open: unassigned, Billing, high.
    await build.ticket({ category: 'Billing', priority: 'high' });
    // In progress and answered after 2 hours.
    const answered = await build.ticket({ category: 'Technical', priority: 'urgent', assigneeId: agentId });
    await patch(answered, { status: 'in-progress' });
    await set(answered, { createdAt: hoursAgo(5), firstRespondedAt: hoursAgo(3) });
    // Pending and unassigned, past its resolution due time.
    const late = await build.ticket({ category: 'Billing', priority: 'low' });
    await patch(late, { status: 'pending' });
    await set(late, { resolutionDueAt: hoursAgo(1) });
    // Open, answered after 4 hours, past its first-response due time.
    const missed = await build.ticket({ category: 'Technical', assigneeId: agentId });
    await set(missed, {
      createdAt: hoursAgo(10),
      firstRespondedAt: hoursAgo(6),
      firstResponseDueAt: hoursAgo(2),
    });
    // Open, due later: not breaching.
    const onTime = await build.ticket({ assigneeId: agentId });
    await set(onTime, { firstResponseDueAt: new Date(Date.now() + 3_600_000) });
    // Resolved now: this week's, no longer open; its past due time no longer counts.
    const resolved = await build.ticket({ category: 'Feature Request' });
    await patch(resolved, { status: 'resolved' });
    await set(resolved, { resolutionDueAt: hoursAgo(1) });
    // Created and resolved 40 days ago: outside the period and the week.
    const old = await build.ticket();
    await patch(old, { status: 'closed' });
    await set(old, {
      createdAt: hoursAgo(40 * 24),
      resolvedAt: hoursAgo(40 * 24),
      firstRespondedAt: hoursAgo(1),
    });
  });

  it('counts the KPIs over the built tickets', async () => {
    const body = await overview(agent);
    expect(body.kpis).toEqual({
      open: 5,
      unassigned: 2,
      breaching: 2,
      averageFirstResponseHours: 3,
      resolvedThisWeek: 1,
    });
  });

  it('gives the same open count as the dashboard’s Open Tickets card', async () => {
    const [dashboard, body] = await Promise.all([
      expectJson<Dashboard>(await agent.request('/api/v1/dashboard'), 200),
      overview(agent),
    ]);
    expect(dashboard.kpis.find((kpi) => kpi.id === 'open-tickets')?.value).toBe(body.kpis.open);
  });

  it('charts the open tickets by category and priority, every value present', async () => {
    const body = await overview(admin);
    expect(body.byCategory).toEqual([
      { category: 'Technical', count: 2 },
      { category: 'Billing', count: 2 },
      { category: 'Feature Request', count: 0 },
      { category: 'General Inquiry', count: 1 },
    ]);
    expect(body.byPriority).toEqual([
      { priority: 'low', count: 1 },
      { priority: 'medium', count: 2 },
      { priority: 'high', count: 1 },
      { priority: 'urgent', count: 1 },
    ]);
  });

  it('charts tickets opened and resolved per calendar day of the period, today last', async () => {
    const month = await overview(admin);
    expect(month.perDay).toHaveLength(30);
    expect(month.perDay.at(-1)!.date).toBe(todayIn(month.timeZone));
    const total = (key: 'opened' | 'resolved', days: HelpdeskOverview['perDay']) =>
      days.reduce((sum, day) => sum + day[key], 0);
    // The 40-day-old ticket is outside it.
    expect(total('opened', month.perDay)).toBe(6);
    expect(total('resolved', month.perDay)).toBe(1);
    const week = await overview(admin, 'days=7');
    expect(week.perDay).toHaveLength(7);
    expect(week.days).toBe(7);
  });

  it('refuses a period it does not offer', async () => {
    const response = await admin.request('/api/v1/helpdesk/overview?days=5');
    expect(response.status).toBe(400);
  });

  it('shows an empty workspace as zeros, with no average', async () => {
    const empty = await signUp(server, { companyName: 'Overview Empty Co' });
    const body = await overview(empty.client);
    expect(body.kpis).toEqual({
      open: 0,
      unassigned: 0,
      breaching: 0,
      averageFirstResponseHours: null,
      resolvedThisWeek: 0,
    });
    expect(body.perDay.every((day) => day.opened === 0 && day.resolved === 0)).toBe(true);
  });
});
