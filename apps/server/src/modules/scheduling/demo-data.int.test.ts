import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@atrium/db/seed';
import {
  demoPassword,
  isOverScheduled,
  roundHours,
  weeklyHours,
  type ScheduleEmployee,
  type WeekSchedule,
  type WeekStats,
} from '@atrium/shared';
import { logIn, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let manager: SessionClient;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.platform.database, { scale: 'demo' });
  await server.services.accounts.ensureDemoLogins();
  manager = (await logIn(server, 'manager@acme.test', demoPassword)).client;
}, 120_000);
afterAll(() => server?.close());

async function wholeWeek(client: SessionClient, query = '') {
  const employees: ScheduleEmployee[] = [];
  let cursor: string | null = null;
  let first: WeekSchedule | undefined;
  do {
    const response = await client.request(
      `/api/v1/scheduling/week?limit=7${query}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(response.status).toBe(200);
    const page = (await response.json()) as WeekSchedule;
    first ??= page;
    employees.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  const stats = await client.request(`/api/v1/scheduling/week/stats?${query.replace(/^&/, '')}`);
  expect(stats.status).toBe(200);
  return { ...first!, data: employees, stats: ((await stats.json()) as WeekStats).stats };
}

describe('the demo workspace’s schedule (spec 9 sample data)', () => {
  it('has cards that agree with the shifts listed, by the shared rules', async () => {
    const week = await wholeWeek(manager);
    const active = week.data.flatMap((e) => e.shifts).filter((s) => s.isActive);
    expect(week.stats.totalShifts).toBeGreaterThan(0);
    expect(week.stats).toEqual({
      totalShifts: active.length,
      scheduledHours: roundHours(active.reduce((sum, s) => sum + s.hours, 0)),
      overScheduled: week.data.filter((e) => isOverScheduled(weeklyHours(e.shifts))).length,
      unassigned: week.data.filter((e) => e.status === 'active' && e.unassigned).length,
    });
    // The sample data schedules some people above 40 hours and leaves some without shifts.
    expect(week.stats.overScheduled + week.stats.unassigned).toBeGreaterThan(0);
  });

  it('copies the demo week to the next one: every active employee’s shifts, none twice', async () => {
    const week = await wholeWeek(manager);
    const next = new Date(Date.parse(`${week.weekStart}T00:00:00Z`) + 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const shiftsOf = (active: boolean) =>
      week.data.filter((e) => (e.status === 'active') === active).flatMap((e) => e.shifts);
    const response = await manager.request('/api/v1/scheduling/copy-week', {
      method: 'POST',
      json: { fromWeekStart: week.weekStart, toWeekStart: next },
    });
    expect(await response.json()).toMatchObject({
      created: shiftsOf(true).length,
      skipped: { alreadyScheduled: 0, inactiveEmployees: shiftsOf(false).length },
    });
    const copied = await wholeWeek(manager, `&start=${next}`);
    expect(copied.stats.totalShifts).toBe(shiftsOf(true).filter((s) => s.isActive).length);
  });

  it('shows the team schedule to an Employee, read-only', async () => {
    const { client } = await logIn(server, 'employee@acme.test', demoPassword);
    const week = await wholeWeek(client);
    expect(week.data.length).toBeGreaterThan(5);
    const someone = week.data.find((e) => e.shifts.length > 0)!.shifts[0]!;
    const change = await client.request(`/api/v1/scheduling/shifts/${someone.id}`, {
      method: 'PATCH',
      json: { startTime: '06:00', version: someone.version },
    });
    expect(change.status).toBe(403);
    const contractor = (await logIn(server, 'contractor@acme.test', demoPassword)).client;
    expect((await contractor.request('/api/v1/scheduling/week')).status).toBe(403);
  });
});
