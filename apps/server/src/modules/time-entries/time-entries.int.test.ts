import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import {
  errorBodySchema,
  type LiveClock,
  type Me,
  type TimeEntry,
  type TimeEntryListResponse,
  type TimeEntryStats,
  type WorkspaceSettings,
} from '@atrium/shared';
import { createTimeEntriesService } from './time-entries.service';
import { fixtures, overwrite } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
type Person = { client: SessionClient; me: Me };
let admin: Person;
let manager: Person;
let employee: Person;
let colleague: Person;
/** Builders acting as the Admin. */
let build: ReturnType<typeof fixtures>;

const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;
const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function listAll(client: SessionClient, query = '', limit = 4) {
  const seen: TimeEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: TimeEntryListResponse = await json(
      await client.request(
        `/api/v1/time-entries?limit=${limit}${query ? `&${query}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    );
    seen.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

async function activityFor(entityId: string) {
  const { data } = await json<{
    data: { entityId: string; action: string; data: Record<string, unknown> }[];
  }>(await admin.client.request('/api/v1/activity?limit=200'));
  return data.filter((a) => a.entityId === entityId);
}

/** Moves an open entry's clock-in into the past, as if the person had clocked in then. */
const backdate = (entryId: string, clockIn: Date) =>
  overwrite(server, schema.timeEntries, entryId, { clockIn });

/** A closed entry from `from` to `to`, entered by `by` (a Manager's manual entry). */
const entryBetween = (employeeId: string, from: Date | string, to: Date | string, by = build) =>
  by.timeEntry(employeeId, { clockIn: new Date(from).toISOString(), clockOut: new Date(to).toISOString() });

const clockOut = (client: SessionClient, entryId: string) =>
  client.request(`/api/v1/time-entries/${entryId}/clock-out`, { method: 'POST' });

beforeAll(async () => {
  // Unexpected (500) errors are logged, so a failure under load says what broke.
  server = await startTestServer({ LOG_LEVEL: 'error' });
  admin = await signUp(server, { name: 'Ada Admin', companyName: 'Time Test' });
  manager = await addMember(server, admin.client, 'manager');
  employee = await addMember(server, admin.client, 'employee');
  colleague = await addMember(server, admin.client, 'employee');
  build = fixtures(admin.client);
}, 180_000);
afterAll(() => server?.close());

describe('clock in and out (spec 4, on the server clock)', () => {
  it('refuses a second concurrent clock-in for the same employee: exactly one 201 and one 409', async () => {
    const before = Date.now();
    const responses = await Promise.all(
      [1, 2].map(() =>
        employee.client.request('/api/v1/time-entries/clock-in', { method: 'POST', json: {} }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const created = (await responses.find((r) => r.status === 201)!.json()) as TimeEntry;
    const refused = await errorOf(responses.find((r) => r.status === 409)!);
    expect(refused.message).toBe('Already clocked in');
    expect(created).toMatchObject({
      employeeId: employee.me.employeeId,
      employeeName: 'Test employee',
      status: 'active',
      clockOut: null,
      totalHours: null,
      overtimeHours: null,
    });
    expect(Date.parse(created.clockIn)).toBeGreaterThanOrEqual(before - 1000);
    // And later, one after the other, too.
    const again = await employee.client.request('/api/v1/time-entries/clock-in', {
      method: 'POST',
      json: {},
    });
    expect(again.status).toBe(409);
    // Leave them clocked out.
    expect((await clockOut(employee.client, created.id)).status).toBe(200);
  });

  it('clocks out with total hours to 2 decimals, overtime above 8 hours, status completed', async () => {
    const open = await json<TimeEntry>(
      await employee.client.request('/api/v1/time-entries/clock-in', { method: 'POST', json: {} }),
      201,
    );
    await backdate(open.id, hoursAgo(9.5));
    const closed = await json<TimeEntry>(
      await employee.client.request(`/api/v1/time-entries/${open.id}/clock-out`, { method: 'POST' }),
    );
    expect(closed).toMatchObject({ status: 'completed', totalHours: 9.5, overtimeHours: 1.5 });
    expect(Date.now() - Date.parse(closed.clockOut!)).toBeLessThan(10_000);
    const twice = await employee.client.request(`/api/v1/time-entries/${open.id}/clock-out`, {
      method: 'POST',
    });
    expect(twice.status).toBe(409);
    const log = await activityFor(open.id);
    expect(log.map((a) => a.action).sort()).toEqual(['clocked_in', 'clocked_out']);
  });

  it('lets only time:manage clock in someone else (Quick Clock In)', async () => {
    const other = await employee.client.request('/api/v1/time-entries/clock-in', {
      method: 'POST',
      json: { employeeId: colleague.me.employeeId },
    });
    expect(other.status).toBe(403);
    const quick = await json<TimeEntry>(
      await manager.client.request('/api/v1/time-entries/clock-in', {
        method: 'POST',
        json: { employeeId: colleague.me.employeeId },
      }),
      201,
    );
    expect(quick.employeeId).toBe(colleague.me.employeeId);
    // The colleague clocks themselves out.
    await json(
      await colleague.client.request(`/api/v1/time-entries/${quick.id}/clock-out`, {
        method: 'POST',
        json: { notes: 'Short day' },
      }),
    );
    const inactive = await build.employee({ status: 'inactive' });
    const refused = await manager.client.request('/api/v1/time-entries/clock-in', {
      method: 'POST',
      json: { employeeId: inactive.id },
    });
    expect(refused.status).toBe(422);
  });

  it('shows the Live Clock: who is clocked in, and at most 6 others for Quick Clock In (spec 9)', async () => {
    for (let i = 0; i < 7; i++) await build.employee();
    const entry = await json<TimeEntry>(
      await admin.client.request('/api/v1/time-entries/clock-in', { method: 'POST', json: {} }),
      201,
    );
    const live = await json<LiveClock>(await manager.client.request('/api/v1/time-entries/live'));
    expect(live.clockedIn.map((p) => p.entryId)).toEqual([entry.id]);
    expect(live.clockedIn[0]).toMatchObject({ employeeName: 'Ada Admin', employeeId: admin.me.employeeId });
    expect(live.clockedInTotal).toBe(1);
    expect(live.available).toHaveLength(6);
    expect(live.available.map((p) => p.employeeId)).not.toContain(admin.me.employeeId);

    // An employee sees only themselves.
    const own = await json<LiveClock>(await employee.client.request('/api/v1/time-entries/live'));
    expect(own.clockedIn).toEqual([]);
    expect(own.available.map((p) => p.employeeId)).toEqual([employee.me.employeeId]);
    await json(await admin.client.request(`/api/v1/time-entries/${entry.id}/clock-out`, { method: 'POST' }));
  });
});

describe('approval (spec 4: completed only, final; issue 4: never one’s own)', () => {
  it('approves a completed entry once, refuses a second decision, one’s own entry and open entries', async () => {
    const entry = await build.timeEntry(employee.me.employeeId!);
    expect(entry).toMatchObject({ status: 'completed', totalHours: 8, overtimeHours: 0 });

    const approved = await json<TimeEntry>(
      await manager.client.request(`/api/v1/time-entries/${entry.id}/approve`, { method: 'POST' }),
    );
    expect(approved).toMatchObject({
      status: 'approved',
      decidedBy: manager.me.employeeId,
      decidedByName: 'Test manager',
    });
    for (const action of ['approve', 'reject']) {
      const again = await admin.client.request(`/api/v1/time-entries/${entry.id}/${action}`, {
        method: 'POST',
      });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toMatch(/already approved/);
    }

    const own = await build.timeEntry(manager.me.employeeId!);
    const ownDecision = await manager.client.request(`/api/v1/time-entries/${own.id}/reject`, {
      method: 'POST',
    });
    expect(ownDecision.status).toBe(403);
    expect((await errorOf(ownDecision)).message).toBe('You cannot approve or reject your own time entry');
    const rejected = await json<TimeEntry>(
      await admin.client.request(`/api/v1/time-entries/${own.id}/reject`, { method: 'POST' }),
    );
    expect(rejected.status).toBe('rejected');

    const open = await fixtures(manager.client).openEntry(colleague.me.employeeId!);
    const notDone = await admin.client.request(`/api/v1/time-entries/${open.id}/approve`, { method: 'POST' });
    expect(notDone.status).toBe(422);
    await json(await admin.client.request(`/api/v1/time-entries/${open.id}/clock-out`, { method: 'POST' }));

    // An Employee has no approval rights at all.
    expect(
      (await employee.client.request(`/api/v1/time-entries/${entry.id}/approve`, { method: 'POST' })).status,
    ).toBe(403);
  });

  it('decides a bulk selection all or nothing, naming each entry it refuses', async () => {
    const a = await build.timeEntry(colleague.me.employeeId!);
    const b = await build.timeEntry(colleague.me.employeeId!);
    const decided = await build.timeEntry(colleague.me.employeeId!);
    await json(await admin.client.request(`/api/v1/time-entries/${decided.id}/approve`, { method: 'POST' }));
    const own = await build.timeEntry(manager.me.employeeId!);

    const refused = await manager.client.request('/api/v1/time-entries/bulk', {
      method: 'POST',
      json: { ids: [a.id, b.id, decided.id, own.id], decision: 'approve' },
    });
    expect(refused.status).toBe(422);
    const error = await errorOf(refused);
    expect(error.message).toMatch(/nothing was changed/);
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['ids.2', 'ids.3']);
    expect(error.fields?.['ids.2']).toMatch(/already approved/);
    expect(error.fields?.['ids.3']).toMatch(/own/);
    for (const id of [a.id, b.id]) {
      expect((await json<TimeEntry>(await admin.client.request(`/api/v1/time-entries/${id}`))).status).toBe(
        'completed',
      );
    }

    const done = await json<{ data: TimeEntry[] }>(
      await manager.client.request('/api/v1/time-entries/bulk', {
        method: 'POST',
        json: { ids: [a.id, b.id], decision: 'reject' },
      }),
    );
    expect(done.data.map((e) => e.status)).toEqual(['rejected', 'rejected']);
    const invalid = await manager.client.request('/api/v1/time-entries/bulk', {
      method: 'POST',
      json: { ids: [], decision: 'maybe' },
    });
    expect(Object.keys((await errorOf(invalid)).fields ?? {}).sort()).toEqual(['decision', 'ids']);
  });
});

describe('manual entries and corrections (issue 4: a Manager, with a note, in the audit trail)', () => {
  it('validates a manual entry: times in order, not in the future, no overlap, a note', async () => {
    const person = await build.employee();
    const send = (body: Record<string, unknown>) =>
      manager.client.request('/api/v1/time-entries', {
        method: 'POST',
        json: { employeeId: person.id, notes: 'Paper timesheet', ...body },
      });
    const reversed = await send({
      clockIn: hoursAgo(200).toISOString(),
      clockOut: hoursAgo(201).toISOString(),
    });
    expect((await errorOf(reversed)).fields).toEqual({ clockOut: 'Clock-out must be after clock-in' });
    const future = await send({ clockIn: hoursAgo(1).toISOString(), clockOut: hoursAgo(-2).toISOString() });
    expect((await errorOf(future)).fields).toEqual({ clockOut: 'Clock-out cannot be in the future' });
    const noNote = await send({
      clockIn: hoursAgo(300).toISOString(),
      clockOut: hoursAgo(299).toISOString(),
      notes: '',
    });
    expect((await errorOf(noNote)).fields).toEqual({ notes: 'Add a note explaining the manual entry' });
    const tooLong = await send({
      clockIn: hoursAgo(400).toISOString(),
      clockOut: hoursAgo(370).toISOString(),
    });
    expect((await errorOf(tooLong)).fields?.clockOut).toMatch(/at most 24 hours/);

    await entryBetween(person.id, hoursAgo(500), hoursAgo(492));
    const overlap = await send({
      clockIn: hoursAgo(495).toISOString(),
      clockOut: hoursAgo(490).toISOString(),
    });
    expect(overlap.status).toBe(409);
    expect((await employee.client.request('/api/v1/time-entries', { method: 'POST', json: {} })).status).toBe(
      403,
    );
  });

  it('records a manual entry and a correction with before and after, and refuses a stale version', async () => {
    const entry = await fixtures(manager.client).timeEntry(colleague.me.employeeId!);
    const created = await activityFor(entry.id);
    expect(created[0]).toMatchObject({
      action: 'created',
      data: { manual: true, note: entry.notes, after: { totalHours: 8, status: 'completed' } },
    });

    const clockOut = new Date(Date.parse(entry.clockIn) + 10.25 * 3_600_000).toISOString();
    const noNote = await manager.client.request(`/api/v1/time-entries/${entry.id}`, {
      method: 'PATCH',
      json: { clockOut, version: entry.version },
    });
    expect((await errorOf(noNote)).fields).toEqual({ note: 'Add a note explaining the correction' });

    const corrected = await json<TimeEntry>(
      await manager.client.request(`/api/v1/time-entries/${entry.id}`, {
        method: 'PATCH',
        json: { clockOut, note: 'Stayed for the inventory count', version: entry.version },
      }),
    );
    expect(corrected).toMatchObject({
      totalHours: 10.25,
      overtimeHours: 2.25,
      status: 'completed',
      version: entry.version + 1,
    });
    const stale = await manager.client.request(`/api/v1/time-entries/${entry.id}`, {
      method: 'PATCH',
      json: { clockOut, note: 'Again', version: entry.version },
    });
    expect(stale.status).toBe(412);

    const log = await activityFor(entry.id);
    expect(log.find((a) => a.action === 'corrected')).toMatchObject({
      data: {
        note: 'Stayed for the inventory count',
        before: { totalHours: 8, overtimeHours: 0 },
        after: { totalHours: 10.25, overtimeHours: 2.25, clockOut },
      },
    });

    await json(await admin.client.request(`/api/v1/time-entries/${entry.id}/approve`, { method: 'POST' }));
    const final = await manager.client.request(`/api/v1/time-entries/${entry.id}`, {
      method: 'PATCH',
      json: { notes: 'late edit', note: 'Too late', version: corrected.version + 1 },
    });
    expect(final.status).toBe(409);
  });
});

describe('timesheet list and cards (spec 2, spec 9)', () => {
  beforeAll(async () => {
    // One entry each for the Employee and their colleague, one approved, and one of today.
    await build.timeEntry(employee.me.employeeId!);
    await build.timeEntry(colleague.me.employeeId!);
    const approved = await build.timeEntry((await build.employee()).id);
    await json(await admin.client.request(`/api/v1/time-entries/${approved.id}/approve`, { method: 'POST' }));
    await entryBetween((await build.employee()).id, hoursAgo(2), hoursAgo(1));
  });

  it('shows an Employee only their own entries, everywhere', async () => {
    const own = await listAll(employee.client);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((e) => e.employeeId === employee.me.employeeId)).toBe(true);
    expect(await listAll(employee.client, `employeeId=${colleague.me.employeeId}`)).toEqual([]);
    const [theirs] = await listAll(manager.client, `employeeId=${colleague.me.employeeId}`);
    expect((await employee.client.request(`/api/v1/time-entries/${theirs!.id}`)).status).toBe(404);
    expect(
      (await employee.client.request(`/api/v1/time-entries/${theirs!.id}/clock-out`, { method: 'POST' }))
        .status,
    ).toBe(404);
    const stats = await json<TimeEntryStats>(await employee.client.request('/api/v1/time-entries/stats'));
    expect(stats.entries).toBe(own.length);
    expect(
      (await employee.client.request('/api/v1/time-entries/export/payroll?from=2025-01-01&to=2025-01-31'))
        .status,
    ).toBe(403);
  });

  it('pages through every entry once, newest first, and filters by employee, status and range', async () => {
    const all = await listAll(admin.client, '', 3);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    const clockIns = all.map((e) => Date.parse(e.clockIn));
    expect(clockIns).toEqual([...clockIns].sort((a, b) => b - a));

    const approved = await listAll(admin.client, 'status=approved');
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.every((e) => e.status === 'approved')).toBe(true);
    const colleagueOnly = await listAll(admin.client, `employeeId=${colleague.me.employeeId}`);
    expect(colleagueOnly.every((e) => e.employeeId === colleague.me.employeeId)).toBe(true);

    const week = await listAll(admin.client, 'range=week');
    const weekAgo = Date.now() - 7 * 86_400_000;
    expect(week.map((e) => e.id).sort()).toEqual(
      all
        .filter((e) => Date.parse(e.clockIn) >= weekAgo)
        .map((e) => e.id)
        .sort(),
    );
    const month = await listAll(admin.client, 'range=month');
    expect(month.length).toBeGreaterThanOrEqual(week.length);
    const today = await listAll(admin.client, 'range=today');
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0); // the workspace time zone defaults to UTC
    expect(today.map((e) => e.id).sort()).toEqual(
      all
        .filter((e) => Date.parse(e.clockIn) >= midnight.getTime())
        .map((e) => e.id)
        .sort(),
    );
    const bad = await admin.client.request('/api/v1/time-entries?range=year&status=paid&employeeId=x');
    expect(Object.keys((await errorOf(bad)).fields ?? {}).sort()).toEqual(['employeeId', 'range', 'status']);
  });

  it('computes the five cards over the filtered entries', async () => {
    const all = await listAll(admin.client, '', 50);
    const stats = await json<TimeEntryStats>(
      await admin.client.request('/api/v1/time-entries/stats?range=all'),
    );
    const withHours = all.filter((e) => e.totalHours !== null);
    const total = withHours.reduce((sum, e) => sum + e.totalHours!, 0);
    expect(stats).toEqual({
      totalHours: Math.round(total * 100) / 100,
      overtimeHours: Math.round(all.reduce((sum, e) => sum + (e.overtimeHours ?? 0), 0) * 100) / 100,
      currentlyClockedIn: all.filter((e) => e.status === 'active').length,
      completedEntries: all.filter((e) => e.status === 'completed').length,
      averageHours: Math.round((total / withHours.length) * 100) / 100,
      entries: all.length,
    });
    const approvedOnly = await json<TimeEntryStats>(
      await admin.client.request('/api/v1/time-entries/stats?status=approved'),
    );
    expect(approvedOnly.completedEntries).toBe(0);
    expect(approvedOnly.entries).toBe(all.filter((e) => e.status === 'approved').length);
  });

  it('names a deleted employee’s entries null (the UI shows Unknown Employee)', async () => {
    const leaver = await build.employee();
    const entry = await build.timeEntry(leaver.id);
    expect(entry.employeeName).toBe(`${leaver.firstName} ${leaver.lastName}`);
    expect((await admin.client.request(`/api/v1/employees/${leaver.id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    const after = await json<TimeEntry>(await admin.client.request(`/api/v1/time-entries/${entry.id}`));
    expect(after).toMatchObject({ employeeName: null, employeeCode: null, employeeId: leaver.id });
    const refused = await admin.client.request('/api/v1/time-entries/clock-in', {
      method: 'POST',
      json: { employeeId: leaver.id },
    });
    expect(refused.status).toBe(404);
  });
});

describe('payroll export (issue 4: approved entries only)', () => {
  it('writes regular and overtime hours, the rate and gross pay per employee and day', async () => {
    const person = await build.employee({ firstName: 'Pay', lastName: 'Roll', hourlyRate: 20 });
    const noRate = await build.employee({ firstName: 'No', lastName: 'Rate', hourlyRate: null });
    // 2025-03-03: 9.5 h (8 regular + 1.5 overtime); 2025-03-04: 6 h; 2025-03-05 stays unapproved.
    const monday = await entryBetween(person.id, '2025-03-03T08:00:00Z', '2025-03-03T17:30:00Z');
    const tuesday = await entryBetween(person.id, '2025-03-04T09:00:00Z', '2025-03-04T15:00:00Z');
    await entryBetween(person.id, '2025-03-05T09:00:00Z', '2025-03-05T17:00:00Z');
    const outside = await entryBetween(person.id, '2025-04-01T09:00:00Z', '2025-04-01T17:00:00Z');
    const unpaid = await entryBetween(noRate.id, '2025-03-03T09:00:00Z', '2025-03-03T13:00:00Z');
    await json(
      await manager.client.request('/api/v1/time-entries/bulk', {
        method: 'POST',
        json: { ids: [monday.id, tuesday.id, outside.id, unpaid.id], decision: 'approve' },
      }),
    );

    const response = await manager.client.request(
      '/api/v1/time-entries/export/payroll?from=2025-03-01&to=2025-03-31',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="payroll-2025-03-01-to-2025-03-31.csv"',
    );
    const file = await response.text();
    const lines = file.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Employee ID,Name,Date,Regular Hours,Overtime Hours,Hourly Rate,Gross Pay');
    // 8 x 20 + 1.5 x 20 x 1.5 = 205; 6 x 20 = 120. Ordered by last name: Rate, then Roll.
    expect(lines.slice(1)).toEqual([
      `${noRate.employeeCode},No Rate,2025-03-03,4,0,,`,
      `${person.employeeCode},Pay Roll,2025-03-03,8,1.5,20,205`,
      `${person.employeeCode},Pay Roll,2025-03-04,6,0,20,120`,
    ]);

    // The file is written a batch of employees at a time: read one by one, it is the same file.
    const settings = await json<WorkspaceSettings>(await manager.client.request('/api/v1/workspace'));
    const oneByOne = createTimeEntriesService({
      db: server.platform.database.db,
      notifier: server.services.notifications,
      payrollEmployeesPerBatch: 1,
    });
    const oneAtATime = oneByOne.payrollExport(
      { tenantId: manager.me.workspace.id, timeZone: settings.timeZone },
      { from: '2025-03-01', to: '2025-03-31' },
    );
    const chunks: (string | Uint8Array)[] = [];
    const progress: [number, number | null][] = [];
    for await (const chunk of oneAtATime.pieces((done, total) => progress.push([done, total]))) {
      chunks.push(chunk);
    }
    expect(chunks).toHaveLength(3); // the header, then Rate's lines, then Roll's
    expect(chunks.join('')).toBe(file);
    // Progress counts the workspace's employees, a page at a time, up to all of them.
    const everyone = progress.at(-1)!;
    expect(everyone[0]).toBe(everyone[1]);
    expect(progress.map(([done]) => done)).toEqual(progress.map((_, i) => i + 1));
    // The size check counts approved entries of the period, and stops at the limit asked about.
    expect(await oneAtATime.exceeds(2)).toBe(true);
    expect(await oneAtATime.exceeds(3)).toBe(false);

    const backwards = await manager.client.request(
      '/api/v1/time-entries/export/payroll?from=2025-03-31&to=2025-03-01',
    );
    expect((await errorOf(backwards)).fields).toEqual({ to: 'The last day cannot be before the first' });
    const missing = await manager.client.request('/api/v1/time-entries/export/payroll');
    expect(Object.keys((await errorOf(missing)).fields ?? {}).sort()).toEqual(['from', 'to']);
  });
});
