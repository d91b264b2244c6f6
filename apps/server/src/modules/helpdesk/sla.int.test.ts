import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  type BusinessCalendarList,
  type BusinessCalendarView,
  type SlaCompliance,
  type SlaPolicy,
  type SlaPolicyList,
  type SlaTier,
  type TicketDetails,
  type TicketListResponse,
} from '@atrium/shared';
import { rowsOf } from '../../platform/db/results';
import { fixtures, unique } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { SlaAlert } from './sla-clock';

// Issue 21 SLA clocks through the API, at instants the test sets: business hours, pauses, policy
// changes, the warning and breach jobs, and compliance.

let server: TestServer;
let now = new Date('2026-01-05T09:00:00Z');
const at = (instant: string) => {
  now = new Date(instant);
};

beforeAll(async () => {
  server = await startTestServer({}, { now: () => now });
});
afterAll(() => server?.close());

const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

async function send<T>(client: SessionClient, method: string, path: string, json?: unknown, status = 200) {
  const response = await client.request(path, { method, ...(json === undefined ? {} : { json }) });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(status);
  return (status === 204 ? undefined : await response.json()) as T;
}

const sla = '/api/v1/helpdesk/sla';
const tickets = '/api/v1/helpdesk/tickets';

/** A workspace whose default calendar is Monday to Friday 09:00-17:00 UTC, with a Manager and an agent. */
async function helpDesk() {
  const owner = await signUp(server, { companyName: unique('SLA Co') });
  const manager = await addMember(server, owner.client, 'manager');
  const agent = await addMember(server, owner.client, 'employee');
  const calendars = await send<BusinessCalendarList>(owner.client, 'GET', `${sla}/calendars`);
  const standard = calendars.data[0]!;
  await send(owner.client, 'PUT', `${sla}/calendars/${standard.id}`, {
    ...standard,
    timeZone: 'UTC',
    version: standard.version,
  });
  return {
    admin: owner.client,
    manager: manager.client,
    managerId: manager.me.employeeId!,
    agent: agent.client,
    agentId: agent.me.employeeId!,
    build: fixtures(owner.client),
    defaultCalendarId: standard.id,
  };
}
type Desk = Awaited<ReturnType<typeof helpDesk>>;

async function policy(desk: Desk, tier: SlaTier) {
  const list = await send<SlaPolicyList>(desk.admin, 'GET', `${sla}/policies`);
  return list.data.find((candidate) => candidate.tier === tier)!;
}

async function setPolicy(desk: Desk, tier: SlaTier, change: Partial<SlaPolicy>) {
  const current = await policy(desk, tier);
  return send<SlaPolicy>(desk.manager, 'PATCH', `${sla}/policies/${current.id}`, {
    firstResponseHours: current.firstResponseHours,
    resolutionHours: current.resolutionHours,
    calendarId: current.calendarId,
    pauseStatuses: current.pauseStatuses,
    version: current.version,
    ...change,
  });
}

const ticket = (desk: Desk, id: string) => send<TicketDetails>(desk.agent, 'GET', `${tickets}/${id}`);
const setStatus = async (desk: Desk, id: string, status: string) =>
  send<TicketDetails>(desk.agent, 'PATCH', `${tickets}/${id}`, {
    status,
    version: (await ticket(desk, id)).version,
  });

/** The warning and breach jobs planned for a ticket, as their handler receives them. */
async function alertJobs(ticketId: string): Promise<SlaAlert[]> {
  const result = await server.platform.database.db.execute(
    sql`select data from pgboss.job where name = 'helpdesk.sla-alert' and data->>'ticketId' = ${ticketId}
      order by start_after, data->>'kind' desc`,
  );
  return rowsOf<{ data: SlaAlert }>(result).map((row) => row.data);
}

async function notificationTitles(client: SessionClient) {
  const page = await send<{ data: { kind: string; title: string }[] }>(
    client,
    'GET',
    '/api/v1/notifications',
  );
  return page.data.filter((entry) => entry.kind.startsWith('ticket_sla')).map((entry) => entry.title);
}

describe('SLA clocks in business time (issue 21)', () => {
  let desk: Desk;
  beforeAll(async () => {
    desk = await helpDesk();
    await setPolicy(desk, 'Platinum', { firstResponseHours: 1, resolutionHours: 8 });
  });

  it('counts only opening hours: Friday 16:30 with a 1 h first response is due Monday 09:30', async () => {
    at('2026-01-02T16:30:00Z');
    const created = await desk.build.ticket({ slaTier: 'Platinum' });
    expect(created.firstResponseDueAt).toBe('2026-01-05T09:30:00.000Z');
    // 30 minutes on Friday, 7.5 hours on Monday.
    expect(created.resolutionDueAt).toBe('2026-01-05T16:30:00.000Z');
    expect(created.slaClocks?.firstResponse).toEqual({
      state: 'running',
      dueAt: '2026-01-05T09:30:00.000Z',
      businessMinutesLeft: 60,
    });

    at('2026-01-05T10:00:00Z');
    const late = await ticket(desk, created.id);
    expect(late.slaClocks?.firstResponse).toMatchObject({ state: 'breached', businessMinutesLeft: -30 });
    expect(late.slaClocks?.resolution).toMatchObject({ state: 'running' });
  });

  it('a 16 h target on an 8 h day takes two business days', async () => {
    await setPolicy(desk, 'Gold', { firstResponseHours: 4, resolutionHours: 16 });
    at('2026-01-06T09:00:00Z');
    const created = await desk.build.ticket({ slaTier: 'Gold' });
    expect(created.resolutionDueAt).toBe('2026-01-07T17:00:00.000Z');
  });

  it('stands still while pending and resumes when the ticket is open again', async () => {
    at('2026-01-05T10:00:00Z');
    const created = await desk.build.ticket({ slaTier: 'Platinum' });
    at('2026-01-05T10:30:00Z');
    const pending = await setStatus(desk, created.id, 'pending');
    expect(pending.firstResponseDueAt).toBeNull();
    expect(pending.resolutionDueAt).toBeNull();
    expect(pending.slaClocks?.firstResponse).toEqual({
      state: 'paused',
      dueAt: null,
      businessMinutesLeft: 30,
    });

    at('2026-01-05T13:00:00Z');
    const open = await setStatus(desk, created.id, 'open');
    // Paused 2.5 business hours: 11:00 + 2:30.
    expect(open.firstResponseDueAt).toBe('2026-01-05T13:30:00.000Z');
    // 8 h from 10:00, less the pause: 4.5 h on Monday, 3.5 h on Tuesday.
    expect(open.resolutionDueAt).toBe('2026-01-06T12:30:00.000Z');
    expect(open.slaClocks?.firstResponse).toMatchObject({ state: 'running', businessMinutesLeft: 30 });

    // A reply meets the first response: its clock stops with no due time left.
    at('2026-01-05T13:10:00Z');
    await send(desk.agent, 'POST', `${tickets}/${created.id}/messages`, { body: 'On it' }, 201);
    const answered = await ticket(desk, created.id);
    expect(answered.firstResponseDueAt).toBeNull();
    expect(answered.slaClocks?.firstResponse).toMatchObject({ state: 'met', businessMinutesLeft: null });
  });

  it('recomputes the unfinished tickets of a tier when its policy changes', async () => {
    await setPolicy(desk, 'Silver', { firstResponseHours: 12, resolutionHours: 96 });
    at('2026-01-05T09:00:00Z');
    const running = await desk.build.ticket({ slaTier: 'Silver' });
    const resolved = await desk.build.ticket({ slaTier: 'Silver' });
    await setStatus(desk, resolved.id, 'resolved');
    expect(running.firstResponseDueAt).toBe('2026-01-06T13:00:00.000Z');

    await setPolicy(desk, 'Silver', { firstResponseHours: 2, resolutionHours: 16 });
    const recomputed = await ticket(desk, running.id);
    expect(recomputed.firstResponseDueAt).toBe('2026-01-05T11:00:00.000Z');
    expect(recomputed.resolutionDueAt).toBe('2026-01-06T17:00:00.000Z');
    expect(recomputed.version).toBe(running.version);
    expect((await ticket(desk, resolved.id)).resolutionDueAt).toBeNull();
  });

  it('counts in the tier’s own calendar, with its holidays and several periods a day', async () => {
    const calendar = await desk.build.slaCalendar({
      periods: {
        1: [],
        2: [
          { start: '08:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
      },
      holidays: ['2026-01-13'],
    });
    await setPolicy(desk, 'Bronze', { firstResponseHours: 5, resolutionHours: 8, calendarId: calendar.id });
    at('2026-01-05T09:00:00Z');
    const created = await desk.build.ticket({ slaTier: 'Bronze' });
    // Monday closed: Tuesday 08:00-12:00 and 13:00-14:00.
    expect(created.firstResponseDueAt).toBe('2026-01-06T14:00:00.000Z');
    expect(created.resolutionDueAt).toBe('2026-01-06T17:00:00.000Z');

    at('2026-01-12T09:00:00Z');
    // The 13th is a holiday: the next Tuesday with hours is the 20th.
    const later = await desk.build.ticket({ slaTier: 'Bronze' });
    expect(later.firstResponseDueAt).toBe('2026-01-20T14:00:00.000Z');

    // Changing the calendar moves the due times of its tickets.
    const current = (await send<BusinessCalendarList>(desk.admin, 'GET', `${sla}/calendars`)).data.find(
      (candidate) => candidate.id === calendar.id,
    )!;
    expect(current.usedBy).toEqual(['Bronze']);
    await send(desk.manager, 'PUT', `${sla}/calendars/${calendar.id}`, {
      ...current,
      holidays: [],
      version: current.version,
    });
    expect((await ticket(desk, later.id)).firstResponseDueAt).toBe('2026-01-13T14:00:00.000Z');
  });

  it('lists Breaching soon: due within two business hours or overdue, nearest first', async () => {
    const other = await helpDesk();
    await setPolicy(other, 'Platinum', { firstResponseHours: 1, resolutionHours: 8 });
    at('2026-01-05T09:00:00Z');
    const first = await other.build.ticket({ slaTier: 'Platinum', subject: 'Earliest' });
    at('2026-01-05T09:30:00Z');
    const second = await other.build.ticket({ slaTier: 'Platinum', subject: 'Later' });
    const calm = await other.build.ticket({ slaTier: 'Bronze', subject: 'Calm' });
    const paused = await other.build.ticket({ slaTier: 'Platinum', subject: 'Waiting' });
    await setStatus(other, paused.id, 'pending');

    const view = await send<TicketListResponse>(other.agent, 'GET', `${tickets}?view=breaching`);
    expect(view.data.map((row) => row.id)).toEqual([first.id, second.id]);
    expect(view.total).toBe(2);
    const paged = await send<TicketListResponse>(other.agent, 'GET', `${tickets}?view=breaching&limit=1`);
    const next = await send<TicketListResponse>(
      other.agent,
      'GET',
      `${tickets}?view=breaching&limit=1&cursor=${paged.nextCursor}`,
    );
    expect([...paged.data, ...next.data].map((row) => row.id)).toEqual([first.id, second.id]);
    expect(calm.firstResponseDueAt).not.toBeNull();
  });
});

describe('SLA warnings and breaches (issue 21)', () => {
  it('plans jobs at 80% and 100% and notifies the assignee, unless the clock moved or was met', async () => {
    const desk = await helpDesk();
    await setPolicy(desk, 'Platinum', { firstResponseHours: 1, resolutionHours: 8 });
    at('2026-01-05T09:00:00Z');
    const created = await desk.build.ticket({ slaTier: 'Platinum', assigneeId: desk.agentId });

    const jobs = await alertJobs(created.id);
    expect(jobs.map(({ clock, kind, dueAt }) => [clock, kind, dueAt])).toEqual([
      ['firstResponse', 'warning', '2026-01-05T10:00:00.000Z'],
      ['firstResponse', 'breach', '2026-01-05T10:00:00.000Z'],
      ['resolution', 'warning', '2026-01-05T17:00:00.000Z'],
      ['resolution', 'breach', '2026-01-05T17:00:00.000Z'],
    ]);
    const [warning, breach, resolutionWarning] = jobs;

    at('2026-01-05T09:48:00Z');
    await server.services.helpdesk.slaAlert(warning!);
    expect(await notificationTitles(desk.agent)).toEqual([
      `Ticket #${created.number} '${created.subject}' has used 80% of its first response time`,
    ]);

    // Paused an hour from 09:50: the planned breach is stale, one at 11:00 is planned instead.
    at('2026-01-05T09:50:00Z');
    await setStatus(desk, created.id, 'pending');
    at('2026-01-05T10:50:00Z');
    await setStatus(desk, created.id, 'open');
    await server.services.helpdesk.slaAlert(breach!);
    await server.services.helpdesk.slaAlert(resolutionWarning!);
    expect(await notificationTitles(desk.agent)).toHaveLength(1);
    const replanned = (await alertJobs(created.id)).filter((job) => job.dueAt === '2026-01-05T11:00:00.000Z');
    expect(replanned.map((job) => job.kind)).toEqual(['breach']);

    at('2026-01-05T11:01:00Z');
    await server.services.helpdesk.slaAlert(replanned[0]!);
    expect(await notificationTitles(desk.agent)).toEqual([
      `Ticket #${created.number} '${created.subject}' breached its first response target`,
      `Ticket #${created.number} '${created.subject}' has used 80% of its first response time`,
    ]);

    // Met: the resolution's jobs find the clock stopped.
    await setStatus(desk, created.id, 'resolved');
    for (const job of (await alertJobs(created.id)).filter((job) => job.clock === 'resolution')) {
      await server.services.helpdesk.slaAlert(job);
    }
    expect(await notificationTitles(desk.agent)).toHaveLength(2);
  });
});

describe('SLA warnings of unassigned tickets (issue 21)', () => {
  it("go to the managers of the ticket's team", async () => {
    const desk = await helpDesk();
    await setPolicy(desk, 'Platinum', { firstResponseHours: 1, resolutionHours: 8 });
    const team = await send<{ id: string }>(
      desk.manager,
      'POST',
      '/api/v1/helpdesk/teams',
      {
        name: unique('Team'),
        members: [
          { employeeId: desk.agentId, isManager: false },
          { employeeId: desk.managerId, isManager: true },
        ],
      },
      201,
    );
    const settings = await send<{ version: number }>(desk.admin, 'GET', '/api/v1/helpdesk/settings');
    await send(desk.admin, 'PUT', '/api/v1/helpdesk/settings', {
      autoCloseAfterDays: 7,
      roundRobinTeamId: team.id,
      version: settings.version,
    });
    at('2026-01-05T09:00:00Z');
    // Round-robin gives it to a member of the team; unassigned again, it stays the team's.
    const routed = await desk.build.ticket({ slaTier: 'Platinum' });
    expect(routed.assignee).not.toBeNull();
    await send(desk.admin, 'PATCH', `${tickets}/${routed.id}`, { assigneeId: null, version: routed.version });

    const [warning] = await alertJobs(routed.id);
    at('2026-01-05T09:48:00Z');
    await server.services.helpdesk.slaAlert(warning!);
    expect(await notificationTitles(desk.manager)).toEqual([
      `Ticket #${routed.number} '${routed.subject}' has used 80% of its first response time`,
    ]);
    expect(await notificationTitles(desk.agent)).toEqual([]);
  });
});

describe('SLA policies and calendars (issue 21)', () => {
  let desk: Desk;
  beforeAll(async () => {
    desk = await helpDesk();
  });

  it('starts every tier with the spec’s targets and the default calendar', async () => {
    const list = await send<SlaPolicyList>(desk.agent, 'GET', `${sla}/policies`);
    expect(
      list.data.map(({ tier, firstResponseHours, resolutionHours, calendarId, pauseStatuses }) => ({
        tier,
        firstResponseHours,
        resolutionHours,
        calendarId,
        pauseStatuses,
      })),
    ).toEqual([
      {
        tier: 'Bronze',
        firstResponseHours: 24,
        resolutionHours: 168,
        calendarId: null,
        pauseStatuses: ['pending'],
      },
      {
        tier: 'Silver',
        firstResponseHours: 12,
        resolutionHours: 96,
        calendarId: null,
        pauseStatuses: ['pending'],
      },
      {
        tier: 'Gold',
        firstResponseHours: 4,
        resolutionHours: 48,
        calendarId: null,
        pauseStatuses: ['pending'],
      },
      {
        tier: 'Platinum',
        firstResponseHours: 2,
        resolutionHours: 24,
        calendarId: null,
        pauseStatuses: ['pending'],
      },
    ]);
    const calendars = await send<BusinessCalendarList>(desk.agent, 'GET', `${sla}/calendars`);
    expect(calendars.data).toHaveLength(1);
    expect(calendars.data[0]).toMatchObject({
      isDefault: true,
      usedBy: ['Bronze', 'Silver', 'Gold', 'Platinum'],
      periods: { 0: [], 1: [{ start: '09:00', end: '17:00' }], 6: [] },
    });
  });

  it('validates a policy and refuses a stale version and agents', async () => {
    const gold = await policy(desk, 'Gold');
    const body = { ...gold, resolutionHours: 2, firstResponseHours: 3 };
    const invalid = await desk.manager.request(`${sla}/policies/${gold.id}`, { method: 'PATCH', json: body });
    expect(invalid.status).toBe(400);
    expect((await errorOf(invalid)).fields).toMatchObject({
      resolutionHours: 'At least the first response target',
    });
    const foreign = await desk.manager.request(`${sla}/policies/${gold.id}`, {
      method: 'PATCH',
      json: { ...gold, calendarId: crypto.randomUUID() },
    });
    expect(foreign.status).toBe(422);
    const agent = await desk.agent.request(`${sla}/policies/${gold.id}`, {
      method: 'PATCH',
      json: { ...gold, firstResponseHours: 3 },
    });
    expect(agent.status).toBe(403);
    await setPolicy(desk, 'Gold', { firstResponseHours: 3, pauseStatuses: ['pending', 'in-progress'] });
    const stale = await desk.manager.request(`${sla}/policies/${gold.id}`, {
      method: 'PATCH',
      json: { ...gold, firstResponseHours: 5 },
    });
    expect(stale.status).toBe(412);
    expect(await policy(desk, 'Gold')).toMatchObject({
      firstResponseHours: 3,
      pauseStatuses: ['pending', 'in-progress'],
    });
  });

  it('keeps exactly one default calendar and names unique, with public holidays of a known country', async () => {
    const german = await desk.build.slaCalendar({
      name: 'Berlin office',
      timeZone: 'Europe/Berlin',
      holidayCountry: 'de',
    });
    expect(german).toMatchObject({ holidayCountry: 'DE', isDefault: false, usedBy: [] });
    const clash = await desk.admin.request(`${sla}/calendars`, {
      method: 'POST',
      json: { name: 'Berlin office', timeZone: 'UTC', periods: {} },
    });
    expect(clash.status).toBe(409);
    expect((await errorOf(clash)).fields).toEqual({ name: 'Choose another name' });
    const unknown = await desk.admin.request(`${sla}/calendars`, {
      method: 'POST',
      json: { name: unique('Nowhere'), timeZone: 'UTC', periods: {}, holidayCountry: 'ZZ' },
    });
    expect(unknown.status).toBe(422);
    const overlapping = await desk.admin.request(`${sla}/calendars`, {
      method: 'POST',
      json: {
        name: unique('Overlap'),
        timeZone: 'UTC',
        periods: {
          1: [
            { start: '09:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
      },
    });
    expect(overlapping.status).toBe(400);
    expect((await errorOf(overlapping)).fields).toMatchObject({
      'periods.1.1.start': 'Overlaps another period of the day',
    });

    // The default moves to the Berlin calendar; the old one cannot be unmarked by itself.
    const standard = (await send<BusinessCalendarList>(desk.admin, 'GET', `${sla}/calendars`)).data.find(
      (calendar) => calendar.isDefault,
    )!;
    const unmark = await desk.admin.request(`${sla}/calendars/${standard.id}`, {
      method: 'PUT',
      json: { ...standard, isDefault: false },
    });
    expect(unmark.status).toBe(422);
    await send<BusinessCalendarView>(desk.admin, 'PUT', `${sla}/calendars/${german.id}`, {
      ...german,
      isDefault: true,
    });
    const after = await send<BusinessCalendarList>(desk.admin, 'GET', `${sla}/calendars`);
    expect(after.data.filter((calendar) => calendar.isDefault).map((calendar) => calendar.id)).toEqual([
      german.id,
    ]);

    // New Year's Day is a public holiday in Germany: a Platinum (2 h) ticket of 31 December 16:00
    // Berlin time is due 2 January 10:00.
    at('2025-12-31T15:00:00Z');
    const created = await desk.build.ticket({ slaTier: 'Platinum' });
    expect(created.firstResponseDueAt).toBe('2026-01-02T09:00:00.000Z');
  });

  it('refuses to delete the default calendar or one in use, and deletes the others', async () => {
    const calendars = (await send<BusinessCalendarList>(desk.admin, 'GET', `${sla}/calendars`)).data;
    const byDefault = calendars.find((calendar) => calendar.isDefault)!;
    const refusedDefault = await desk.admin.request(`${sla}/calendars/${byDefault.id}`, { method: 'DELETE' });
    expect(refusedDefault.status).toBe(409);

    const used = await desk.build.slaCalendar();
    await setPolicy(desk, 'Silver', { calendarId: used.id });
    await setPolicy(desk, 'Bronze', { calendarId: used.id });
    const refused = await desk.admin.request(`${sla}/calendars/${used.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      'This calendar is in use by the Bronze and Silver SLA policies; give them another calendar first',
    );

    const spare = await desk.build.slaCalendar();
    await send(desk.admin, 'DELETE', `${sla}/calendars/${spare.id}`, undefined, 204);
    expect((await desk.admin.request(`${sla}/calendars/${spare.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('SLA compliance (issue 21)', () => {
  it('reports met shares per tier and agent, average business hours, and the tickets at risk', async () => {
    const desk = await helpDesk();
    await setPolicy(desk, 'Platinum', { firstResponseHours: 1, resolutionHours: 8 });
    at('2026-01-05T09:00:00Z');
    const onTime = await desk.build.ticket({ slaTier: 'Platinum', assigneeId: desk.agentId });
    const late = await desk.build.ticket({ slaTier: 'Platinum', assigneeId: desk.agentId });
    const waiting = await desk.build.ticket({ slaTier: 'Gold' });
    await desk.build.ticket({ subject: 'No tier' });

    at('2026-01-05T09:30:00Z');
    await send(
      desk.agent,
      'POST',
      `${tickets}/${onTime.id}/messages`,
      { body: 'Hello', status: 'resolved' },
      201,
    );
    at('2026-01-05T11:30:00Z');
    await send(desk.agent, 'POST', `${tickets}/${late.id}/messages`, { body: 'Sorry' }, 201);

    at('2026-01-05T12:00:00Z');
    const report = await send<SlaCompliance>(
      desk.agent,
      'GET',
      `${sla}/compliance?from=2026-01-05&to=2026-01-05`,
    );
    expect(report.tiers.find((line) => line.tier === 'Platinum')).toEqual({
      tier: 'Platinum',
      tickets: 2,
      firstResponse: { met: 1, breached: 1, percent: 50 },
      resolution: { met: 1, breached: 0, percent: 100 },
    });
    // Gold's 4 h first response is still running at 12:00: not decided yet.
    expect(report.tiers.find((line) => line.tier === 'Gold')).toMatchObject({
      tickets: 1,
      firstResponse: { met: 0, breached: 0, percent: null },
    });
    expect(report.agents).toHaveLength(1);
    expect(report.agents[0]).toMatchObject({ tickets: 2, firstResponse: { percent: 50 } });
    expect(report.averageFirstResponseHours).toBe(1.5);
    expect(report.averageResolutionHours).toBe(0.5);
    // The late ticket's resolution is due 17:00 and Gold's response 13:00: within two business hours is 14:00.
    expect(report.atRisk.map((row) => row.id)).toEqual([waiting.id]);

    const empty = await send<SlaCompliance>(
      desk.agent,
      'GET',
      `${sla}/compliance?from=2026-02-01&to=2026-02-28`,
    );
    expect(empty.tiers.every((line) => line.tickets === 0 && line.firstResponse.percent === null)).toBe(true);
    const reversed = await desk.agent.request(`${sla}/compliance?from=2026-02-02&to=2026-02-01`);
    expect(reversed.status).toBe(400);
  });
});
