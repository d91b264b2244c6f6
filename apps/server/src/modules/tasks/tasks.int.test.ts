import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@atrium/db';
import {
  addCalendarDays,
  compareTasks,
  errorBodySchema,
  todayIn,
  type BulkTaskResult,
  type CreateTaskInput,
  type ProjectDetails,
  type Subtask,
  type TaskBoard,
  type TaskCard,
  type TaskComment,
  type TaskDetails,
  type TaskListResponse,
  type TaskSortKey,
  type TaskStatus,
  type TaskSummary,
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

async function send<T>(client: SessionClient, method: string, path: string, json?: unknown, status = 200) {
  const response = await client.request(path, { method, ...(json === undefined ? {} : { json }) });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(status);
  return (status === 204 ? undefined : await response.json()) as T;
}

const getJson = <T>(client: SessionClient, path: string) => send<T>(client, 'GET', path);
const board = (client: SessionClient, projectId: string, query = '') =>
  getJson<TaskBoard>(client, `/api/v1/tasks/board?projectId=${projectId}${query}`);
const column = (b: TaskBoard, status: string) => b.columns.find((c) => c.status === status)!;
const titles = (b: TaskBoard, status: string) => column(b, status).tasks.map((t) => t.title);

async function activity(client: SessionClient) {
  const body = await getJson<{ data: { summary: string }[] }>(client, '/api/v1/activity?limit=100');
  return body.data.map((entry) => entry.summary);
}

describe('Add Task (spec 2 Kanban, Task list) and validation', () => {
  let admin: SessionClient;
  let build: ReturnType<typeof fixtures>;
  let project: ProjectDetails;

  beforeAll(async () => {
    admin = (await signUp(server, { companyName: 'Tasks Validation Co' })).client;
    build = fixtures(admin);
    project = await build.project([], { name: 'Launch' });
  });

  it('answers bad input with field errors', async () => {
    const empty = await admin.request('/api/v1/tasks', { method: 'POST', json: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys((await errorOf(empty)).fields ?? {}).sort()).toEqual(['projectId', 'title']);

    const bad = await admin.request('/api/v1/tasks', {
      method: 'POST',
      json: {
        projectId: project.id,
        title: 'X',
        estimatedHours: -2,
        priority: 'critical',
        dueDate: '31/12/2025',
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorOf(bad)).fields ?? {}).sort()).toEqual([
      'dueDate',
      'estimatedHours',
      'priority',
    ]);

    const unknownAssignee = await admin.request('/api/v1/tasks', {
      method: 'POST',
      json: { projectId: project.id, title: 'X', assigneeId: randomUUID() },
    });
    expect(unknownAssignee.status).toBe(422);
    expect((await errorOf(unknownAssignee)).fields).toEqual({
      assigneeId: 'Choose an assignee from the list',
    });

    const unknownProject = await admin.request('/api/v1/tasks', {
      method: 'POST',
      json: { projectId: randomUUID(), title: 'X' },
    });
    expect(unknownProject.status).toBe(422);
    expect((await errorOf(unknownProject)).fields).toEqual({ projectId: 'Choose a project' });
  });

  it('creates a task with the defaults (priority medium, To Do) at the end of its column', async () => {
    const assigneeId = (await build.employee({ firstName: 'Tia', lastName: 'Tasker' })).id;
    const first = await build.task(project.id, {
      title: 'Write press release',
      description: 'Draft and review',
      assigneeId,
      dueDate: '2030-01-15',
      estimatedHours: 6,
      tags: ['marketing', 'copy', 'urgent'],
    });
    expect(first).toMatchObject({
      title: 'Write press release',
      description: 'Draft and review',
      project: { id: project.id, name: 'Launch' },
      status: 'todo',
      priority: 'medium',
      assignee: { id: assigneeId, name: 'Tia Tasker' },
      dueDate: '2030-01-15',
      overdue: false,
      estimatedHours: 6,
      actualHours: null,
      tags: ['marketing', 'copy', 'urgent'],
      commentCount: 0,
      subtaskDone: 0,
      subtaskTotal: 0,
      attachmentCount: 0,
      comments: [],
      subtasks: [],
      version: 1,
    });
    const second = await build.task(project.id, { title: 'Book venue' });
    expect(second.position).toBeGreaterThan(first.position);
    expect(second.assignee).toBeNull();
    const inReview = await build.task(project.id, { title: 'Check slides', status: 'review' });
    expect(inReview.status).toBe('review');
    expect(await activity(admin)).toContain("created task 'Write press release'");
  });
});

describe('kanban board and moves', () => {
  let admin: SessionClient;
  let tenantId: string;
  let build: ReturnType<typeof fixtures>;

  beforeAll(async () => {
    const signedUp = await signUp(server, { companyName: 'Tasks Board Co' });
    admin = signedUp.client;
    tenantId = signedUp.me.workspace.id;
    build = fixtures(admin);
  });

  /** A project of the test's own with the cards A, B, C and D in To Do. */
  async function newBoard(overrides: { name?: string } = {}) {
    const project = await build.project([], overrides);
    const ids: Record<string, string> = {};
    for (const title of ['A', 'B', 'C', 'D']) ids[title] = (await build.task(project.id, { title })).id;
    return { project, ids };
  }

  /** B, D and A moved to Done, in the order D, A, B. */
  async function moveThreeToDone(ids: Record<string, string>) {
    await send(admin, 'POST', `/api/v1/tasks/${ids.B}/move`, { status: 'done' });
    await send(admin, 'POST', `/api/v1/tasks/${ids.D}/move`, { status: 'done', beforeId: ids.B });
    await send(admin, 'POST', `/api/v1/tasks/${ids.A}/move`, { status: 'done', afterId: ids.D });
  }

  it('shows four columns with counts and cards in position order', async () => {
    const { project } = await newBoard();
    const b = await board(admin, project.id);
    expect(b.project).toEqual({ id: project.id, name: project.name });
    expect(b.columns.map((c) => [c.status, c.title, c.count])).toEqual([
      ['todo', 'To Do', 4],
      ['in-progress', 'In Progress', 0],
      ['review', 'Review', 0],
      ['done', 'Done', 0],
    ]);
    expect(titles(b, 'todo')).toEqual(['A', 'B', 'C', 'D']);
  });

  it('moves a card between columns and within a column; the order persists', async () => {
    const { project, ids } = await newBoard();
    await moveThreeToDone(ids);
    let b = await board(admin, project.id);
    expect(titles(b, 'done')).toEqual(['D', 'A', 'B']);
    expect(titles(b, 'todo')).toEqual(['C']);
    expect(column(b, 'done').count).toBe(3);

    // Within the column: B to the top, then D to index 1 (counted without D).
    await send(admin, 'POST', `/api/v1/tasks/${ids.B}/move`, { status: 'done', index: 0 });
    await send(admin, 'POST', `/api/v1/tasks/${ids.D}/move`, { status: 'done', index: 2 });
    b = await board(admin, project.id);
    expect(titles(b, 'done')).toEqual(['B', 'A', 'D']);
    // A fresh read is the same: the order is stored, not computed per request.
    expect(titles(await board(admin, project.id), 'done')).toEqual(['B', 'A', 'D']);

    const summaries = await activity(admin);
    expect(summaries).toContain("moved 'B' to Done");
    expect(summaries).toContain("reordered 'D' in Done");
  });

  it('derives the project progress from the moves', async () => {
    const { project, ids } = await newBoard();
    await moveThreeToDone(ids);
    // 3 of 4 done.
    expect((await getJson<ProjectDetails>(admin, `/api/v1/projects/${project.id}`)).progress).toBe(75);
    await send(admin, 'POST', `/api/v1/tasks/${ids.A}/move`, { status: 'in-progress' });
    expect((await getJson<ProjectDetails>(admin, `/api/v1/projects/${project.id}`)).progress).toBe(50);
    await send(admin, 'POST', `/api/v1/tasks/${ids.A}/move`, { status: 'done', index: 1 });
    expect((await getJson<ProjectDetails>(admin, `/api/v1/projects/${project.id}`)).progress).toBe(75);
  });

  it('records when a task was completed (reports): set on entering Done, cleared on leaving', async () => {
    const { ids } = await newBoard();
    await moveThreeToDone(ids);
    const completedAt = async (taskId: string) => {
      const [row] = await server.platform.database.db
        .select({ completedAt: schema.tasks.completedAt })
        .from(schema.tasks)
        .where(eq(schema.tasks.id, taskId));
      return row!.completedAt;
    };
    const doneAt = await completedAt(ids.B!);
    expect(doneAt).toBeInstanceOf(Date);
    // Reordering within Done keeps the time; leaving Done clears it.
    await send(admin, 'POST', `/api/v1/tasks/${ids.B}/move`, { status: 'done', index: 0 });
    expect(await completedAt(ids.B!)).toEqual(doneAt);
    await send(admin, 'POST', `/api/v1/tasks/${ids.B}/move`, { status: 'review' });
    expect(await completedAt(ids.B!)).toBeNull();
    await send(admin, 'POST', `/api/v1/tasks/${ids.B}/move`, { status: 'done', index: 0 });
    expect(await completedAt(ids.B!)).toBeInstanceOf(Date);
    expect(await completedAt(ids.C!)).toBeNull();
  });

  it('refuses a stale version (412) and an anchor outside the target column (422)', async () => {
    const { ids } = await newBoard();
    await send(admin, 'POST', `/api/v1/tasks/${ids.A}/move`, { status: 'done' });
    const card = await getJson<TaskDetails>(admin, `/api/v1/tasks/${ids.C}`);
    const stale = await admin.request(`/api/v1/tasks/${ids.C}/move`, {
      method: 'POST',
      json: { status: 'review', version: card.version + 5 },
    });
    expect(stale.status).toBe(412);
    const wrongColumn = await admin.request(`/api/v1/tasks/${ids.C}/move`, {
      method: 'POST',
      json: { status: 'review', afterId: ids.A },
    });
    expect(wrongColumn.status).toBe(422);
    expect((await errorOf(wrongColumn)).fields).toHaveProperty('afterId');
    const both = await admin.request(`/api/v1/tasks/${ids.C}/move`, {
      method: 'POST',
      json: { status: 'review', afterId: ids.A, index: 0 },
    });
    expect(both.status).toBe(400);
    // Nothing moved.
    expect((await getJson<TaskDetails>(admin, `/api/v1/tasks/${ids.C}`)).status).toBe('todo');
  });

  it('keeps the order when the gap between two cards wears out (the column is renumbered)', async () => {
    const gapProject = await build.project();
    const left = await build.task(gapProject.id, { title: 'Left' });
    const right = await build.task(gapProject.id, { title: 'Right' });
    const movers = [];
    for (let i = 0; i < 3; i++) movers.push(await build.task(gapProject.id, { title: `M${i}` }));
    // Squeeze the two neighbours together as a long series of midpoint drops would.
    await server.platform.database.db.execute(
      `update tasks set position = case when id = '${left.id}' then 1 else 1 + 1e-9 end
       where tenant_id = '${tenantId}' and id in ('${left.id}', '${right.id}')`,
    );
    for (const mover of movers) {
      await send(admin, 'POST', `/api/v1/tasks/${mover.id}/move`, { status: 'todo', afterId: left.id });
    }
    const b = await board(admin, gapProject.id);
    expect(titles(b, 'todo')).toEqual(['Left', 'M2', 'M1', 'M0', 'Right']);
    const positions = column(b, 'todo').tasks.map((t) => t.position);
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('filters the board by assignee and priority', async () => {
    const { project } = await newBoard();
    const assigneeId = (await build.employee()).id;
    await build.task(project.id, { title: 'Mine', assigneeId, priority: 'high' });
    const mine = await board(admin, project.id, `&assigneeId=${assigneeId}`);
    expect(mine.columns.flatMap((c) => c.tasks.map((t) => t.title))).toEqual(['Mine']);
    expect(column(mine, 'todo').count).toBe(1);
    const high = await board(admin, project.id, '&priority=high');
    expect(high.columns.flatMap((c) => c.tasks.map((t) => t.title))).toEqual(['Mine']);
    const unassigned = await board(admin, project.id, '&assigneeId=unassigned');
    expect(unassigned.columns.reduce((sum, c) => sum + c.count, 0)).toBe(4);
  });

  it('opens the first project by name without a project id', async () => {
    // The other tests' projects are named Project-…: this one comes first.
    const { project } = await newBoard({ name: 'A Board Project' });
    const b = await getJson<TaskBoard>(admin, '/api/v1/tasks/board');
    expect(b.project?.name).toBe(project.name);
  });
});

describe('edit, delete, comments and subtasks', () => {
  let admin: SessionClient;
  let adminEmployeeId: string;
  let build: ReturnType<typeof fixtures>;

  beforeAll(async () => {
    const signedUp = await signUp(server, { companyName: 'Tasks Edit Co', name: 'Edna Editor' });
    admin = signedUp.client;
    adminEmployeeId = signedUp.me.employeeId!;
    build = fixtures(admin);
  });

  /** A project of the test's own with a task 'Draft spec' (4 hours) and a task already done. */
  async function newProject() {
    const project = await build.project();
    const task = await build.task(project.id, { title: 'Draft spec', estimatedHours: 4 });
    await build.task(project.id, { title: 'Already done', status: 'done' });
    return { project, task };
  }

  it('updates the fields sent; a new status goes to the end of that column and recounts progress', async () => {
    const { project, task } = await newProject();
    const updated = await send<TaskDetails>(admin, 'PATCH', `/api/v1/tasks/${task.id}`, {
      title: 'Draft the spec',
      actualHours: 5.5,
      priority: 'high',
      status: 'done',
      version: task.version,
    });
    expect(updated).toMatchObject({
      title: 'Draft the spec',
      actualHours: 5.5,
      priority: 'high',
      status: 'done',
      version: task.version + 1,
    });
    const done = column(await board(admin, project.id), 'done').tasks.map((t) => t.title);
    expect(done).toEqual(['Already done', 'Draft the spec']);
    expect((await getJson<ProjectDetails>(admin, `/api/v1/projects/${project.id}`)).progress).toBe(100);

    const stale = await admin.request(`/api/v1/tasks/${task.id}`, {
      method: 'PATCH',
      json: { title: 'Lost', version: task.version },
    });
    expect(stale.status).toBe(412);
    const missingVersion = await admin.request(`/api/v1/tasks/${task.id}`, {
      method: 'PATCH',
      json: { title: 'x' },
    });
    expect((await errorOf(missingVersion)).fields).toHaveProperty('version');
  });

  it('adds comments by the signed-in member’s employee', async () => {
    const { task } = await newProject();
    const comment = await send<TaskComment>(
      admin,
      'POST',
      `/api/v1/tasks/${task.id}/comments`,
      { content: '  Looks good  ' },
      201,
    );
    expect(comment).toMatchObject({
      content: 'Looks good',
      author: { id: adminEmployeeId, name: 'Edna Editor' },
    });
    const empty = await admin.request(`/api/v1/tasks/${task.id}/comments`, {
      method: 'POST',
      json: { content: ' ' },
    });
    expect((await errorOf(empty)).fields).toEqual({ content: 'Write a comment' });
    const list = await getJson<{ data: TaskComment[] }>(admin, `/api/v1/tasks/${task.id}/comments`);
    expect(list.data.map((c) => c.content)).toEqual(['Looks good']);
  });

  it('adds, checks off and deletes subtasks; the counts follow', async () => {
    const { task } = await newProject();
    await build.comment(task.id);
    const first = await send<Subtask>(
      admin,
      'POST',
      `/api/v1/tasks/${task.id}/subtasks`,
      { title: 'Outline' },
      201,
    );
    const second = await send<Subtask>(
      admin,
      'POST',
      `/api/v1/tasks/${task.id}/subtasks`,
      { title: 'Review' },
      201,
    );
    expect(second.position).toBeGreaterThan(first.position);
    const checked = await send<Subtask>(admin, 'PATCH', `/api/v1/tasks/${task.id}/subtasks/${first.id}`, {
      completed: true,
    });
    expect(checked).toMatchObject({ completed: true, version: first.version + 1 });
    const stale = await admin.request(`/api/v1/tasks/${task.id}/subtasks/${first.id}`, {
      method: 'PATCH',
      json: { title: 'Old', version: first.version },
    });
    expect(stale.status).toBe(412);

    let details = await getJson<TaskDetails>(admin, `/api/v1/tasks/${task.id}`);
    expect(details).toMatchObject({ subtaskDone: 1, subtaskTotal: 2, commentCount: 1 });
    expect(details.subtasks.map((s) => s.title)).toEqual(['Outline', 'Review']);
    expect(details.comments).toHaveLength(1);

    await send(admin, 'DELETE', `/api/v1/tasks/${task.id}/subtasks/${second.id}`, undefined, 204);
    details = await getJson<TaskDetails>(admin, `/api/v1/tasks/${task.id}`);
    expect(details).toMatchObject({ subtaskDone: 1, subtaskTotal: 1 });
    const summaries = await activity(admin);
    expect(summaries).toContain(`completed subtask 'Outline' of '${task.title}'`);
    expect(summaries).toContain(`commented on '${task.title}'`);
  });

  it('deletes a task and recounts progress', async () => {
    const { project, task } = await newProject();
    await send(admin, 'POST', `/api/v1/tasks/${task.id}/move`, { status: 'done' });
    const extra = await build.task(project.id, { title: 'Extra' });
    expect((await getJson<ProjectDetails>(admin, `/api/v1/projects/${project.id}`)).progress).toBe(67);
    await send(admin, 'DELETE', `/api/v1/tasks/${extra.id}`, undefined, 204);
    expect((await admin.request(`/api/v1/tasks/${extra.id}`)).status).toBe(404);
    expect((await getJson<ProjectDetails>(admin, `/api/v1/projects/${project.id}`)).progress).toBe(100);
    expect(await activity(admin)).toContain("deleted task 'Extra'");
  });
});

describe('bulk actions (spec 2: Mark To Do, Mark In Progress, Mark Done, Delete)', () => {
  let admin: SessionClient;
  let build: ReturnType<typeof fixtures>;

  beforeAll(async () => {
    admin = (await signUp(server, { companyName: 'Tasks Bulk Co' })).client;
    build = fixtures(admin);
  });

  /** A project of the test's own with the tasks One, Two, Three and Four. */
  async function newProject(statuses: Partial<Record<string, TaskStatus>> = {}) {
    const project = await build.project();
    const tasks: TaskDetails[] = [];
    for (const title of ['One', 'Two', 'Three', 'Four'])
      tasks.push(await build.task(project.id, { title, status: statuses[title] ?? 'todo' }));
    return { project, tasks };
  }

  it('changes nothing when any id fails (all or nothing)', async () => {
    const { project, tasks } = await newProject();
    const unknown = randomUUID();
    const response = await admin.request('/api/v1/tasks/bulk', {
      method: 'POST',
      json: { ids: [tasks[0]!.id, unknown, tasks[1]!.id], action: 'done' },
    });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).fields).toEqual({ 'ids.1': 'Task not found' });
    const b = await board(admin, project.id);
    expect(column(b, 'done').count).toBe(0);

    const deleteAttempt = await admin.request('/api/v1/tasks/bulk', {
      method: 'POST',
      json: { ids: [tasks[2]!.id, randomUUID()], action: 'delete' },
    });
    expect(deleteAttempt.status).toBe(404);
    expect(column(await board(admin, project.id), 'todo').count).toBe(4);
  });

  it('marks tasks done in their order and recounts progress', async () => {
    const { project, tasks } = await newProject();
    const result = await send<BulkTaskResult>(admin, 'POST', '/api/v1/tasks/bulk', {
      ids: [tasks[2]!.id, tasks[0]!.id],
      action: 'done',
    });
    expect(result).toEqual({ action: 'done', count: 2, ids: [tasks[2]!.id, tasks[0]!.id] });
    const b = await board(admin, project.id);
    expect(titles(b, 'done')).toEqual(['One', 'Three']);
    expect(titles(b, 'todo')).toEqual(['Two', 'Four']);
    expect((await getJson<ProjectDetails>(admin, `/api/v1/projects/${project.id}`)).progress).toBe(50);

    await send(admin, 'POST', '/api/v1/tasks/bulk', { ids: [tasks[0]!.id], action: 'in-progress' });
    expect(titles(await board(admin, project.id), 'in-progress')).toEqual(['One']);
    expect(await activity(admin)).toContain("moved 'One' to In Progress");
  });

  it('deletes the selected tasks', async () => {
    const { project, tasks } = await newProject({ One: 'in-progress', Three: 'done' });
    await send(admin, 'POST', '/api/v1/tasks/bulk', { ids: [tasks[1]!.id, tasks[3]!.id], action: 'delete' });
    const b = await board(admin, project.id);
    expect(b.columns.reduce((sum, c) => sum + c.count, 0)).toBe(2);
    // Three is done, One in progress: 50%.
    expect((await getJson<ProjectDetails>(admin, `/api/v1/projects/${project.id}`)).progress).toBe(50);
  });

  it('keeps the task list total through creates and deletes, and counts projects written elsewhere', async () => {
    // A workspace of its own, so the totals are this test's two tasks.
    const { client, me } = await signUp(server, { companyName: 'Tasks Total Co' });
    const tenantId = me.workspace.id;
    const inWorkspace = fixtures(client);
    const project = await inWorkspace.project();
    await inWorkspace.task(project.id);
    await inWorkspace.task(project.id);
    const total = async (query = '') =>
      (await getJson<TaskListResponse>(client, `/api/v1/tasks?${query}`)).total;
    expect(await total()).toBe(2);
    const extra = await inWorkspace.task(project.id);
    expect(await total()).toBe(3);
    await send(client, 'DELETE', `/api/v1/tasks/${extra.id}`, undefined, 204);
    expect(await total()).toBe(2);

    // Written straight to the database (no kept task count): its tasks are counted instead.
    const db = server.platform.database.db;
    const [imported] = await db
      .insert(schema.projects)
      .values({ tenantId, name: 'Imported', startDate: today })
      .returning({ id: schema.projects.id });
    await db.insert(schema.tasks).values(
      ['Imported one', 'Imported two'].map((title, i) => ({
        tenantId,
        projectId: imported!.id,
        title,
        estimatedHours: 1,
        position: i + 1,
      })),
    );
    // A write behind the API's back announces nothing: the kept totals would outlive it (ADR 012).
    server.platform.workspaceMemo.forget(tenantId);
    expect(await total()).toBe(4);
    expect(await total(`projectId=${imported!.id}`)).toBe(2);
    expect(await total(`projectId=${project.id}`)).toBe(2);
  });
});

describe('task list: search, filters, sorts (spec 9) and pages', () => {
  let admin: SessionClient;
  let alpha: ProjectDetails;
  let beta: ProjectDetails;
  let zed: string;
  let amy: string;

  beforeAll(async () => {
    admin = (await signUp(server, { companyName: 'Tasks List Co' })).client;
    const build = fixtures(admin);
    zed = (await build.employee({ firstName: 'Zed', lastName: 'Zulu' })).id;
    amy = (await build.employee({ firstName: 'Amy', lastName: 'Able' })).id;
    alpha = await build.project([], { name: 'Alpha' });
    beta = await build.project([], { name: 'Beta' });
    const specs: CreateTaskInput[] = [
      {
        projectId: alpha.id,
        title: 'Overdue login fix',
        dueDate: addCalendarDays(today, -1),
        priority: 'high',
        assigneeId: zed,
      },
      {
        projectId: alpha.id,
        title: 'Done long ago',
        dueDate: addCalendarDays(today, -10),
        status: 'done',
        priority: 'low',
      },
      { projectId: alpha.id, title: 'Due today', dueDate: today, status: 'review', assigneeId: amy },
      {
        projectId: beta.id,
        title: 'In a week',
        dueDate: addCalendarDays(today, 7),
        status: 'in-progress',
        priority: 'low',
        estimatedHours: 3,
        actualHours: 9,
      },
      {
        projectId: beta.id,
        title: 'Next month',
        dueDate: addCalendarDays(today, 30),
        priority: 'high',
        estimatedHours: 12,
      },
      { projectId: beta.id, title: 'Someday login', estimatedHours: 1, tags: ['a', 'b', 'c'] },
      { projectId: alpha.id, title: 'Another undated', priority: 'low', assigneeId: amy },
    ];
    for (const { projectId, ...spec } of specs) await build.task(projectId, spec);
  });

  const list = (query: string) => getJson<TaskListResponse>(admin, `/api/v1/tasks?${query}`);
  const titlesOf = (page: TaskListResponse) => page.data.map((t) => t.title);

  /** Every page of a sort, following the cursors. */
  async function allPages(query: string) {
    const seen: TaskSummary[] = [];
    let cursor: string | null = null;
    do {
      const page: TaskListResponse = await list(`${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  }

  it('sorts by due date ascending by default, tasks without one last', async () => {
    const first = await list('');
    expect(first.total).toBe(7);
    expect(titlesOf(first).slice(0, 5)).toEqual([
      'Done long ago',
      'Overdue login fix',
      'Due today',
      'In a week',
      'Next month',
    ]);
    expect(titlesOf(first).slice(5).sort()).toEqual(['Another undated', 'Someday login']);
    expect(first.data.find((t) => t.title === 'Overdue login fix')!.overdue).toBe(true);
    expect(first.data.find((t) => t.title === 'Done long ago')!.overdue).toBe(false);
    expect(first.data.find((t) => t.title === 'Someday login')!.tags).toEqual(['a', 'b', 'c']);
  });

  it('pages every sort in the same order as the shared comparator, both directions', async () => {
    const sorts: TaskSortKey[] = ['dueDate', 'priority', 'status', 'title', 'project', 'assignee', 'hours'];
    for (const sort of sorts) {
      for (const order of ['asc', 'desc'] as const) {
        const paged = await allPages(`sort=${sort}&order=${order}`);
        expect(paged, `${sort} ${order}`).toHaveLength(7);
        const expected = [...paged].sort(compareTasks(sort, order));
        expect(
          paged.map((t) => t.id),
          `${sort} ${order}`,
        ).toEqual(expected.map((t) => t.id));
      }
    }
    const byPriority = await allPages('sort=priority&order=asc');
    expect(byPriority.map((t) => t.priority)).toEqual([
      'low',
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
    const byStatus = await allPages('sort=status&order=desc');
    expect(byStatus.map((t) => t.status).slice(0, 3)).toEqual(['done', 'review', 'in-progress']);
    const byDueDesc = await allPages('sort=dueDate&order=desc');
    expect(byDueDesc.slice(-2).every((t) => t.dueDate === null)).toBe(true);
    const byAssignee = await allPages('sort=assignee');
    expect(byAssignee.map((t) => t.assignee?.name ?? null).slice(0, 3)).toEqual([
      'Amy Able',
      'Amy Able',
      'Zed Zulu',
    ]);
  });

  it('filters by due date (Overdue, Due Today, This Week, No Due Date)', async () => {
    expect(titlesOf(await list('due=overdue'))).toEqual(['Overdue login fix']);
    expect(titlesOf(await list('due=today'))).toEqual(['Due today']);
    expect(titlesOf(await list('due=week'))).toEqual(['Due today', 'In a week']);
    expect(titlesOf(await list('due=none&sort=title'))).toEqual(['Another undated', 'Someday login']);
    expect((await list('due=all')).total).toBe(7);
  });

  it('searches titles and filters by project, status, priority and assignee', async () => {
    expect(titlesOf(await list('q=login&sort=title'))).toEqual(['Overdue login fix', 'Someday login']);
    expect(titlesOf(await list('q=LOGIN%20fix'))).toEqual(['Overdue login fix']);
    expect((await list(`projectId=${beta.id}`)).total).toBe(3);
    expect(titlesOf(await list('status=review'))).toEqual(['Due today']);
    expect((await list('priority=high')).total).toBe(2);
    expect(titlesOf(await list(`assigneeId=${amy}&sort=title`))).toEqual(['Another undated', 'Due today']);
    expect((await list('assigneeId=unassigned')).total).toBe(4);
    expect((await admin.request('/api/v1/tasks?due=tomorrow')).status).toBe(400);
    expect((await admin.request('/api/v1/tasks?sort=colour')).status).toBe(400);
  });

  it('filters by several statuses at once, "open" for everything not done (issue 20)', async () => {
    expect(titlesOf(await list('status=review,in-progress'))).toEqual(['Due today', 'In a week']);
    // The parameter repeated means the same, rather than its first value alone.
    expect(titlesOf(await list('status=review&status=in-progress'))).toEqual(['Due today', 'In a week']);
    const open = await list('status=open&sort=title');
    expect(open.total).toBe(6);
    expect(titlesOf(open)).not.toContain('Done long ago');
    // "My open high-priority tasks", the question a single status could not ask.
    expect(titlesOf(await list(`status=open&priority=high&assigneeId=${zed}`))).toEqual([
      'Overdue login fix',
    ]);
    expect(titlesOf(await list('status=open&priority=high&sort=title'))).toEqual([
      'Next month',
      'Overdue login fix',
    ]);
    // Every status is no filter; an unknown one is refused.
    expect((await list('status=open,done')).total).toBe(7);
    expect((await admin.request('/api/v1/tasks?status=todo,later')).status).toBe(400);
  });

  it('shows the hours fields and badge counts on rows', async () => {
    const row = (await list('q=week')).data[0]!;
    expect(row).toMatchObject({ estimatedHours: 3, actualHours: 9, project: { id: beta.id, name: 'Beta' } });
  });
});

describe('who reaches which task', () => {
  let admin: SessionClient;
  let contractor: SessionClient;
  let other: SessionClient;
  let theirs: ProjectDetails;
  let hidden: ProjectDetails;
  let visibleTask: TaskDetails;
  let hiddenTask: TaskDetails;

  beforeAll(async () => {
    admin = (await signUp(server, { companyName: 'Tasks Access Co' })).client;
    const build = fixtures(admin);
    const added = await addMember(server, admin, 'contractor');
    contractor = added.client;
    theirs = await build.project([added.me.employeeId!]);
    hidden = await build.project();
    visibleTask = await build.task(theirs.id, { title: 'Visible' });
    hiddenTask = await build.task(hidden.id);
    other = (await signUp(server, { companyName: 'Tasks Other Co' })).client;
  });

  it('lets a Contractor list, open and move only the tasks of their projects', async () => {
    const page = await getJson<TaskListResponse>(contractor, '/api/v1/tasks');
    expect(page.data.map((t) => t.title)).toEqual(['Visible']);
    expect((await contractor.request(`/api/v1/tasks/${hiddenTask.id}`)).status).toBe(404);
    expect((await contractor.request(`/api/v1/tasks/board?projectId=${hidden.id}`)).status).toBe(404);
    const board = await getJson<TaskBoard>(contractor, '/api/v1/tasks/board');
    expect(board.project?.id).toBe(theirs.id);

    const moveHidden = await contractor.request(`/api/v1/tasks/${hiddenTask.id}/move`, {
      method: 'POST',
      json: { status: 'done' },
    });
    expect(moveHidden.status).toBe(404);
    const moved = await send<TaskCard>(contractor, 'POST', `/api/v1/tasks/${visibleTask.id}/move`, {
      status: 'review',
    });
    expect(moved.status).toBe('review');

    const createHidden = await contractor.request('/api/v1/tasks', {
      method: 'POST',
      json: { projectId: hidden.id, title: 'Sneaky' },
    });
    expect(createHidden.status).toBe(422);
    const bulk = await contractor.request('/api/v1/tasks/bulk', {
      method: 'POST',
      json: { ids: [visibleTask.id, hiddenTask.id], action: 'done' },
    });
    expect(bulk.status).toBe(404);
    expect((await errorOf(bulk)).fields).toEqual({ 'ids.1': 'Task not found' });
    expect((await getJson<TaskDetails>(admin, `/api/v1/tasks/${hiddenTask.id}`)).status).toBe('todo');
  });

  it('answers 404 for another workspace’s tasks, and changes nothing there', async () => {
    for (const [method, path, json] of [
      ['GET', `/api/v1/tasks/${visibleTask.id}`, undefined],
      ['PATCH', `/api/v1/tasks/${visibleTask.id}`, { title: 'Taken', version: visibleTask.version }],
      ['POST', `/api/v1/tasks/${visibleTask.id}/move`, { status: 'done' }],
      ['DELETE', `/api/v1/tasks/${visibleTask.id}`, undefined],
      ['GET', `/api/v1/tasks/${visibleTask.id}/comments`, undefined],
      ['POST', '/api/v1/tasks/bulk', { ids: [visibleTask.id], action: 'delete' }],
      ['GET', `/api/v1/tasks/board?projectId=${theirs.id}`, undefined],
    ] as const) {
      const response = await other.request(path, { method, ...(json ? { json } : {}) });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const other422 = await other.request('/api/v1/tasks', {
      method: 'POST',
      json: { projectId: theirs.id, title: 'x' },
    });
    expect(other422.status).toBe(422);
    expect((await getJson<TaskListResponse>(other, '/api/v1/tasks')).total).toBe(0);
    expect((await getJson<TaskDetails>(admin, `/api/v1/tasks/${visibleTask.id}`)).title).toBe('Visible');
  });
});
