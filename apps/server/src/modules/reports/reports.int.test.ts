import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import {
  addCalendarDays,
  errorBodySchema,
  projectReportSchema,
  reportPeriod,
  todayIn,
  type ProjectReport,
  type TaskStatus,
} from '@atrium/shared';
import { fixtures, overwrite } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const dayMs = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs);
const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

/** A project started 400 days ago, as old as every task below. */
const addProject = (
  build: ReturnType<typeof fixtures>,
  values: { name: string; budget: number | null; status?: 'active' | 'completed' },
) =>
  build.project([], {
    name: values.name,
    status: values.status ?? 'active',
    startDate: addCalendarDays(todayIn('UTC'), -400),
    ...(values.budget === null ? {} : { budget: values.budget }),
  });

/** A task made through the API, then dated: created and completed so many days ago. */
async function addTask(
  build: ReturnType<typeof fixtures>,
  projectId: string,
  values: {
    title: string;
    status: TaskStatus;
    createdDaysAgo: number;
    completedDaysAgo?: number;
    assigneeId?: string;
    estimatedHours: number;
    actualHours?: number;
    dueDate?: string;
  },
) {
  const { createdDaysAgo, completedDaysAgo, ...fields } = values;
  const task = await build.task(projectId, fields);
  const createdAt = daysAgo(createdDaysAgo);
  const completedAt = completedDaysAgo === undefined ? null : daysAgo(completedDaysAgo);
  await overwrite(server, schema.tasks, task.id, {
    createdAt,
    updatedAt: completedAt ?? createdAt,
    completedAt,
  });
}

/** The progress a project's card shows, as stored (spec 9 figures below follow from it, not from its tasks). */
const setProgress = (projectId: string, progress: number) =>
  overwrite(server, schema.projects, projectId, { progress });

async function getReport(client: SessionClient, query: string) {
  const response = await client.request(`/api/v1/reports/projects?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return projectReportSchema.parse(await response.json());
}

describe('project reports (spec 2 Reports, spec 9)', () => {
  let admin: SessionClient;
  const ids = {} as Record<'alpha' | 'beta' | 'gamma' | 'alice' | 'bob' | 'carol', string>;
  const today = () => todayIn('UTC');

  beforeAll(async () => {
    admin = (await signUp(server, { companyName: 'Report Co' })).client;
    const build = fixtures(admin);
    ids.alice = (await build.employee({ firstName: 'Alice', lastName: 'Archer' })).id;
    ids.bob = (await build.employee({ firstName: 'Bob', lastName: 'Baker' })).id;
    ids.carol = (await build.employee({ firstName: 'Carol', lastName: 'Cole' })).id;
    ids.alpha = (await addProject(build, { name: 'Alpha', budget: 100_000 })).id;
    ids.beta = (await addProject(build, { name: 'Beta', budget: 200_000 })).id;
    ids.gamma = (await addProject(build, { name: 'Gamma', budget: null, status: 'completed' })).id;

    const { alpha, beta, gamma, alice, bob, carol } = ids;
    await addTask(build, alpha, {
      title: 'a1 done 2 days ago',
      status: 'done',
      createdDaysAgo: 10,
      completedDaysAgo: 2,
      assigneeId: alice,
      estimatedHours: 10,
      actualHours: 14,
    });
    await addTask(build, alpha, {
      title: 'a2 done 40 days ago',
      status: 'done',
      createdDaysAgo: 60,
      completedDaysAgo: 40,
      assigneeId: alice,
      estimatedHours: 1,
      actualHours: 1,
    });
    await addTask(build, alpha, {
      title: 'a3 overdue',
      status: 'todo',
      createdDaysAgo: 5,
      assigneeId: bob,
      estimatedHours: 8,
      dueDate: addCalendarDays(today(), -1),
    });
    await addTask(build, alpha, {
      title: 'a4 in progress',
      status: 'in-progress',
      createdDaysAgo: 3,
      assigneeId: alice,
      estimatedHours: 4,
      actualHours: 2,
      dueDate: addCalendarDays(today(), 10),
    });
    await addTask(build, alpha, {
      title: 'a5 done 10 days ago',
      status: 'done',
      createdDaysAgo: 15,
      completedDaysAgo: 10,
      assigneeId: carol,
      estimatedHours: 2,
      actualHours: 2,
    });
    await addTask(build, beta, {
      title: 'b1 done yesterday',
      status: 'done',
      createdDaysAgo: 100,
      completedDaysAgo: 1,
      assigneeId: bob,
      estimatedHours: 5,
      actualHours: 10,
    });
    await addTask(build, beta, {
      title: 'b2 in review, unassigned',
      status: 'review',
      createdDaysAgo: 200,
      estimatedHours: 6,
      actualHours: 6,
    });
    await addTask(build, gamma, {
      title: 'g1 done long ago',
      status: 'done',
      createdDaysAgo: 300,
      completedDaysAgo: 280,
      assigneeId: carol,
      estimatedHours: 3,
      actualHours: 3,
    });
    // Average progress (50 + 20 + 80) / 3 = 50; budget 300,000 (Gamma has none).
    await setProgress(alpha, 50);
    await setProgress(beta, 20);
    await setProgress(gamma, 80);
  });

  it('computes the summary cards of the last 30 days from the tasks', async () => {
    const report = await getReport(admin, 'range=month');
    expect(report.filters).toEqual({ projectId: null, range: 'month', type: 'overview' });
    expect(report.period).toEqual({
      from: addCalendarDays(today(), -29),
      to: today(),
      timeZone: 'UTC',
    });
    // In the period: a1, a3, a4, a5, b1, b2 (a2 and g1 were done before it began).
    expect(report.summary).toEqual({
      projects: 3,
      tasks: { total: 6, completed: 3, completionRate: 50 },
      // Spec 9: utilized = 300,000 x 50% average progress.
      budget: { total: 300_000, utilized: 150_000, remaining: 150_000, averageProgress: 50 },
      hours: { estimated: 35, actual: 34, estimatedOfTracked: 27 },
      overdueTasks: 1,
    });
    // 34 actual hours against the 27 estimated for the same tasks: above 120%.
    expect(report.insights).toEqual([
      { kind: 'warning', message: '1 overdue task needs attention' },
      { kind: 'warning', message: 'Actual hours exceed estimates by 26%: review how tasks are estimated' },
    ]);
    expect(report.projectAnalysis).toBeNull();
    expect(report.teamPerformance).toBeNull();
    expect(report.budget).toBeNull();
  });

  it('changes with the time range', async () => {
    const week = await getReport(admin, 'range=week');
    expect(week.period.from).toBe(addCalendarDays(today(), -6));
    // a5 was done 10 days ago: before the week.
    expect(week.summary?.tasks).toEqual({ total: 5, completed: 2, completionRate: 40 });
    const year = await getReport(admin, 'range=year');
    expect(year.summary?.tasks).toEqual({ total: 8, completed: 5, completionRate: 63 });
    expect(year.trends?.unit).toBe('month');
    expect(year.trends?.buckets).toHaveLength(12);
    const quarter = await getReport(admin, 'range=quarter');
    expect(quarter.trends?.unit).toBe('week');
    expect(quarter.trends?.buckets).toHaveLength(13);
    // a2, done 40 days ago, falls in the 13 weeks.
    expect(quarter.summary?.tasks.total).toBe(7);
  });

  it('draws created vs completed per day and the burndown of the month', async () => {
    const { trends } = await getReport(admin, 'range=month');
    const buckets = reportPeriod('month', today()).buckets;
    expect(trends?.unit).toBe('day');
    expect(trends?.buckets.map((b) => [b.start, b.end])).toEqual(buckets.map((b) => [b.start, b.end]));
    const at = (days: number) => trends!.buckets[29 - days]!;
    // b1 and b2 were open when the period began.
    expect(trends?.openAtStart).toBe(2);
    expect([at(15).created, at(10).created, at(5).created, at(3).created]).toEqual([1, 1, 1, 1]);
    expect([at(10).completed, at(2).completed, at(1).completed]).toEqual([1, 1, 1]);
    expect(trends!.buckets.reduce((sum, b) => sum + b.created, 0)).toBe(4);
    expect(trends!.buckets.reduce((sum, b) => sum + b.completed, 0)).toBe(3);
    // The burndown starts from the 6 tasks of the month and falls with each completion.
    expect(trends?.scope).toBe(6);
    expect(at(29).remaining).toBe(6);
    expect(at(15).remaining).toBe(6);
    expect(at(10).remaining).toBe(5);
    expect(at(2).remaining).toBe(4);
    // Open today: a3, a4, b2.
    expect(at(0).remaining).toBe(3);
  });

  it('narrows every figure to one project', async () => {
    const report = await getReport(admin, `projectId=${ids.beta}&range=month`);
    expect(report.filters.projectId).toBe(ids.beta);
    expect(report.summary).toMatchObject({
      projects: 1,
      tasks: { total: 2, completed: 1, completionRate: 50 },
      budget: { total: 200_000, utilized: 40_000, remaining: 160_000, averageProgress: 20 },
      overdueTasks: 0,
    });
    expect(report.trends?.openAtStart).toBe(2);
  });

  it('adds the per-project analysis to the detailed report, page by page', async () => {
    const detailed = await getReport(admin, 'type=detailed&range=month');
    expect(detailed.insights).not.toBeNull();
    expect(detailed.trends).not.toBeNull();
    const analysis = detailed.projectAnalysis!;
    expect(analysis.total).toBe(3);
    expect(analysis.data.map((row) => row.project.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(analysis.data[0]).toEqual({
      project: { id: ids.alpha, name: 'Alpha', status: 'active', priority: 'medium' },
      endDate: null,
      tasks: { total: 4, completed: 2, overdue: 1 },
      completionRate: 50,
      progress: 50,
      budget: 100_000,
      utilized: 50_000,
      remaining: 50_000,
      hours: { estimated: 24, actual: 18 },
    });
    expect(analysis.data[2]).toMatchObject({
      tasks: { total: 0, completed: 0, overdue: 0 },
      budget: null,
      utilized: null,
      remaining: null,
    });

    const first = await getReport(admin, 'type=detailed&range=month&limit=2');
    expect(first.projectAnalysis?.data.map((row) => row.project.name)).toEqual(['Alpha', 'Beta']);
    const next = await getReport(
      admin,
      `type=detailed&range=month&limit=2&cursor=${first.projectAnalysis!.nextCursor}`,
    );
    expect(next.projectAnalysis?.nextCursor).toBeNull();
    expect(next.projectAnalysis?.total).toBeUndefined();
    expect(next.projectAnalysis?.data.map((row) => row.project.name)).toEqual(['Gamma']);
    // The cards came with the first page.
    expect(next.summary).toBeNull();
    expect(next.trends).toBeNull();
  });

  it('orders the team report by completion rate, descending (spec 9)', async () => {
    const report = await getReport(admin, 'type=team&range=month');
    expect(report.insights).toBeNull();
    expect(report.trends).toBeNull();
    expect(report.summary).not.toBeNull();
    expect(report.teamPerformance?.total).toBe(3);
    expect(
      report.teamPerformance?.data.map((row) => [
        row.employee.name,
        row.tasksAssigned,
        row.tasksCompleted,
        row.completionRate,
        row.overdueTasks,
      ]),
    ).toEqual([
      ['Carol Cole', 1, 1, 100, 0],
      ['Alice Archer', 2, 1, 50, 0],
      ['Bob Baker', 2, 1, 50, 1],
    ]);
    expect(report.teamPerformance?.data[1]?.hours).toEqual({ estimated: 14, actual: 16 });

    const top = await getReport(admin, 'type=team&range=month&limit=1');
    expect(top.teamPerformance).toMatchObject({ total: 3, data: [{ employee: { name: 'Carol Cole' } }] });
  });

  it('lists budget, utilized and remaining per project in the budget report', async () => {
    const report = await getReport(admin, 'type=budget');
    expect(report.trends).toBeNull();
    expect(
      report.budget?.data.map((row) => [row.project.name, row.budget, row.utilized, row.remaining]),
    ).toEqual([
      ['Alpha', 100_000, 50_000, 50_000],
      ['Beta', 200_000, 40_000, 160_000],
      ['Gamma', null, null, null],
    ]);
  });

  it('answers bad filters with field errors, and an unknown project with 404', async () => {
    const bad = await admin.request('/api/v1/reports/projects?projectId=nope&range=decade&type=pie&limit=0');
    expect(bad.status).toBe(400);
    const error = await errorOf(bad);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['limit', 'projectId', 'range', 'type']);

    const cursor = await admin.request('/api/v1/reports/projects?type=detailed&cursor=garbage');
    expect(cursor.status).toBe(400);
    expect((await errorOf(cursor)).fields).toHaveProperty('cursor');

    const other = await signUp(server, { companyName: 'Other Report Co' });
    const theirs = (await addProject(fixtures(other.client), { name: 'Secret', budget: 1 })).id;
    expect((await admin.request(`/api/v1/reports/projects?projectId=${theirs}`)).status).toBe(404);
    const mine = await getReport(other.client, 'type=detailed');
    expect(mine.projectAnalysis?.data.map((row) => row.project.name)).toEqual(['Secret']);

    const badExport = await admin.request('/api/v1/reports/projects/export?range=decade');
    expect(badExport.status).toBe(400);
    expect(Object.keys((await errorOf(badExport)).fields ?? {})).toEqual(['range']);
  });

  it('exports the shown report as CSV', async () => {
    const response = await admin.request('/api/v1/reports/projects/export?type=detailed&range=month');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="project-report-detailed-month-${today()}.csv"`,
    );
    const csv = await response.text();
    const lines = csv.split('\r\n');
    expect(lines.slice(0, 7)).toEqual([
      'Project report',
      'Filter,Value',
      'Project,All projects',
      'Time range,Last 30 days',
      `From,${addCalendarDays(today(), -29)}`,
      `To,${today()}`,
      'Report type,Detailed',
    ]);
    expect(lines).toContain('Total tasks,6');
    expect(lines).toContain('Budget utilized,150000');
    expect(lines).toContain('warning,1 overdue task needs attention');
    expect(lines).toContain('Trends');
    expect(lines).toContain('Alpha,active,medium,,4,2,50,1,50,100000,50000,50000,24,18');
    expect(lines).toContain('Gamma,completed,medium,,0,0,0,0,80,,,,0,0');
    expect(lines).not.toContain('Team performance');

    const team = await (
      await admin.request(`/api/v1/reports/projects/export?type=team&projectId=${ids.alpha}`)
    ).text();
    expect(team).toContain('Project,Alpha');
    const rows = team.split('\r\n');
    const header = rows.indexOf(
      'Employee,Job title,Department,Tasks assigned,Tasks completed,Completion rate %,Overdue,Estimated hours,Actual hours',
    );
    expect(rows.slice(header + 1, header + 4)).toEqual([
      'Carol Cole,Engineer,Engineering,1,1,100,0,2,2',
      'Alice Archer,Engineer,Engineering,2,1,50,0,14,16',
      'Bob Baker,Engineer,Engineering,1,0,0,1,8,0',
    ]);
    expect(team).not.toContain('Trends');
  });

  it('is for roles with reports:view: not Contractors or customers', async () => {
    const employee = (await addMember(server, admin, 'employee')).client;
    expect((await employee.request('/api/v1/reports/projects')).status).toBe(200);
    const contractor = (await addMember(server, admin, 'contractor')).client;
    expect((await contractor.request('/api/v1/reports/projects')).status).toBe(403);
    expect((await contractor.request('/api/v1/reports/projects/export')).status).toBe(403);
    const customer = (await addMember(server, admin, 'customer')).client;
    expect((await customer.request('/api/v1/reports/projects')).status).toBe(403);
  });
});

describe('Key Insights from real figures (spec 9)', () => {
  it('praises a completion rate of 85% or more', async () => {
    const { client } = await signUp(server, { companyName: 'Finishers Co' });
    const build = fixtures(client);
    const project = (await addProject(build, { name: 'Almost there', budget: 10_000 })).id;
    for (let i = 0; i < 7; i++) {
      await addTask(build, project, {
        title: `t${i}`,
        status: i < 6 ? 'done' : 'todo',
        createdDaysAgo: 5,
        completedDaysAgo: i < 6 ? 1 : undefined,
        estimatedHours: 2,
        actualHours: 2,
      });
    }
    await setProgress(project, 86);
    const report: ProjectReport = await getReport(client, 'range=week');
    expect(report.summary?.tasks).toEqual({ total: 7, completed: 6, completionRate: 86 });
    expect(report.insights).toEqual([
      { kind: 'success', message: 'Excellent progress: 86% of tasks completed' },
    ]);
  });

  it('says so when the period has no tasks', async () => {
    const { client } = await signUp(server, { companyName: 'Empty Co' });
    const report = await getReport(client, '');
    expect(report.summary).toMatchObject({
      projects: 0,
      tasks: { total: 0, completed: 0, completionRate: 0 },
    });
    expect(report.insights).toEqual([{ kind: 'info', message: 'No tasks in the selected period' }]);
    expect(report.trends?.buckets.every((b) => b.created === 0 && b.remaining === 0)).toBe(true);
  });
});
