import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  errorBodySchema,
  todayIn,
  type ProjectDetails,
  type ProjectListResponse,
  type ProjectStats,
  type ProjectSummary,
} from '@atrium/shared';
import { fixtures } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;
const today = todayIn('UTC');

async function getJson<T>(client: SessionClient, path: string) {
  const response = await client.request(path);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

async function activity(client: SessionClient) {
  const body = await getJson<{ data: { summary: string; entityType: string }[] }>(
    client,
    '/api/v1/activity?limit=50',
  );
  return body.data.map((entry) => entry.summary);
}

describe('New Project dialog (spec 2) and validation', () => {
  let admin: SessionClient;
  let build: ReturnType<typeof fixtures>;

  beforeAll(async () => {
    admin = (await signUp(server, { companyName: 'Projects Validation Co' })).client;
    build = fixtures(admin);
  });

  it('answers bad input with field errors', async () => {
    const empty = await admin.request('/api/v1/projects', { method: 'POST', json: {} });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).fields).toEqual({ name: 'Enter the project name' });

    const bad = await admin.request('/api/v1/projects', {
      method: 'POST',
      json: {
        name: 'Apollo',
        startDate: '2025-05-10',
        endDate: '2025-05-01',
        budget: -5,
        priority: 'urgent',
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorOf(bad)).fields ?? {}).sort()).toEqual(['budget', 'endDate', 'priority']);

    // The start date defaults to today, so an end date in the past is before it.
    const pastEnd = await admin.request('/api/v1/projects', {
      method: 'POST',
      json: { name: 'Apollo', endDate: addCalendarDays(today, -1) },
    });
    expect(pastEnd.status).toBe(400);
    expect((await errorOf(pastEnd)).fields).toHaveProperty('endDate');

    const unknownPeople = await admin.request('/api/v1/projects', {
      method: 'POST',
      json: { name: 'Apollo', managerId: randomUUID(), teamMemberIds: [randomUUID()] },
    });
    expect(unknownPeople.status).toBe(422);
    expect(Object.keys((await errorOf(unknownPeople)).fields ?? {}).sort()).toEqual([
      'managerId',
      'teamMemberIds.0',
    ]);
  });

  it('creates a project with its manager on the team and shows the card fields', async () => {
    const manager = (await build.employee({ firstName: 'Maria', lastName: 'Manager' })).id;
    const team = await Promise.all(
      ['Ann', 'Bob', 'Cid', 'Dee', 'Eve'].map(
        async (name) => (await build.employee({ firstName: name, lastName: 'Member' })).id,
      ),
    );
    const created = await build.project(team, {
      name: 'Website Redesign',
      description: 'New look',
      managerId: manager,
      priority: 'high',
      startDate: '2025-01-06',
      endDate: '2025-02-28',
      budget: 120000,
      client: 'Globex',
      tags: ['design', 'frontend', 'design'],
    });
    expect(created).toMatchObject({
      name: 'Website Redesign',
      description: 'New look',
      status: 'planning',
      priority: 'high',
      progress: 0,
      tasksDone: 0,
      tasksTotal: 0,
      overdueTasks: 0,
      teamCount: 6,
      moreTeamMembers: 2,
      manager: { id: manager, name: 'Maria Manager' },
      budget: 120000,
      client: 'Globex',
      startDate: '2025-01-06',
      endDate: '2025-02-28',
      pastDue: true,
      tags: ['design', 'frontend'],
      version: 1,
    });
    // Spec 9: at most 4 avatars on the card, manager first.
    expect(created.team.map((p) => p.name)).toEqual([
      'Maria Manager',
      'Ann Member',
      'Bob Member',
      'Cid Member',
    ]);
    expect(created.teamMembers).toHaveLength(6);
    expect(created.teamMembers[0]).toMatchObject({
      id: manager,
      jobTitle: 'Engineer',
      department: 'Engineering',
    });

    const details = await getJson<ProjectDetails>(admin, `/api/v1/projects/${created.id}`);
    expect(details).toEqual(created);
    expect(await activity(admin)).toContain("created project 'Website Redesign'");
  });
});

describe('edit, status and delete', () => {
  let admin: SessionClient;
  let build: ReturnType<typeof fixtures>;
  /** A project of the test's own, started on 2025-03-01. */
  const newProject = () => build.project([], { startDate: '2025-03-01' });

  beforeAll(async () => {
    admin = (await signUp(server, { companyName: 'Projects Edit Co' })).client;
    build = fixtures(admin);
  });

  it('updates the fields sent and refuses a stale version with 412', async () => {
    const project = await newProject();
    const response = await admin.request(`/api/v1/projects/${project.id}`, {
      method: 'PATCH',
      json: { name: `${project.name} v2`, budget: 5000, endDate: '2025-06-30', version: project.version },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const updated = (await response.json()) as ProjectDetails;
    expect(updated).toMatchObject({
      name: `${project.name} v2`,
      budget: 5000,
      endDate: '2025-06-30',
      version: project.version + 1,
    });

    const stale = await admin.request(`/api/v1/projects/${project.id}`, {
      method: 'PATCH',
      json: { name: 'Lost update', version: project.version },
    });
    expect(stale.status).toBe(412);
    expect((await errorOf(stale)).code).toBe('precondition_failed');
  });

  it('checks a new end date against the stored start date', async () => {
    const project = await newProject();
    const response = await admin.request(`/api/v1/projects/${project.id}`, {
      method: 'PATCH',
      json: { endDate: '2025-02-01', version: project.version },
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({
      endDate: 'The end date cannot be before the start date',
    });
  });

  it('changes the status through the card select and through PATCH', async () => {
    const project = await newProject();
    const viaPost = await admin.request(`/api/v1/projects/${project.id}/status`, {
      method: 'POST',
      json: { status: 'active' },
    });
    expect(viaPost.status).toBe(200);
    const active = (await viaPost.json()) as ProjectDetails;
    expect(active.status).toBe('active');

    const viaPatch = await admin.request(`/api/v1/projects/${project.id}`, {
      method: 'PATCH',
      json: { status: 'on-hold', version: active.version },
    });
    expect(viaPatch.status).toBe(200);
    expect(((await viaPatch.json()) as ProjectDetails).status).toBe('on-hold');
    expect(await activity(admin)).toContain(`changed the status of '${project.name}' to On Hold`);
  });

  it('deletes the project with its tasks and logs it', async () => {
    const project = await newProject();
    const task = await build.task(project.id);
    const response = await admin.request(`/api/v1/projects/${project.id}`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect((await admin.request(`/api/v1/projects/${project.id}`)).status).toBe(404);
    expect((await admin.request(`/api/v1/tasks/${task.id}`)).status).toBe(404);
    expect(await activity(admin)).toContain(`deleted project '${project.name}'`);
    expect((await admin.request(`/api/v1/projects/${project.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('progress, overdue tasks and the stats cards', () => {
  let admin: SessionClient;
  let alpha: ProjectDetails;
  let beta: ProjectDetails;

  beforeAll(async () => {
    admin = (await signUp(server, { companyName: 'Projects Stats Co' })).client;
    const build = fixtures(admin);
    alpha = await build.project([], { status: 'active', priority: 'critical' });
    beta = await build.project([], { status: 'completed', priority: 'low' });
    await build.project([], { status: 'active', priority: 'low' });
    const tasks = await Promise.all([
      build.task(alpha.id, { dueDate: addCalendarDays(today, -2) }),
      build.task(alpha.id, { dueDate: addCalendarDays(today, -2) }),
      build.task(alpha.id, { dueDate: today }),
    ]);
    await build.task(beta.id, { status: 'done' });
    const move = await admin.request(`/api/v1/tasks/${tasks[0]!.id}/move`, {
      method: 'POST',
      json: { status: 'done' },
    });
    expect(move.status).toBe(200);
  });

  it('derives progress from done tasks and counts overdue ones (spec 9)', async () => {
    const card = await getJson<ProjectDetails>(admin, `/api/v1/projects/${alpha.id}`);
    // One of three done: 33%; the other past-due task is overdue, the one due today is not.
    expect(card).toMatchObject({ progress: 33, tasksDone: 1, tasksTotal: 3, overdueTasks: 1 });
    expect((await getJson<ProjectDetails>(admin, `/api/v1/projects/${beta.id}`)).progress).toBe(100);
  });

  it('computes the five cards over the filtered projects', async () => {
    const all = await getJson<ProjectStats>(admin, '/api/v1/projects/stats');
    expect(all).toEqual({
      totalProjects: 3,
      activeProjects: 2,
      completedProjects: 1,
      overdueTasks: 1,
      // (33 + 100 + 0) / 3
      averageCompletion: 44,
    });
    const active = await getJson<ProjectStats>(admin, '/api/v1/projects/stats?status=active');
    expect(active).toEqual({
      totalProjects: 2,
      activeProjects: 2,
      completedProjects: 0,
      overdueTasks: 1,
      averageCompletion: 17,
    });
    const low = await getJson<ProjectStats>(admin, '/api/v1/projects/stats?priority=low&status=');
    expect(low.totalProjects).toBe(2);
  });
});

describe('list: filters, search and keyset pages', () => {
  let admin: SessionClient;
  let managerA: string;
  let managerB: string;

  beforeAll(async () => {
    admin = (await signUp(server, { companyName: 'Projects List Co' })).client;
    const build = fixtures(admin);
    managerA = (await build.employee({ firstName: 'Amy', lastName: 'Alpha' })).id;
    managerB = (await build.employee({ firstName: 'Ben', lastName: 'Beta' })).id;
    const specs = [
      { name: 'Mobile App', status: 'active', priority: 'high', managerId: managerA, endDate: '2030-05-01' },
      { name: 'Data Platform', status: 'planning', priority: 'medium', managerId: managerB },
      {
        name: 'Brand Refresh',
        status: 'active',
        priority: 'low',
        managerId: managerB,
        endDate: '2030-01-01',
      },
      {
        name: 'Security Audit',
        status: 'completed',
        priority: 'critical',
        managerId: managerA,
        endDate: '2030-03-01',
      },
      { name: 'API Gateway', status: 'on-hold', priority: 'medium' },
    ] as const;
    for (const spec of specs) await build.project([], { ...spec, startDate: '2025-01-01' });
  });

  const names = (page: ProjectListResponse) => page.data.map((p) => p.name);

  it('filters by status, priority, manager and name', async () => {
    expect(names(await getJson(admin, '/api/v1/projects?status=active&sort=name'))).toEqual([
      'Brand Refresh',
      'Mobile App',
    ]);
    expect(names(await getJson(admin, '/api/v1/projects?priority=medium&sort=name'))).toEqual([
      'API Gateway',
      'Data Platform',
    ]);
    expect(names(await getJson(admin, `/api/v1/projects?managerId=${managerA}&sort=name`))).toEqual([
      'Mobile App',
      'Security Audit',
    ]);
    expect(names(await getJson(admin, '/api/v1/projects?q=plat'))).toEqual(['Data Platform']);
    const none = await getJson<ProjectListResponse>(admin, '/api/v1/projects?q=nothing-like-this');
    expect(none).toEqual({ data: [], nextCursor: null, total: 0 });
  });

  it('pages with a cursor, newest first by default', async () => {
    const first = await getJson<ProjectListResponse>(admin, '/api/v1/projects?limit=2');
    expect(first.total).toBe(5);
    expect(names(first)).toEqual(['API Gateway', 'Security Audit']);
    const seen = [...names(first)];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await getJson<ProjectListResponse>(admin, `/api/v1/projects?limit=2&cursor=${cursor}`);
      expect(page.total).toBeUndefined();
      seen.push(...names(page));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['API Gateway', 'Security Audit', 'Brand Refresh', 'Data Platform', 'Mobile App']);
  });

  it('sorts by end date with projects without one last, in both directions', async () => {
    const collect = async (order: string) => {
      const seen: string[] = [];
      let cursor: string | null = '';
      do {
        const page: ProjectListResponse = await getJson(
          admin,
          `/api/v1/projects?sort=endDate&order=${order}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...names(page));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const asc = await collect('asc');
    expect(asc.slice(0, 3)).toEqual(['Brand Refresh', 'Security Audit', 'Mobile App']);
    expect(asc.slice(3).sort()).toEqual(['API Gateway', 'Data Platform']);
    const desc = await collect('desc');
    expect(desc.slice(0, 3)).toEqual(['Mobile App', 'Security Audit', 'Brand Refresh']);
    expect(desc.slice(3).sort()).toEqual(['API Gateway', 'Data Platform']);
  });

  it('sorts by priority low < medium < high < critical', async () => {
    const page = await getJson<ProjectListResponse>(admin, '/api/v1/projects?sort=priority&order=desc');
    expect(page.data.map((p: ProjectSummary) => p.priority)).toEqual([
      'critical',
      'high',
      'medium',
      'medium',
      'low',
    ]);
  });

  it('refuses a tampered cursor with 400', async () => {
    const bad = Buffer.from(JSON.stringify(['x', 'not-a-uuid'])).toString('base64url');
    expect((await admin.request(`/api/v1/projects?cursor=${bad}`)).status).toBe(400);
    const badDate = Buffer.from(JSON.stringify(['soon', randomUUID()])).toString('base64url');
    expect((await admin.request(`/api/v1/projects?sort=endDate&cursor=${badDate}`)).status).toBe(400);
  });

  it('lists the managers for the Manager filter', async () => {
    const managers = await getJson<{ data: { id: string; name: string }[] }>(
      admin,
      '/api/v1/projects/managers',
    );
    expect(managers.data.map((m) => m.name)).toEqual(['Amy Alpha', 'Ben Beta']);
  });
});

describe('who sees which project', () => {
  let admin: SessionClient;
  let employee: SessionClient;
  let contractor: SessionClient;
  let contractorEmployeeId: string;
  let build: ReturnType<typeof fixtures>;
  let onTeam: ProjectDetails;
  let assignedOnly: ProjectDetails;
  let hidden: ProjectDetails;

  beforeAll(async () => {
    admin = (await signUp(server, { companyName: 'Projects Access Co' })).client;
    build = fixtures(admin);
    employee = (await addMember(server, admin, 'employee')).client;
    const added = await addMember(server, admin, 'contractor');
    contractor = added.client;
    contractorEmployeeId = added.me.employeeId!;
    onTeam = await build.project([contractorEmployeeId], { name: 'On Team' });
    assignedOnly = await build.project([], { name: 'Assigned Only' });
    hidden = await build.project([], { name: 'Hidden' });
    await build.task(assignedOnly.id, { assigneeId: contractorEmployeeId });
    await build.task(hidden.id, { dueDate: addCalendarDays(today, -3) });
  });

  it('lets a Contractor see only the projects they are on (team member or assignee)', async () => {
    const list = await getJson<ProjectListResponse>(contractor, '/api/v1/projects?sort=name');
    expect(list.data.map((p) => p.name)).toEqual(['Assigned Only', 'On Team']);
    expect(list.total).toBe(2);
    expect((await contractor.request(`/api/v1/projects/${hidden.id}`)).status).toBe(404);
    expect((await contractor.request(`/api/v1/projects/${onTeam.id}`)).status).toBe(200);
    const stats = await getJson<ProjectStats>(contractor, '/api/v1/projects/stats');
    expect(stats).toMatchObject({ totalProjects: 2, overdueTasks: 0 });
  });

  it('keeps each view’s total apart and current through create and delete', async () => {
    const total = async (client: SessionClient) =>
      (await getJson<ProjectListResponse>(client, '/api/v1/projects?limit=1')).total;
    // Asked twice each: the second answers are the kept ones.
    expect([await total(admin), await total(contractor)]).toEqual([3, 2]);
    expect([await total(admin), await total(contractor)]).toEqual([3, 2]);

    const added = await build.project([contractorEmployeeId]);
    expect([await total(admin), await total(contractor)]).toEqual([4, 3]);
    await admin.request(`/api/v1/projects/${added.id}`, { method: 'DELETE' });
    expect([await total(admin), await total(contractor)]).toEqual([3, 2]);
  });

  it('refuses project changes to employees and contractors (403) and lets employees see all', async () => {
    expect((await getJson<ProjectListResponse>(employee, '/api/v1/projects')).total).toBe(3);
    for (const client of [employee, contractor]) {
      const create = await client.request('/api/v1/projects', { method: 'POST', json: { name: 'Nope' } });
      expect(create.status).toBe(403);
      const status = await client.request(`/api/v1/projects/${onTeam.id}/status`, {
        method: 'POST',
        json: { status: 'active' },
      });
      expect(status.status).toBe(403);
    }
  });

  it('answers 404 for another workspace’s project', async () => {
    const other = (await signUp(server, { companyName: 'Projects Other Co' })).client;
    expect((await other.request(`/api/v1/projects/${onTeam.id}`)).status).toBe(404);
    const patch = await other.request(`/api/v1/projects/${onTeam.id}`, {
      method: 'PATCH',
      json: { name: 'Taken', version: onTeam.version },
    });
    expect(patch.status).toBe(404);
    expect((await other.request(`/api/v1/projects/${onTeam.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await getJson<ProjectListResponse>(other, '/api/v1/projects')).total).toBe(0);
    expect((await getJson<ProjectDetails>(admin, `/api/v1/projects/${onTeam.id}`)).name).toBe('On Team');
  });
});
