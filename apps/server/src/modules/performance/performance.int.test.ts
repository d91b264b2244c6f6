import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import {
  addCalendarDays,
  errorBodySchema,
  todayIn,
  type EmployeePerformanceSummary,
  type Goal,
  type ListPage,
  type PerformanceAnalytics,
  type PerformanceOverview,
  type PerformanceStatsAnswer,
  type Review,
} from '@atrium/shared';
import { fixtures, overwrite } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

/** A member of the team, as the directory's Add Employee makes them. */
const teamMember = (firstName: string, lastName: string, status: 'active' | 'inactive' = 'active') =>
  build.employee({ firstName, lastName, department: 'Sales', jobTitle: 'Account Executive', status });

/** A review as imported from older data: dated in the past (the API dates new reviews now), no reviewer. */
async function addOldReview(employeeId: string, overallRating: number, reviewedAt: Date) {
  const { id } = await build.review(employeeId, {
    period: `Q1 ${reviewedAt.getUTCFullYear()}`,
    overallRating,
  });
  await overwrite(server, schema.performanceReviews, id, { reviewedAt, reviewerId: null });
}

async function post<T>(client: SessionClient, path: string, json: unknown, status = 201) {
  const response = await client.request(path, { method: 'POST', json });
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function get<T>(client: SessionClient, path: string) {
  const response = await client.request(path);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

async function getStats(client: SessionClient, query = '') {
  return (await get<PerformanceStatsAnswer>(client, `/api/v1/performance/stats?${query}`)).stats;
}

/** A write behind the API's back announces nothing: the stat cards kept for the workspace must be told. */
const forgetKeptStats = () => server.platform.workspaceMemo.forget(tenantId);

const today = () => todayIn('UTC');
const lastYear = new Date().getUTCFullYear() - 1;

/**
 * A hand-made team (all numbers below follow from it):
 * - Pat (P1): reviews 5 and 4 now -> 4.5 Exceptional; goals: one completed, one active.
 * - Quinn (P2): review 4 now, 3 on 15 Jan last year -> 3.5 Meets; goals: one overdue, one stored
 *   'overdue' whose target date is in the future (read as active).
 * - Ravi (P3): review 3 on 15 Feb last year -> 3.0 Below, Needs Review.
 * - Ian (inactive): review 1 -> outside the team stats.
 * - The admin, the manager and the employee member: no reviews -> Needs Review.
 */
let tenantId: string;
let admin: SessionClient;
let manager: SessionClient;
let employee: SessionClient;
let contractor: SessionClient;
let adminName: string;
/** Builders acting as the Admin. */
let build: ReturnType<typeof fixtures>;
const ids = {} as Record<'pat' | 'quinn' | 'ravi' | 'ian' | 'me' | 'admin' | 'manager', string>;
const goals = {} as Record<'patDone' | 'patActive' | 'quinnOverdue' | 'quinnStale', Goal>;

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await signUp(server, { name: 'Ada Admin', companyName: 'Perf Co' });
  admin = signedUp.client;
  adminName = 'Ada Admin';
  tenantId = signedUp.me.workspace.id;
  ids.admin = signedUp.me.employeeId!;
  build = fixtures(admin);
  const managerMember = await addMember(server, admin, 'manager');
  manager = managerMember.client;
  ids.manager = managerMember.me.employeeId!;
  const employeeMember = await addMember(server, admin, 'employee');
  employee = employeeMember.client;
  ids.me = employeeMember.me.employeeId!;
  const contractorMember = await addMember(server, admin, 'contractor');
  contractor = contractorMember.client;
  // The contractor has an employee record too; keep the team to the people above.
  const contractorRecord = await get<{ version: number }>(
    admin,
    `/api/v1/employees/${contractorMember.me.employeeId}`,
  );
  const deactivated = await admin.request(`/api/v1/employees/${contractorMember.me.employeeId}`, {
    method: 'PATCH',
    json: { status: 'inactive', version: contractorRecord.version },
  });
  expect(deactivated.status).toBe(200);
  ids.pat = (await teamMember('Pat', 'Palmer')).id;
  ids.quinn = (await teamMember('Quinn', 'Quade')).id;
  ids.ravi = (await teamMember('Ravi', 'Rao')).id;
  ids.ian = (await teamMember('Ian', 'Idle', 'inactive')).id;

  await build.review(ids.pat, { period: 'Q4 2024', overallRating: 5 });
  await fixtures(manager).review(ids.pat, { period: 'Q1 2025', overallRating: 4 });
  await build.review(ids.quinn, { period: 'Q1 2025', overallRating: 4 });
  await addOldReview(ids.quinn, 3, new Date(Date.UTC(lastYear, 0, 15, 12)));
  await addOldReview(ids.ravi, 3, new Date(Date.UTC(lastYear, 1, 15, 12)));
  await addOldReview(ids.ian, 1, new Date());

  const future = addCalendarDays(today(), 30);
  goals.patDone = await build.goal(ids.pat, { title: 'Close Q1 deals', targetDate: future, progress: 80 });
  goals.patActive = await build.goal(ids.pat, {
    title: 'Mentor a new hire',
    targetDate: future,
    progress: 40,
  });
  goals.quinnOverdue = await build.goal(ids.quinn, {
    title: 'Finish certification',
    targetDate: addCalendarDays(today(), -1),
    progress: 50,
  });
  goals.quinnStale = await build.goal(ids.quinn, { title: 'Document process', targetDate: future });
  // As the sample data stores it: status 'overdue' though the target date is ahead.
  await overwrite(server, schema.goals, goals.quinnStale.id, { status: 'overdue' });
  await post(admin, `/api/v1/performance/goals/${goals.patDone.id}/complete`, {}, 200);
}, 180_000);
afterAll(() => server?.close());

describe('stat cards (spec 2 Performance; spec 9 rounding, high performer, Needs Review)', () => {
  it('computes the six cards over all time', async () => {
    expect(await getStats(admin, 'period=all')).toEqual({
      // (4.5 + 3.5 + 3.0) / 3 = 3.67
      averageRating: 3.7,
      highPerformers: 1,
      // 1 of 4 goals completed
      goalCompletion: 25,
      totalReviews: 5,
      // Pat's active goal and Quinn's stored-'overdue' one with a future target
      activeGoals: 2,
      // Ravi (latest review over 6 months ago), the admin, the manager, the employee (none)
      needReview: 4,
      employees: 6,
    });
  });

  it('narrows reviews to the calendar year of the period filter', async () => {
    // Pat 4.5 and Quinn 4.0 -> 4.25 -> 4.3; both high performers.
    expect(await getStats(admin, 'period=current-year')).toMatchObject({
      averageRating: 4.3,
      highPerformers: 2,
      totalReviews: 3,
      needReview: 4,
    });
    expect(await getStats(admin, 'period=last-year')).toMatchObject({
      averageRating: 3,
      highPerformers: 0,
      totalReviews: 2,
    });
  });

  it('shows one card per employee with band, goals and latest review', async () => {
    const overview = await get<PerformanceOverview>(admin, '/api/v1/performance/overview?period=all');
    expect(overview.data).toHaveLength(6);
    const card = (id: string) => overview.data.find((c) => c.employee.id === id)!;
    expect(card(ids.pat)).toMatchObject({
      averageRating: 4.5,
      band: { id: 'exceptional', label: 'Exceptional' },
      highPerformer: true,
      reviewCount: 2,
      goalsCompleted: 1,
      goalsTotal: 2,
      needsReview: false,
    });
    expect(card(ids.pat).latestReview?.period).toMatch(/Q[14] 202[45]/);
    expect(card(ids.quinn)).toMatchObject({
      averageRating: 3.5,
      band: { id: 'meets' },
      goalsCompleted: 0,
      goalsTotal: 2,
    });
    expect(card(ids.ravi)).toMatchObject({ averageRating: 3, band: { label: 'Below' }, needsReview: true });
    expect(card(ids.admin)).toMatchObject({
      averageRating: null,
      band: null,
      latestReview: null,
      needsReview: true,
    });

    const firstPage = await get<PerformanceOverview>(admin, '/api/v1/performance/overview?limit=4');
    expect(firstPage.data).toHaveLength(4);
    const rest = await get<PerformanceOverview>(
      admin,
      `/api/v1/performance/overview?limit=4&cursor=${firstPage.nextCursor}`,
    );
    expect(rest.data).toHaveLength(2);
    expect(rest.nextCursor).toBeNull();
  });

  it('covers one employee with the employee filter, whatever their status', async () => {
    const ian = await get<PerformanceOverview>(admin, `/api/v1/performance/overview?employeeId=${ids.ian}`);
    expect(await getStats(admin, `employeeId=${ids.ian}`)).toMatchObject({
      averageRating: 1,
      totalReviews: 1,
      employees: 1,
      needReview: 0,
    });
    expect(ian.data[0]?.band?.label).toBe('Needs Improvement');
  });

  it('feeds the analytics charts', async () => {
    const analytics = await get<PerformanceAnalytics>(admin, '/api/v1/performance/analytics?period=all');
    expect(analytics.ratingDistribution).toEqual([
      { rating: 5, label: 'Exceptional', count: 1 },
      { rating: 4, label: 'Exceeds Expectations', count: 2 },
      { rating: 3, label: 'Meets Expectations', count: 2 },
      { rating: 2, label: 'Below Expectations', count: 0 },
      { rating: 1, label: 'Needs Improvement', count: 0 },
    ]);
    expect(analytics.bandDistribution.map((b) => [b.band, b.count])).toEqual([
      ['exceptional', 1],
      ['exceeds', 0],
      ['meets', 1],
      ['below', 1],
      ['needs-improvement', 0],
    ]);
    expect(analytics.goalStatus).toEqual({ active: 2, completed: 1, overdue: 1, total: 4 });
  });
});

describe('reviews', () => {
  it('names the signed-in reviewer, not the constant Manager', async () => {
    const reviews = await get<ListPage<Review>>(admin, `/api/v1/performance/reviews?employeeId=${ids.pat}`);
    expect(reviews.data).toHaveLength(2);
    expect(reviews.data.map((r) => r.reviewer?.name).sort()).toEqual([adminName, 'Test manager']);
    expect(reviews.data.find((r) => r.overallRating === 5)).toMatchObject({
      ratingLabel: 'Exceptional',
      reviewer: { id: ids.admin, name: adminName },
      employee: { id: ids.pat, name: 'Pat Palmer' },
    });
  });

  it('validates the rating (1-5) and the period with field errors', async () => {
    for (const overallRating of [0, 6, 4.5, '5']) {
      const response = await admin.request('/api/v1/performance/reviews', {
        method: 'POST',
        json: { employeeId: ids.pat, period: 'Q2 2025', overallRating },
      });
      expect(response.status, String(overallRating)).toBe(400);
      expect((await errorOf(response)).fields).toEqual({ overallRating: 'Choose a rating from 1 to 5' });
    }
    const empty = await admin.request('/api/v1/performance/reviews', { method: 'POST', json: {} });
    expect(Object.keys((await errorOf(empty)).fields ?? {}).sort()).toEqual([
      'employeeId',
      'overallRating',
      'period',
    ]);

    const unknown = await admin.request('/api/v1/performance/reviews', {
      method: 'POST',
      json: { employeeId: randomUUID(), period: 'Q2 2025', overallRating: 3 },
    });
    expect(unknown.status).toBe(422);
    const self = await admin.request('/api/v1/performance/reviews', {
      method: 'POST',
      json: { employeeId: ids.admin, period: 'Q2 2025', overallRating: 5 },
    });
    expect(self.status).toBe(422);
    expect((await errorOf(self)).fields).toHaveProperty('employeeId');
  });

  it("answers an Employee's stat cards and charts with their own figures, never the team's (issue 20)", async () => {
    const team = await get<PerformanceStatsAnswer>(admin, '/api/v1/performance/stats?period=all');
    expect(team).toMatchObject({ scope: 'team', stats: { highPerformers: 1, needReview: 4, employees: 6 } });
    const own = await get<PerformanceStatsAnswer>(employee, '/api/v1/performance/stats?period=all');
    // The employee has no review: not a high performer, due for one; the team's counts are not theirs.
    expect(own).toEqual({
      period: 'all',
      scope: 'own',
      stats: {
        averageRating: null,
        highPerformers: 0,
        goalCompletion: 0,
        totalReviews: 0,
        activeGoals: 0,
        needReview: 1,
        employees: 1,
      },
    });
    const charts = await get<PerformanceAnalytics>(employee, '/api/v1/performance/analytics?period=all');
    expect(charts.ratingDistribution.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(0);
    expect(charts.bandDistribution.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(0);
    expect(charts.goalStatus.total).toBe(0);
  });

  it('refuses an Employee adding a review (403) and shows them only their own', async () => {
    const refused = await employee.request('/api/v1/performance/reviews', {
      method: 'POST',
      json: { employeeId: ids.pat, period: 'Q2 2025', overallRating: 5 },
    });
    expect(refused.status).toBe(403);
    expect((await employee.request('/api/v1/performance/goals', { method: 'POST', json: {} })).status).toBe(
      403,
    );

    const theirs = await fixtures(manager).review(ids.me, {
      period: 'Q2 2025',
      overallRating: 3,
      feedback: 'Solid quarter.',
    });
    const visible = await get<ListPage<Review>>(employee, '/api/v1/performance/reviews');
    expect(visible.data.map((r) => r.id)).toEqual([theirs.id]);
    const someoneElse = await get<ListPage<Review>>(
      employee,
      `/api/v1/performance/reviews?employeeId=${ids.pat}`,
    );
    expect(someoneElse).toEqual({ data: [], nextCursor: null });
    const overview = await get<PerformanceOverview>(employee, '/api/v1/performance/overview');
    expect(overview.data.map((c) => c.employee.id)).toEqual([ids.me]);
    expect(await getStats(employee)).toMatchObject({ employees: 1, totalReviews: 1, averageRating: 3 });
    // Asking for someone else's cards answers with nothing rather than the team's.
    expect(await getStats(employee, `employeeId=${ids.pat}`)).toMatchObject({
      employees: 0,
      totalReviews: 0,
    });
    expect((await contractor.request('/api/v1/performance/reviews')).status).toBe(403);

    // Undo the extra review so the other tests' numbers hold.
    await server.platform.database.db
      .delete(schema.performanceReviews)
      .where(eq(schema.performanceReviews.id, theirs.id));
    forgetKeptStats();
  });

  it('pages newest first and filters by period and rating', async () => {
    const first = await get<ListPage<Review>>(admin, '/api/v1/performance/reviews?limit=2&period=all');
    expect(first.data).toHaveLength(2);
    const second = await get<ListPage<Review>>(
      admin,
      `/api/v1/performance/reviews?limit=2&period=all&cursor=${first.nextCursor}`,
    );
    const third = await get<ListPage<Review>>(
      admin,
      `/api/v1/performance/reviews?limit=2&period=all&cursor=${second.nextCursor}`,
    );
    const all = [...first.data, ...second.data, ...third.data];
    expect(all).toHaveLength(5);
    expect(new Set(all.map((r) => r.id)).size).toBe(5);
    expect(third.nextCursor).toBeNull();
    const dates = all.map((r) => r.reviewedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Imported reviews have no reviewer.
    expect(all.filter((r) => r.reviewer === null)).toHaveLength(2);

    const lastYearOnly = await get<ListPage<Review>>(admin, '/api/v1/performance/reviews?period=last-year');
    expect(lastYearOnly.data.map((r) => r.employee.name).sort()).toEqual(['Quinn Quade', 'Ravi Rao']);
    expect((await get<ListPage<Review>>(admin, '/api/v1/performance/reviews?rating=4')).data).toHaveLength(2);
    const cursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    for (const path of [
      '/api/v1/performance/reviews?cursor=nonsense',
      `/api/v1/performance/reviews?cursor=${cursor(['yesterday', randomUUID()])}`,
      `/api/v1/performance/reviews?cursor=${cursor([new Date().toISOString(), 'x'])}`,
      `/api/v1/performance/goals?cursor=${cursor(['2025-13-45', randomUUID()])}`,
      `/api/v1/performance/goals?cursor=${cursor(['2025-02-30', randomUUID()])}`,
      `/api/v1/performance/overview?cursor=${cursor(['Rao', 'Ravi', 'x'])}`,
    ]) {
      const response = await admin.request(path);
      expect(response.status, path).toBe(400);
      expect((await errorOf(response)).fields, path).toHaveProperty('cursor');
    }
  });
});

describe('goals', () => {
  it('validates progress 0-100 and the title with field errors', async () => {
    const base = {
      employeeId: ids.ravi,
      title: 'Learn the product',
      targetDate: addCalendarDays(today(), 60),
    };
    for (const progress of [-1, 101, 12.5]) {
      const response = await admin.request('/api/v1/performance/goals', {
        method: 'POST',
        json: { ...base, progress },
      });
      expect(response.status).toBe(400);
      expect(Object.keys((await errorOf(response)).fields ?? {})).toEqual(['progress']);
    }
    const empty = await admin.request('/api/v1/performance/goals', {
      method: 'POST',
      json: { employeeId: ids.ravi, title: ' ', targetDate: '2025-02-30' },
    });
    expect(Object.keys((await errorOf(empty)).fields ?? {}).sort()).toEqual(['targetDate', 'title']);
  });

  it('derives overdue from the target date and lists goals by status', async () => {
    const overdue = await get<ListPage<Goal>>(admin, '/api/v1/performance/goals?status=overdue');
    expect(overdue.data.map((g) => g.id)).toEqual([goals.quinnOverdue.id]);
    expect(overdue.data[0]).toMatchObject({ status: 'overdue', overdue: true, progress: 50 });
    const active = await get<ListPage<Goal>>(admin, '/api/v1/performance/goals?status=active');
    expect(active.data.map((g) => g.id).sort()).toEqual([goals.patActive.id, goals.quinnStale.id].sort());
    const completed = await get<ListPage<Goal>>(admin, '/api/v1/performance/goals?status=completed');
    expect(completed.data[0]).toMatchObject({ id: goals.patDone.id, status: 'completed', progress: 100 });
    expect(completed.data[0]?.completedAt).not.toBeNull();
    const all = await get<ListPage<Goal>>(admin, '/api/v1/performance/goals?limit=3');
    expect(all.data).toHaveLength(3);
    const rest = await get<ListPage<Goal>>(
      admin,
      `/api/v1/performance/goals?limit=3&cursor=${all.nextCursor}`,
    );
    expect(rest).toMatchObject({ data: [expect.anything()], nextCursor: null });
    // Soonest target first: the overdue one leads.
    expect(all.data[0]?.id).toBe(goals.quinnOverdue.id);
  });

  it('updates progress with the version it read (412 when stale, 0-100 validated)', async () => {
    const goal = await build.goal(ids.ravi, {
      title: 'Shadow a senior rep',
      targetDate: addCalendarDays(today(), 10),
    });
    const { version } = goal;
    expect(goal).toMatchObject({ progress: 0, status: 'active', version: 1 });
    const update = (json: unknown) =>
      admin.request(`/api/v1/performance/goals/${goal.id}`, { method: 'PATCH', json });
    const updated = await update({ progress: 60, version });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ progress: 60, version: version + 1 });
    expect((await update({ progress: 70, version })).status).toBe(412);
    const tooMuch = await update({ progress: 150, version: version + 1 });
    expect(tooMuch.status).toBe(400);
    expect((await errorOf(tooMuch)).fields).toHaveProperty('progress');

    const completed = await post<Goal>(
      admin,
      `/api/v1/performance/goals/${goal.id}/complete`,
      { version: version + 1 },
      200,
    );
    expect(completed).toMatchObject({
      status: 'completed',
      progress: 100,
      overdue: false,
      version: version + 2,
    });
    const again = await post<Goal>(admin, `/api/v1/performance/goals/${goal.id}/complete`, {}, 200);
    expect(again).toMatchObject({
      status: 'completed',
      version: version + 2,
      completedAt: completed.completedAt,
    });
    expect((await update({ progress: 50, version: version + 2 })).status).toBe(422);

    // Back to the hand-made team for the other tests' numbers.
    await server.platform.database.db.delete(schema.goals).where(eq(schema.goals.id, goal.id));
    forgetKeptStats();
  });

  it('lets an employee update the progress of their own goal only', async () => {
    const own = await fixtures(manager).goal(ids.me, {
      targetDate: addCalendarDays(today(), 20),
      progress: 10,
    });
    const progress = await employee.request(`/api/v1/performance/goals/${own.id}`, {
      method: 'PATCH',
      json: { progress: 35, version: own.version },
    });
    expect(progress.status).toBe(200);
    expect(await progress.json()).toMatchObject({ progress: 35 });
    const retitle = await employee.request(`/api/v1/performance/goals/${own.id}`, {
      method: 'PATCH',
      json: { title: 'Something easier', version: own.version + 1 },
    });
    expect(retitle.status).toBe(403);
    const others = await employee.request(`/api/v1/performance/goals/${goals.patActive.id}`, {
      method: 'PATCH',
      json: { progress: 100, version: goals.patActive.version },
    });
    expect(others.status).toBe(404);
    expect((await get<ListPage<Goal>>(employee, '/api/v1/performance/goals')).data.map((g) => g.id)).toEqual([
      own.id,
    ]);

    const activity = await get<{ data: { entityId: string; action: string; actorName: string }[] }>(
      admin,
      '/api/v1/activity?limit=200',
    );
    expect(
      activity.data
        .filter((a) => a.entityId === own.id)
        .map((a) => a.action)
        .sort(),
    ).toEqual(['created', 'updated']);
    await server.platform.database.db.delete(schema.goals).where(eq(schema.goals.id, own.id));
    forgetKeptStats();
  });
});

describe('details dialog summary and export', () => {
  it('gives the Performance and Schedule tabs one employee’s reviews, goals and this week’s shifts', async () => {
    await build.shift(ids.pat, { date: today(), startTime: '09:00', endTime: '17:00' });
    const summary = await get<EmployeePerformanceSummary>(
      admin,
      `/api/v1/performance/employees/${ids.pat}/summary`,
    );
    expect(summary.employee).toMatchObject({ id: ids.pat, name: 'Pat Palmer' });
    expect(summary.performance).toMatchObject({
      averageRating: 4.5,
      band: { id: 'exceptional' },
      needsReview: false,
    });
    expect(summary.performance?.reviews.map((r) => r.reviewer?.name).sort()).toEqual([
      adminName,
      'Test manager',
    ]);
    expect(summary.performance?.goals.map((g) => g.status).sort()).toEqual(['active', 'completed']);
    expect(summary.schedule).toMatchObject({ weeklyHours: 7 });
    expect(summary.schedule?.shifts.map((s) => s.date)).toEqual([today()]);

    // A colleague sees the schedule but not the ratings; a contractor neither.
    const asColleague = await get<EmployeePerformanceSummary>(
      employee,
      `/api/v1/performance/employees/${ids.pat}/summary`,
    );
    expect(asColleague.performance).toBeNull();
    expect(asColleague.schedule?.shifts).toHaveLength(1);
    expect((await contractor.request(`/api/v1/performance/employees/${ids.pat}/summary`)).status).toBe(403);
    expect((await admin.request(`/api/v1/performance/employees/${randomUUID()}/summary`)).status).toBe(404);
  });

  it('exports the filtered reviews as CSV with quoting and a formula guard', async () => {
    const review = await build.review(ids.ravi, {
      period: 'Q2 2025',
      overallRating: 2,
      feedback: '=HYPERLINK("http://evil.test","Click")',
      nextPeriodGoals: 'Plan, then "do"',
    });
    const response = await admin.request(`/api/v1/performance/export?type=reviews&employeeId=${ids.ravi}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="performance-reviews-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Employee ID,Employee,Department,Period,Overall Rating,Rating,Review Date,Reviewer,Performance Feedback,Goals for Next Period',
    );
    expect(lines).toHaveLength(4); // header, 2 reviews, trailing line break
    expect(lines[1]).toContain(
      `Ravi Rao,Sales,Q2 2025,2,Below Expectations,${review.reviewedAt},${adminName},`,
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""Click"")","Plan, then ""do"""`);

    const goals = await admin.request('/api/v1/performance/export?type=goals&status=overdue');
    const goalLines = (await goals.text()).trim().split('\r\n');
    expect(goalLines).toHaveLength(2);
    expect(goalLines[1]).toContain('Quinn Quade,Sales,Finish certification,,50,');
    expect(goalLines[1]).toContain(',overdue,');

    const mine = await (await employee.request('/api/v1/performance/export')).text();
    expect(mine.trim().split('\r\n')).toHaveLength(1);
    await server.platform.database.db
      .delete(schema.performanceReviews)
      .where(eq(schema.performanceReviews.id, review.id));
    forgetKeptStats();
  });
});

describe('other workspaces', () => {
  it('never reaches another workspace’s goals, reviews or employees', async () => {
    const other = await signUp(server, { companyName: 'Perf Elsewhere' });
    const inOther = fixtures(other.client);
    const otherEmployee = (await inOther.employee()).id;
    const otherGoal = await inOther.goal(otherEmployee, { targetDate: addCalendarDays(today(), 5) });
    await inOther.review(otherEmployee, { period: 'Q1', overallRating: 5 });

    const patch = await admin.request(`/api/v1/performance/goals/${otherGoal.id}`, {
      method: 'PATCH',
      json: { progress: 99, version: otherGoal.version },
    });
    expect(patch.status).toBe(404);
    expect(
      (await admin.request(`/api/v1/performance/goals/${otherGoal.id}/complete`, { method: 'POST' })).status,
    ).toBe(404);
    expect((await admin.request(`/api/v1/performance/employees/${otherEmployee}/summary`)).status).toBe(404);
    const review = await admin.request('/api/v1/performance/reviews', {
      method: 'POST',
      json: { employeeId: otherEmployee, period: 'Q1', overallRating: 1 },
    });
    expect(review.status).toBe(422);
    const filtered = await get<PerformanceOverview>(
      admin,
      `/api/v1/performance/overview?employeeId=${otherEmployee}`,
    );
    expect(filtered.data).toEqual([]);
    expect((await getStats(admin, `employeeId=${otherEmployee}`)).totalReviews).toBe(0);

    const theirs = await get<ListPage<Goal>>(other.client, '/api/v1/performance/goals');
    expect(theirs.data).toEqual([
      expect.objectContaining({ id: otherGoal.id, progress: 0, version: otherGoal.version }),
    ]);
  });
});
