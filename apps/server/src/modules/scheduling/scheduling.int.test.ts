import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import {
  addCalendarDays,
  errorBodySchema,
  roundHours,
  shiftHours,
  shiftTimesProblems,
  todayIn,
  weekStartOf,
  weeklyHours,
  type ApplyTemplateResult,
  type CopyWeekResult,
  type ScheduleTemplateList,
  type WeekSchedule,
  type WeekStats,
} from '@atrium/shared';
import { fixtures, uniqueSunday } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

/** The days of a week from its Sunday: `days(week)(1)` is its Monday. */
const daysOf = (week: string) => (offset: number) => addCalendarDays(week, offset);

async function getWeek(client: SessionClient, query: string) {
  const response = await client.request(`/api/v1/scheduling/week?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as WeekSchedule;
}

async function getStats(client: SessionClient, query: string) {
  const response = await client.request(`/api/v1/scheduling/week/stats?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as WeekStats).stats;
}

describe('Add Shift (spec 2, spec 5)', () => {
  let admin: SessionClient;
  let build: ReturnType<typeof fixtures>;
  let employeeId: string;

  beforeAll(async () => {
    admin = (await signUp(server, { companyName: 'Shift Co' })).client;
    build = fixtures(admin);
    employeeId = (await build.employee()).id;
  });

  it('answers bad input with field errors from the shared schema', async () => {
    const day = daysOf(uniqueSunday());
    const empty = await admin.request('/api/v1/scheduling/shifts', { method: 'POST', json: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys((await errorOf(empty)).fields ?? {}).sort()).toEqual([
      'date',
      'employeeId',
      'endTime',
      'startTime',
    ]);

    const offHours = await admin.request('/api/v1/scheduling/shifts', {
      method: 'POST',
      json: { employeeId, date: day(1), startTime: '05:00', endTime: '17:30' },
    });
    expect(offHours.status).toBe(400);
    const fields = (await errorOf(offHours)).fields ?? {};
    expect(Object.keys(fields).sort()).toEqual(['endTime', 'startTime']);
    expect(fields.startTime).toMatch(/06:00 to 22:00/);

    const longBreak = await admin.request('/api/v1/scheduling/shifts', {
      method: 'POST',
      json: { employeeId, date: day(1), startTime: '09:00', endTime: '10:00', breakMinutes: 60 },
    });
    expect((await errorOf(longBreak)).fields).toEqual({
      breakMinutes: 'The break must be shorter than the shift',
    });

    const sameTimes = await admin.request('/api/v1/scheduling/shifts', {
      method: 'POST',
      json: { employeeId, date: day(1), startTime: '09:00', endTime: '09:00' },
    });
    expect(Object.keys((await errorOf(sameTimes)).fields ?? {})).toEqual(['endTime']);

    const unknown = await admin.request('/api/v1/scheduling/shifts', {
      method: 'POST',
      json: { employeeId: randomUUID(), date: day(1), startTime: '09:00', endTime: '17:00' },
    });
    expect(unknown.status).toBe(422);
    expect((await errorOf(unknown)).fields).toHaveProperty('employeeId');
  });

  it('saves a shift with the default 60-minute break and computes its length', async () => {
    const day = daysOf(uniqueSunday());
    const shift = await build.shift(employeeId, {
      date: day(1),
      startTime: '09:00',
      endTime: '17:00',
    });
    expect(shift).toMatchObject({
      employeeId,
      date: day(1),
      dayOfWeek: 1,
      startTime: '09:00',
      endTime: '17:00',
      breakMinutes: 60,
      isActive: true,
      overnight: false,
      hours: 7,
      conflict: false,
      version: 1,
    });
  });

  it('stores a 22:00-06:00 shift as ending the next day', async () => {
    const day = daysOf(uniqueSunday());
    const night = await build.shift(employeeId, {
      date: day(3),
      startTime: '22:00',
      endTime: '06:00',
      breakMinutes: 30,
    });
    expect(night).toMatchObject({ overnight: true, hours: 7.5 });
  });

  it('flags a second active shift on the same day as a conflict (spec 9)', async () => {
    const day = daysOf(uniqueSunday());
    await build.shift(employeeId, { date: day(1), startTime: '09:00', endTime: '17:00' });
    const second = await build.shift(employeeId, {
      date: day(1),
      startTime: '18:00',
      endTime: '22:00',
      breakMinutes: 0,
    });
    expect(second.conflict).toBe(true);
    const inactive = await build.shift(employeeId, {
      date: day(2),
      startTime: '09:00',
      endTime: '12:00',
      isActive: false,
    });
    expect(inactive).toMatchObject({ isActive: false, conflict: false });
  });

  it('edits with the version it read: 412 when stale, field errors when the result is not a shift', async () => {
    const day = daysOf(uniqueSunday());
    const shift = await build.shift(employeeId, {
      date: day(4),
      startTime: '09:00',
      endTime: '17:00',
    });
    const edited = await admin.request(`/api/v1/scheduling/shifts/${shift.id}`, {
      method: 'PATCH',
      json: { startTime: '10:00', breakMinutes: 30, version: shift.version },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      startTime: '10:00',
      endTime: '17:00',
      breakMinutes: 30,
      hours: 6.5,
      version: shift.version + 1,
    });

    const stale = await admin.request(`/api/v1/scheduling/shifts/${shift.id}`, {
      method: 'PATCH',
      json: { endTime: '18:00', version: shift.version },
    });
    expect(stale.status).toBe(412);

    const invalid = await admin.request(`/api/v1/scheduling/shifts/${shift.id}`, {
      method: 'PATCH',
      json: { endTime: '10:00', version: shift.version + 1 },
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys((await errorOf(invalid)).fields ?? {})).toEqual(['endTime']);

    const missingVersion = await admin.request(`/api/v1/scheduling/shifts/${shift.id}`, {
      method: 'PATCH',
      json: { endTime: '18:00' },
    });
    expect((await errorOf(missingVersion)).fields).toHaveProperty('version');
  });

  it('deletes a shift, records it in the activity log, and then it is gone', async () => {
    const day = daysOf(uniqueSunday());
    const shift = await build.shift(employeeId, {
      date: day(5),
      startTime: '09:00',
      endTime: '17:00',
    });
    expect((await admin.request(`/api/v1/scheduling/shifts/${shift.id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await admin.request(`/api/v1/scheduling/shifts/${shift.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    const activity = (await (await admin.request('/api/v1/activity?limit=100')).json()) as {
      data: { entityType: string; entityId: string; action: string }[];
    };
    const forShift = activity.data
      .filter((entry) => entry.entityId === shift.id)
      .map((entry) => entry.action);
    expect(forShift.sort()).toEqual(['created', 'deleted']);
  });
});

describe('week view cards (spec 9: over-scheduled, unassigned, conflicts)', () => {
  let admin: SessionClient;
  let build: ReturnType<typeof fixtures>;
  const ids = {} as Record<'alice' | 'bob' | 'carol' | 'dave' | 'admin', string>;

  beforeAll(async () => {
    const signedUp = await signUp(server, { name: 'Wanda Week', companyName: 'Week Co' });
    admin = signedUp.client;
    ids.admin = signedUp.me.employeeId!;
    build = fixtures(admin);
    ids.alice = (await build.employee({ firstName: 'Alice', lastName: 'Anders' })).id;
    ids.bob = (await build.employee({ firstName: 'Bob', lastName: 'Berg' })).id;
    ids.carol = (await build.employee({ firstName: 'Carol', lastName: 'Cruz' })).id;
    ids.dave = (await build.employee({ firstName: 'Dave', lastName: 'Dorn', status: 'inactive' })).id;
  });

  /** A week of the test's own, and its days, with the shifts every test starts from. */
  async function newWeek(weeks = 1) {
    const week = uniqueSunday(weeks);
    const day = daysOf(week);
    // Alice: Mon-Sat 09:00-17:00 with the default hour's break = 6 x 7 = 42 hours (over 40).
    for (let d = 1; d <= 6; d++) {
      await build.shift(ids.alice, { date: day(d), startTime: '09:00', endTime: '17:00' });
    }
    // Bob: two active shifts on Monday (a conflict), 4 + 4 hours; an inactive one on Tuesday.
    await build.shift(ids.bob, {
      date: day(1),
      startTime: '06:00',
      endTime: '10:00',
      breakMinutes: 0,
    });
    await build.shift(ids.bob, {
      date: day(1),
      startTime: '14:00',
      endTime: '18:00',
      breakMinutes: 0,
    });
    await build.shift(ids.bob, {
      date: day(2),
      startTime: '09:00',
      endTime: '17:00',
      isActive: false,
    });
    // Carol and the admin have nothing: unassigned. Dave is inactive: not counted.
    return { week, day };
  }

  it('computes the four cards and the conflicts', async () => {
    const { week, day } = await newWeek();
    const schedule = await getWeek(admin, `start=${day(3)}`);
    expect(schedule.weekStart).toBe(week);
    expect(schedule.weekEnd).toBe(day(6));
    expect(schedule.days).toHaveLength(7);
    const stats = await getStats(admin, `start=${day(3)}`);
    expect(stats).toEqual({
      totalShifts: 8,
      scheduledHours: 50,
      overScheduled: 1,
      unassigned: 2,
    });
    expect(schedule.data.map((e) => e.name)).toEqual([
      'Alice Anders',
      'Bob Berg',
      'Carol Cruz',
      'Wanda Week',
    ]);

    const byName = new Map(schedule.data.map((e) => [e.name, e]));
    expect(byName.get('Alice Anders')).toMatchObject({
      weeklyHours: 42,
      overScheduled: true,
      unassigned: false,
    });
    const bob = byName.get('Bob Berg')!;
    expect(bob).toMatchObject({ weeklyHours: 8, overScheduled: false, conflictDates: [day(1)] });
    expect(bob.shifts.map((s) => s.conflict)).toEqual([true, true, false]);
    expect(byName.get('Carol Cruz')).toMatchObject({ weeklyHours: 0, unassigned: true, shifts: [] });

    // The database's hours (cards) and the shared rule's (per shift) agree.
    const perShift = schedule.data.flatMap((e) => e.shifts).filter((s) => s.isActive);
    expect(perShift.reduce((sum, s) => sum + shiftHours(s), 0)).toBe(stats.scheduledHours);
  });

  it('filters by employee and pages through employees', async () => {
    const { week, day } = await newWeek();
    const bobOnly = await getWeek(admin, `start=${week}&employeeId=${ids.bob}`);
    expect(await getStats(admin, `start=${week}&employeeId=${ids.bob}`)).toEqual({
      totalShifts: 2,
      scheduledHours: 8,
      overScheduled: 0,
      unassigned: 0,
    });
    expect(bobOnly.data[0]).toMatchObject({ id: ids.bob, conflictDates: [day(1)] });

    const first = await getWeek(admin, `start=${week}&limit=3`);
    expect(first.data).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await getWeek(admin, `start=${week}&limit=3&cursor=${first.nextCursor}`);
    expect(second.data.map((e) => e.name)).toEqual(['Wanda Week']);
    expect(second.nextCursor).toBeNull();
    const tampered = Buffer.from(JSON.stringify(['Berg', 'Bob', 'not-a-uuid'])).toString('base64url');
    const refused = await admin.request(`/api/v1/scheduling/week?start=${week}&cursor=${tampered}`);
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields).toHaveProperty('cursor');
  });

  it('defaults to the current week in the workspace time zone', async () => {
    const current = await getWeek(admin, '');
    expect(current.today).toBe(todayIn('UTC'));
    expect(current.weekStart).toBe(weekStartOf(todayIn('UTC'), 0));
  });

  it('applies a template, replacing the shifts on the days it fills', async () => {
    const { week, day } = await newWeek();
    const response = await admin.request('/api/v1/scheduling/templates/apply', {
      method: 'POST',
      json: { template: 'full-time', employeeIds: [ids.alice, ids.carol], weekStart: day(2) },
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as ApplyTemplateResult;
    // Alice's Mon-Fri shifts are replaced; her Saturday stays.
    expect(result).toEqual({
      template: 'full-time',
      weekStart: week,
      employees: 2,
      created: 10,
      replaced: 5,
    });

    const schedule = await getWeek(admin, `start=${week}`);
    const carol = schedule.data.find((e) => e.id === ids.carol)!;
    expect(carol.shifts.map((s) => `${s.date} ${s.startTime}-${s.endTime} ${s.breakMinutes}`)).toEqual(
      [1, 2, 3, 4, 5].map((d) => `${day(d)} 09:00-17:00 60`),
    );
    expect(carol.weeklyHours).toBe(35);
    const alice = schedule.data.find((e) => e.id === ids.alice)!;
    expect(alice.weeklyHours).toBe(42);
    expect(await getStats(admin, `start=${week}`)).toMatchObject({
      totalShifts: 13,
      scheduledHours: 85,
      overScheduled: 1,
      unassigned: 1,
    });
  });

  it('applies Night Shift as overnight shifts and Weekend Only on the week’s Sunday and Saturday', async () => {
    const { week, day } = await newWeek();
    // Carol works too, so no one is left unassigned.
    await build.shift(ids.carol, { date: day(1), startTime: '09:00', endTime: '17:00' });
    const night = await admin.request('/api/v1/scheduling/templates/apply', {
      method: 'POST',
      json: { template: 'night-shift', employeeIds: [ids.bob], weekStart: week },
    });
    // Bob's two Monday shifts and his Tuesday one go.
    expect(await night.json()).toMatchObject({ created: 5, replaced: 3 });
    const weekend = await admin.request('/api/v1/scheduling/templates/apply', {
      method: 'POST',
      json: { template: 'weekend-only', employeeIds: [ids.admin], weekStart: week },
    });
    expect(await weekend.json()).toMatchObject({ created: 2, replaced: 0 });

    const schedule = await getWeek(admin, `start=${week}`);
    const bob = schedule.data.find((e) => e.id === ids.bob)!;
    expect(bob.shifts.every((s) => s.overnight && s.startTime === '22:00' && s.endTime === '06:00')).toBe(
      true,
    );
    expect(bob).toMatchObject({ weeklyHours: 35, conflictDates: [] });
    const wanda = schedule.data.find((e) => e.id === ids.admin)!;
    expect(wanda.shifts.map((s) => s.dayOfWeek)).toEqual([0, 6]);
    expect(await getStats(admin, `start=${week}`)).toMatchObject({ unassigned: 0 });
    expect(schedule.data.flatMap((e) => e.conflictDates)).toEqual([]);
  });

  it('refuses a template for someone outside the workspace, changing nothing', async () => {
    const { week } = await newWeek();
    const before = await getStats(admin, `start=${week}`);
    const response = await admin.request('/api/v1/scheduling/templates/apply', {
      method: 'POST',
      json: { template: 'part-time', employeeIds: [ids.carol, randomUUID()], weekStart: week },
    });
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields).toHaveProperty('employeeIds');
    expect(await getStats(admin, `start=${week}`)).toEqual(before);

    const invalid = await admin.request('/api/v1/scheduling/templates/apply', {
      method: 'POST',
      json: { template: 'four-day-week', employeeIds: [], weekStart: 'next week' },
    });
    expect(Object.keys((await errorOf(invalid)).fields ?? {}).sort()).toEqual([
      'employeeIds',
      'template',
      'weekStart',
    ]);
  });

  it('copies a week onto the next, keeping what is there and skipping inactive employees', async () => {
    // This week and the next are the test's own.
    const { week, day } = await newWeek(2);
    // Dave is inactive: his shift stays behind.
    await build.shift(ids.dave, { date: day(3), startTime: '09:00', endTime: '17:00' });
    await build.shift(ids.carol, { date: day(1), startTime: '09:00', endTime: '17:00' });
    const source = await getWeek(admin, `start=${week}`);
    const next = addCalendarDays(week, 7);
    // Carol already works the next Monday: that day keeps her shift and gets no copy.
    await build.shift(ids.carol, { date: addCalendarDays(next, 1), startTime: '12:00', endTime: '16:00' });
    const body = { fromWeekStart: week, toWeekStart: addCalendarDays(next, 3) };
    const sourceShifts = source.data.filter((e) => e.status === 'active').flatMap((e) => e.shifts);
    const expected = {
      fromWeekStart: week,
      toWeekStart: next,
      created: sourceShifts.length - 1,
      skipped: { alreadyScheduled: 1, inactiveEmployees: 1 },
    };

    const preview = await admin.request('/api/v1/scheduling/copy-week/preview', {
      method: 'POST',
      json: body,
    });
    expect(await preview.json()).toEqual(expected);
    // The preview changed nothing.
    expect((await getStats(admin, `start=${next}`)).totalShifts).toBe(1);

    const response = await admin.request('/api/v1/scheduling/copy-week', { method: 'POST', json: body });
    expect(response.status).toBe(200);
    expect((await response.json()) as CopyWeekResult).toEqual(expected);

    const target = await getWeek(admin, `start=${next}`);
    const shape = (schedule: WeekSchedule) =>
      schedule.data
        .filter((e) => e.status === 'active')
        .flatMap((e) =>
          e.shifts.map(
            (s) => `${e.id} ${s.dayOfWeek} ${s.startTime}-${s.endTime} ${s.breakMinutes} ${s.isActive}`,
          ),
        )
        .sort();
    const carolsMonday = (s: string) => s.startsWith(`${ids.carol} 1 `);
    expect(shape(target).filter((s) => !carolsMonday(s))).toEqual(
      shape(source).filter((s) => !carolsMonday(s)),
    );
    expect(shape(target).filter(carolsMonday)).toEqual([`${ids.carol} 1 12:00-16:00 60 true`]);
    expect(target.data.find((e) => e.id === ids.dave)).toBeUndefined();

    // A second copy finds every day taken: nothing is doubled.
    const again = await admin.request('/api/v1/scheduling/copy-week', { method: 'POST', json: body });
    expect(await again.json()).toMatchObject({
      created: 0,
      skipped: { alreadyScheduled: sourceShifts.length, inactiveEmployees: 1 },
    });
    expect((await getWeek(admin, `start=${next}`)).data.flatMap((e) => e.shifts)).toHaveLength(
      target.data.flatMap((e) => e.shifts).length,
    );

    for (const path of ['/api/v1/scheduling/copy-week/preview', '/api/v1/scheduling/copy-week']) {
      const same = await admin.request(path, {
        method: 'POST',
        json: { fromWeekStart: week, toWeekStart: day(4) },
      });
      expect(same.status).toBe(422);
      expect((await errorOf(same)).fields).toHaveProperty('toWeekStart');
    }
  });

  it('uses the workspace week start (Monday)', async () => {
    // A workspace of its own: the setting would move every other test's weeks.
    const admin = (await signUp(server, { companyName: 'Monday Co' })).client;
    const week = uniqueSunday();
    const day = daysOf(week);
    const settings = (await (await admin.request('/api/v1/workspace')).json()) as Record<string, unknown>;
    const { id: _id, slug: _slug, trialEndsAt: _trial, ...rest } = settings;
    const saved = await admin.request('/api/v1/workspace', {
      method: 'PATCH',
      json: { ...rest, weekStart: 1 },
    });
    expect(saved.status).toBe(200);
    const schedule = await getWeek(admin, `start=${week}`);
    expect(schedule.weekStart).toBe(addCalendarDays(week, -6));
    expect(schedule.weekStartDay).toBe(1);
    const monday = await getWeek(admin, `start=${day(1)}`);
    expect(monday.days[0]).toBe(day(1));
    expect(monday.days[6]).toBe(day(7));
  });
});

describe('one rule for a shift’s hours (issue 20)', () => {
  it('counts a template’s 09:00-17:00 shift as Add Shift counts the same hours', async () => {
    const { client } = await signUp(server, { companyName: 'One Rule Co' });
    const build = fixtures(client);
    const fromTemplate = (await build.employee()).id;
    const byHand = (await build.employee()).id;
    const week = uniqueSunday();
    const day = daysOf(week);
    const applied = await client.request('/api/v1/scheduling/templates/apply', {
      method: 'POST',
      json: { template: 'full-time', employeeIds: [fromTemplate], weekStart: week },
    });
    expect(applied.status).toBe(200);
    for (const d of [1, 2, 3, 4, 5]) {
      await build.shift(byHand, { date: day(d), startTime: '09:00', endTime: '17:00' });
    }
    const schedule = await getWeek(client, `start=${week}`);
    const templated = schedule.data.find((e) => e.id === fromTemplate)!;
    const added = schedule.data.find((e) => e.id === byHand)!;
    expect(templated.shifts.map((s) => s.hours)).toEqual(added.shifts.map((s) => s.hours));
    expect(templated.weeklyHours).toBe(added.weeklyHours);
    expect(templated.weeklyHours).toBe(35);
    // The database's sum (the cards) says the same for each.
    expect((await getStats(client, `start=${week}&employeeId=${fromTemplate}`)).scheduledHours).toBe(35);
    expect((await getStats(client, `start=${week}&employeeId=${byHand}`)).scheduledHours).toBe(35);

    // The template card states those hours.
    const templates = (await (
      await client.request('/api/v1/scheduling/templates')
    ).json()) as ScheduleTemplateList;
    expect(templates.data.find((t) => t.id === 'full-time')).toMatchObject({
      weeklyHours: 35,
      summary: 'Mon-Fri 09:00-17:00, 60 min break: 35 h a week',
    });
  });

  it('makes templates of the workspace’s working day and break', async () => {
    const { client } = await signUp(server, { companyName: 'Early Co' });
    const settings = (await (await client.request('/api/v1/workspace')).json()) as Record<string, unknown>;
    const { id: _id, slug: _slug, trialEndsAt: _trial, ...rest } = settings;
    const saved = await client.request('/api/v1/workspace', {
      method: 'PATCH',
      json: { ...rest, workdayStart: '08:00', workdayEnd: '16:00', breakMinutes: 30 },
    });
    expect(saved.status).toBe(200);
    const templates = (await (
      await client.request('/api/v1/scheduling/templates')
    ).json()) as ScheduleTemplateList;
    expect(templates.data.find((t) => t.id === 'part-time')).toMatchObject({
      weeklyHours: 22.5,
      summary: 'Mon, Wed, Fri 08:00-16:00, 30 min break: 22.5 h a week',
    });

    const employeeId = (await fixtures(client).employee()).id;
    const week = uniqueSunday();
    await client.request('/api/v1/scheduling/templates/apply', {
      method: 'POST',
      json: { template: 'part-time', employeeIds: [employeeId], weekStart: week },
    });
    const schedule = await getWeek(client, `start=${week}&employeeId=${employeeId}`);
    expect(schedule.data[0]!.shifts.map((s) => `${s.startTime}-${s.endTime} ${s.breakMinutes}`)).toEqual([
      '08:00-16:00 30',
      '08:00-16:00 30',
      '08:00-16:00 30',
    ]);
    expect(schedule.data[0]!.weeklyHours).toBe(22.5);
  });
});

describe('hours in the database and in the shared rule', () => {
  it('agree for every kind of shift (overnight, odd breaks)', async () => {
    const { client, me } = await signUp(server, { companyName: 'Parity Co' });
    const build = fixtures(client);
    const people = [(await build.employee()).id, (await build.employee()).id];
    const week = uniqueSunday();
    const day = daysOf(week);
    const starts = ['06:00', '09:00', '13:00', '18:00', '22:00'];
    const ends = ['06:00', '07:00', '14:00', '17:00', '21:00', '22:00'];
    const breaks = [0, 7, 20, 45, 61];
    const rows = [];
    let n = 0;
    for (const startTime of starts) {
      for (const endTime of ends) {
        const breakMinutes = breaks[n % breaks.length]!;
        n += 1;
        if (Object.keys(shiftTimesProblems({ startTime, endTime, breakMinutes })).length > 0) continue;
        rows.push({
          tenantId: me.workspace.id,
          employeeId: people[n % 2]!,
          date: day(n % 7),
          startTime,
          endTime,
          breakMinutes,
          isActive: n % 5 !== 0,
        });
      }
    }
    await server.platform.database.db.insert(schema.shifts).values(rows);
    const schedule = await getWeek(client, `start=${week}`);
    const shifts = schedule.data.flatMap((e) => e.shifts);
    expect(shifts).toHaveLength(rows.length);
    const active = shifts.filter((s) => s.isActive);
    const stats = await getStats(client, `start=${week}`);
    expect(stats.scheduledHours).toBe(roundHours(active.reduce((sum, s) => sum + shiftHours(s), 0)));
    expect(stats.totalShifts).toBe(active.length);
    expect(stats.overScheduled).toBe(schedule.data.filter((e) => e.overScheduled).length);
    for (const employee of schedule.data) {
      expect(employee.weeklyHours).toBe(weeklyHours(employee.shifts));
    }
  });
});

describe('scheduling permissions and workspaces', () => {
  it('lets staff read the team schedule but not change it; contractors see none', async () => {
    const admin = (await signUp(server, { companyName: 'Roles Co' })).client;
    const employeeId = (await fixtures(admin).employee()).id;
    const week = uniqueSunday();
    const day = daysOf(week);
    const employee = (await addMember(server, admin, 'employee')).client;
    const manager = (await addMember(server, admin, 'manager')).client;
    const contractor = (await addMember(server, admin, 'contractor')).client;

    const shift = { date: day(1), startTime: '09:00', endTime: '17:00' };
    expect(
      (
        await employee.request('/api/v1/scheduling/shifts', {
          method: 'POST',
          json: { employeeId, ...shift },
        })
      ).status,
    ).toBe(403);
    const created = await fixtures(manager).shift(employeeId, shift);
    const seen = await getWeek(employee, `start=${week}&employeeId=${employeeId}`);
    expect(seen.data[0]?.shifts.map((s) => s.id)).toEqual([created.id]);
    expect((await contractor.request(`/api/v1/scheduling/week?start=${week}`)).status).toBe(403);
    expect(
      (await employee.request(`/api/v1/scheduling/shifts/${created.id}`, { method: 'DELETE' })).status,
    ).toBe(403);
  });

  it('never reaches another workspace’s shifts or employees', async () => {
    const a = await signUp(server, { companyName: 'Tenant A' });
    const b = await signUp(server, { companyName: 'Tenant B' });
    const week = uniqueSunday(2);
    const day = daysOf(week);
    const inB = fixtures(b.client);
    const bEmployee = (await inB.employee()).id;
    const bShift = await inB.shift(bEmployee, { date: day(1), startTime: '09:00', endTime: '17:00' });

    const patch = await a.client.request(`/api/v1/scheduling/shifts/${bShift.id}`, {
      method: 'PATCH',
      json: { startTime: '06:00', version: bShift.version },
    });
    expect(patch.status).toBe(404);
    expect(
      (await a.client.request(`/api/v1/scheduling/shifts/${bShift.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    const intoB = await a.client.request('/api/v1/scheduling/shifts', {
      method: 'POST',
      json: { employeeId: bEmployee, date: day(2), startTime: '09:00', endTime: '17:00' },
    });
    expect(intoB.status).toBe(422);
    const template = await a.client.request('/api/v1/scheduling/templates/apply', {
      method: 'POST',
      json: { template: 'full-time', employeeIds: [bEmployee], weekStart: week },
    });
    expect(template.status).toBe(422);
    const copy = await a.client.request('/api/v1/scheduling/copy-week', {
      method: 'POST',
      json: { fromWeekStart: week, toWeekStart: addCalendarDays(week, 7) },
    });
    expect(await copy.json()).toMatchObject({
      created: 0,
      skipped: { alreadyScheduled: 0, inactiveEmployees: 0 },
    });

    const aWeek = await getWeek(a.client, `start=${week}&employeeId=${bEmployee}`);
    expect(aWeek.data).toEqual([]);
    const bWeek = await getWeek(b.client, `start=${week}`);
    expect((await getStats(b.client, `start=${week}`)).totalShifts).toBe(1);
    expect(bWeek.data.find((e) => e.id === bEmployee)?.shifts[0]).toMatchObject({
      startTime: '09:00',
      version: bShift.version,
    });
  });
});
