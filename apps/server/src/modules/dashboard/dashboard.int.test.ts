import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import {
  addCalendarDays,
  dashboardSchema,
  todayIn,
  type Dashboard,
  type ProjectStatus,
  type TicketStatus,
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
const today = () => todayIn('UTC');
const db = () => server.platform.database.db;

type Builders = ReturnType<typeof fixtures>;

/** An employee of the directory, added so many days ago. */
async function addEmployee(build: Builders, firstName: string, values: { createdDaysAgo: number }) {
  const { id } = await build.employee({ firstName, lastName: 'Dash' });
  await overwrite(server, schema.employees, id, { createdAt: daysAgo(values.createdDaysAgo) });
  return id;
}

/** A project created so many days ago, with the progress its card shows. */
async function addProject(
  build: Builders,
  values: {
    name: string;
    status: ProjectStatus;
    createdDaysAgo: number;
    progress?: number;
    startDate?: string;
    endDate?: string;
    managerId?: string;
    team?: string[];
  },
) {
  const { id } = await build.project(values.team ?? [], {
    name: values.name,
    status: values.status,
    startDate: values.startDate ?? addCalendarDays(today(), -values.createdDaysAgo),
    ...(values.endDate ? { endDate: values.endDate } : {}),
    ...(values.managerId ? { managerId: values.managerId } : {}),
  });
  await overwrite(server, schema.projects, id, {
    createdAt: daysAgo(values.createdDaysAgo),
    progress: values.progress ?? 0,
  });
  return id;
}

// Status history, tickets and campaigns are written straight to the database: no API writes them
// yet (history is what the projects service logged in the past). Rows written behind the API's back
// announce nothing, so each helper forgets the workspace's kept aggregates (ADR 012) itself.

/** A status change as the projects service logs it: data { before, after }. */
async function logStatusChange(
  tenantId: string,
  projectId: string,
  from: ProjectStatus,
  to: ProjectStatus,
  at: Date,
) {
  await db()
    .insert(schema.activityLog)
    .values({
      tenantId,
      actorName: 'Someone',
      action: 'status_changed',
      entityType: 'project',
      entityId: projectId,
      summary: `moved the project from ${from} to ${to}`,
      data: { before: { status: from }, after: { status: to } },
      occurredAt: at,
    });
  server.platform.workspaceMemo.forget(tenantId);
}

let ticketNumbers = 0;
async function addTicket(
  tenantId: string,
  status: TicketStatus,
  values: { createdDaysAgo: number; resolvedDaysAgo?: number },
) {
  ticketNumbers += 1;
  await db()
    .insert(schema.tickets)
    .values({
      tenantId,
      number: ticketNumbers,
      subject: `Ticket ${ticketNumbers}`,
      status,
      customerName: 'Cus Tomer',
      customerEmail: 'customer@example.com',
      createdAt: daysAgo(values.createdDaysAgo),
      resolvedAt: values.resolvedDaysAgo === undefined ? null : daysAgo(values.resolvedDaysAgo),
    });
  server.platform.workspaceMemo.forget(tenantId);
}

async function getDashboard(client: SessionClient) {
  const response = await client.request('/api/v1/dashboard');
  expect(response.status, await response.clone().text()).toBe(200);
  return dashboardSchema.parse(await response.json());
}

const kpi = (dashboard: Dashboard, id: string) => dashboard.kpis.find((card) => card.id === id);

describe('dashboard (spec 2 Dashboard)', () => {
  let admin: SessionClient;
  let build: Builders;
  let tenantId: string;
  let adminEmployee: string;
  const ids = {} as Record<'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'alice' | 'bob' | 'dora' | 'eve', string>;

  beforeAll(async () => {
    const signedUp = await signUp(server, { name: 'Dana Dash', companyName: 'Dash Co' });
    admin = signedUp.client;
    tenantId = signedUp.me.workspace.id;
    adminEmployee = signedUp.me.employeeId!;
    build = fixtures(admin);

    // A month ago: Alice, Bob, Dora. Now: Dana (signed up today), Alice, Bob, Eve.
    ids.alice = await addEmployee(build, 'Alice', { createdDaysAgo: 100 });
    ids.bob = await addEmployee(build, 'Bob', { createdDaysAgo: 100 });
    ids.dora = await addEmployee(build, 'Dora', { createdDaysAgo: 100 });
    ids.eve = await addEmployee(build, 'Eve', { createdDaysAgo: 10 });

    // Active now: p1, p2, p5. Active a month ago: p1 and p3 (completed 5 days ago).
    ids.p1 = await addProject(build, {
      name: 'P1 ahead',
      status: 'active',
      createdDaysAgo: 60,
      progress: 80,
      startDate: addCalendarDays(today(), -50),
      endDate: addCalendarDays(today(), 50),
      managerId: adminEmployee,
      team: [ids.alice, ids.bob, ids.dora, ids.eve, adminEmployee],
    });
    // Dora, on P1's team, was deleted 5 days ago.
    await overwrite(server, schema.employees, ids.dora, { deletedAt: daysAgo(5) });
    ids.p2 = await addProject(build, {
      name: 'P2 on track',
      status: 'active',
      createdDaysAgo: 10,
      progress: 45,
      startDate: addCalendarDays(today(), -10),
      endDate: addCalendarDays(today(), 10),
    });
    ids.p3 = await addProject(build, { name: 'P3', status: 'completed', createdDaysAgo: 90 });
    await logStatusChange(tenantId, ids.p3, 'active', 'completed', daysAgo(5));
    ids.p4 = await addProject(build, { name: 'P4', status: 'on-hold', createdDaysAgo: 60 });
    await logStatusChange(tenantId, ids.p4, 'planning', 'active', daysAgo(20));
    await logStatusChange(tenantId, ids.p4, 'active', 'on-hold', daysAgo(2));
    ids.p5 = await addProject(build, {
      name: 'P5 behind',
      status: 'active',
      createdDaysAgo: 60,
      progress: 90,
      startDate: addCalendarDays(today(), -90),
      endDate: addCalendarDays(today(), -1),
    });
    await logStatusChange(tenantId, ids.p5, 'on-hold', 'active', daysAgo(3));

    // Open now: t1, t3, t5. Open a month ago: t1, t2 (resolved 10 days ago), t5.
    await addTicket(tenantId, 'open', { createdDaysAgo: 40 });
    await addTicket(tenantId, 'resolved', { createdDaysAgo: 40, resolvedDaysAgo: 10 });
    await addTicket(tenantId, 'pending', { createdDaysAgo: 5 });
    await addTicket(tenantId, 'closed', { createdDaysAgo: 60, resolvedDaysAgo: 45 });
    await addTicket(tenantId, 'in-progress', { createdDaysAgo: 35 });

    await db()
      .insert(schema.campaigns)
      .values([
        { tenantId, name: 'Spring', type: 'email', status: 'completed', delivered: 1000, clicked: 30 },
        { tenantId, name: 'Summer', type: 'email', status: 'active', delivered: 500, clicked: 15 },
        { tenantId, name: 'Draft', type: 'email', status: 'draft' },
      ]);
    server.platform.workspaceMemo.forget(tenantId);
  });

  it('shows the four KPI cards with the change versus last month', async () => {
    const dashboard = await getDashboard(admin);
    expect(dashboard.today).toBe(today());
    expect(dashboard.kpis).toEqual([
      {
        id: 'total-employees',
        label: 'Total Employees',
        value: 4,
        unit: 'count',
        lastMonth: 3,
        changePercent: 33,
      },
      {
        id: 'active-projects',
        label: 'Active Projects',
        value: 3,
        unit: 'count',
        lastMonth: 2,
        changePercent: 50,
      },
      { id: 'open-tickets', label: 'Open Tickets', value: 3, unit: 'count', lastMonth: 3, changePercent: 0 },
      // 45 clicks / 1,500 delivered; the metrics keep no history, so no change is claimed.
      {
        id: 'campaign-ctr',
        label: 'Campaign CTR',
        value: 3,
        unit: 'percent',
        lastMonth: null,
        changePercent: null,
      },
    ]);
  });

  it('rates the active projects On Track, Behind or Ahead, nearest end date first', async () => {
    const { projectProgress } = await getDashboard(admin);
    expect(
      projectProgress?.map((p) => [p.name, p.progress, p.scheduleStatus, p.scheduleLabel, p.dueDate]),
    ).toEqual([
      ['P5 behind', 90, 'behind', 'Behind', addCalendarDays(today(), -1)],
      ['P2 on track', 45, 'on-track', 'On Track', addCalendarDays(today(), 10)],
      ['P1 ahead', 80, 'ahead', 'Ahead', addCalendarDays(today(), 50)],
    ]);
    const p1 = projectProgress!.find((p) => p.id === ids.p1)!;
    // Dora was deleted; the manager comes first, then at most 4 (spec 9 avatars).
    expect(p1.teamSize).toBe(4);
    expect(p1.team.map((m) => m.name)).toEqual(['Dana Dash', 'Alice Dash', 'Bob Dash', 'Eve Dash']);
  });

  it('lists the member’s own open tasks by due date, at most 5', async () => {
    const due = (days: number) => addCalendarDays(today(), days);
    // A project of the test's own (not active: the project cards stay as they are).
    const project = await build.project();
    const addTask = (values: Parameters<Builders['task']>[1]) => build.task(project.id, values);
    await addTask({
      title: 'finished',
      status: 'done',
      assigneeId: adminEmployee,
      dueDate: due(-3),
    });
    await addTask({
      title: 'late',
      status: 'todo',
      priority: 'low',
      assigneeId: adminEmployee,
      dueDate: due(-1),
    });
    await addTask({
      title: 'soon, high',
      status: 'in-progress',
      priority: 'high',
      assigneeId: adminEmployee,
      dueDate: due(3),
    });
    await addTask({ title: 'no date', status: 'review', assigneeId: adminEmployee });
    await addTask({
      title: 'soon, low',
      status: 'todo',
      priority: 'low',
      assigneeId: adminEmployee,
      dueDate: due(3),
    });
    await addTask({
      title: 'later',
      status: 'todo',
      assigneeId: adminEmployee,
      dueDate: due(10),
    });
    await addTask({
      title: 'Alice’s',
      status: 'todo',
      assigneeId: ids.alice,
      dueDate: due(1),
    });

    const { upcomingTasks } = await getDashboard(admin);
    expect(upcomingTasks?.map((t) => t.title)).toEqual([
      'late',
      'soon, high',
      'soon, low',
      'later',
      'no date',
    ]);
    expect(upcomingTasks?.[0]).toEqual({
      id: expect.any(String),
      title: 'late',
      project: { id: project.id, name: project.name },
      status: 'todo',
      priority: 'low',
      dueDate: due(-1),
      overdue: true,
      assignee: { id: adminEmployee, name: 'Dana Dash' },
    });
    expect(upcomingTasks?.[1]?.overdue).toBe(false);

    await addTask({
      title: 'much later',
      status: 'todo',
      assigneeId: adminEmployee,
      dueDate: due(20),
    });
    const capped = await getDashboard(admin);
    expect(capped.upcomingTasks?.map((t) => t.title)).toEqual([
      'late',
      'soon, high',
      'soon, low',
      'later',
      'much later',
    ]);
  });

  it('shows a Contractor only the projects they are on or have a task in, and no people, ticket or campaign figures', async () => {
    // A workspace of its own: the new member would count in the others' cards.
    const owner = (await signUp(server, { companyName: 'Dash Contractor Co' })).client;
    const inWorkspace = fixtures(owner);
    const { client: contractor, me } = await addMember(server, owner, 'contractor');
    const contractorEmployee = me.employeeId!;
    const p1 = await addProject(inWorkspace, {
      name: 'P1 ahead',
      status: 'active',
      createdDaysAgo: 60,
      startDate: addCalendarDays(today(), -50),
      endDate: addCalendarDays(today(), 50),
    });
    const p2 = await addProject(inWorkspace, {
      name: 'P2 on track',
      status: 'active',
      createdDaysAgo: 10,
      startDate: addCalendarDays(today(), -10),
      endDate: addCalendarDays(today(), 10),
      team: [contractorEmployee],
    });
    await inWorkspace.task(p2, { title: 'on my project', assigneeId: contractorEmployee });
    await inWorkspace.task(p1, {
      title: 'on a project whose team I am not on',
      assigneeId: contractorEmployee,
    });

    const dashboard = await getDashboard(contractor);
    // P1 (where they have a task) was active a month ago; P2 is 10 days old.
    expect(dashboard.kpis).toEqual([
      {
        id: 'active-projects',
        label: 'Active Projects',
        value: 2,
        unit: 'count',
        lastMonth: 1,
        changePercent: 100,
      },
    ]);
    expect(dashboard.projectProgress?.map((p) => p.name)).toEqual(['P2 on track', 'P1 ahead']);
    expect(dashboard.upcomingTasks?.map((t) => t.title).sort()).toEqual([
      'on a project whose team I am not on',
      'on my project',
    ]);
  });

  it('is for members with dashboard:view; staff see all four cards', async () => {
    // A workspace of its own: the new members would count in the others' cards.
    const owner = (await signUp(server, { companyName: 'Dash Members Co' })).client;
    const employee = (await addMember(server, owner, 'employee')).client;
    const seen = await getDashboard(employee);
    expect(seen.kpis.map((card) => card.id)).toEqual([
      'total-employees',
      'active-projects',
      'open-tickets',
      'campaign-ctr',
    ]);
    // Their own tasks: none yet.
    expect(seen.upcomingTasks).toEqual([]);
    const customer = (await addMember(server, owner, 'customer')).client;
    expect((await customer.request('/api/v1/dashboard')).status).toBe(403);
    expect((await server.request('/api/v1/dashboard')).status).toBe(401);
  });

  it('never counts another workspace', async () => {
    const other = await signUp(server, { companyName: 'Empty Dash Co' });
    const dashboard = await getDashboard(other.client);
    expect(kpi(dashboard, 'total-employees')).toMatchObject({ value: 1, lastMonth: 0, changePercent: null });
    expect(kpi(dashboard, 'active-projects')).toMatchObject({ value: 0, lastMonth: 0, changePercent: 0 });
    expect(kpi(dashboard, 'open-tickets')).toMatchObject({ value: 0 });
    expect(kpi(dashboard, 'campaign-ctr')).toMatchObject({ value: null, changePercent: null });
    expect(dashboard.projectProgress).toEqual([]);
    expect(dashboard.upcomingTasks).toEqual([]);
  });
});
