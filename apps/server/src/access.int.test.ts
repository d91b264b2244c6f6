import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, roles, type Action, type Role } from '@atrium/shared';
import { openEventStream } from './testing/event-stream-client';
import { addMember, invite, signUp, type SessionClient } from './testing/session-client';
import { startTestServer, type TestServer } from './testing/test-server';

/**
 * Access rules checked for every API route, enumerated from the router itself: a route added
 * tomorrow is covered without editing this file (issue 3, "not a hand-kept list").
 */
let server: TestServer;
const clients = {} as Record<Role, SessionClient>;
let otherWorkspace: { admin: SessionClient; ids: string[]; secrets: string[] };

type Endpoint = { method: string; path: string; action?: Action; memberOnly: boolean };

function endpoints(): Endpoint[] {
  const routes = server.app.routes.filter((r) => r.path.startsWith('/api/v1'));
  const pathMatches = (pattern: string, path: string) =>
    pattern === path || (pattern.endsWith('/*') && (path + '/').startsWith(pattern.slice(0, -1)));
  const seen = new Map<string, Endpoint>();
  for (const route of routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const handlers = routes.filter((r) => r.path === route.path && r.method === route.method);
    const guard = handlers
      .map((r) => (r.handler as { requiredAction?: Action }).requiredAction)
      .find(Boolean);
    const memberOnly = routes.some(
      (r) => (r.handler as { requiresMember?: true }).requiresMember && pathMatches(r.path, route.path),
    );
    seen.set(key, { method: route.method, path: route.path, action: guard, memberOnly });
  }
  return [...seen.values()];
}

/**
 * A body each mutation accepts as valid, so a refusal proves the access rule and not a validation
 * error. A new mutation without an entry here fails the test until one is added.
 */
const validBodies: Record<string, unknown> = {
  'POST /api/v1/me/workspace': { workspaceId: '{id}' },
  // Every test member's password (session-client); a wrong one would answer 401 like a missing session.
  'POST /api/v1/me/password': {
    currentPassword: 'correct horse battery',
    newPassword: 'correct horse battery',
  },
  'PATCH /api/v1/members/:id': { role: 'employee', version: 1 },
  'POST /api/v1/members/invitations': { email: 'someone-new@example.com', role: 'employee' },
  'DELETE /api/v1/members/invitations/:id': undefined,
  'PATCH /api/v1/workspace': {
    name: 'Renamed',
    timeZone: 'UTC',
    weekStart: 0,
    workdayStart: '09:00',
    workdayEnd: '17:00',
    breakMinutes: 60,
    weeklyHours: 40,
    version: 1,
  },
  'POST /api/v1/employees': {
    firstName: 'Access',
    lastName: 'Check',
    email: 'access-check@example.com',
    department: 'Engineering',
    jobTitle: 'Engineer',
    startDate: '2025-01-06',
    salary: 50000,
  },
  'PATCH /api/v1/employees/:id': { jobTitle: 'Senior Engineer', version: 1 },
  'DELETE /api/v1/employees/:id': undefined,
  'POST /api/v1/employees/:id/restore': undefined,
  'POST /api/v1/time-entries/clock-in': {},
  'POST /api/v1/time-entries/:id/clock-out': undefined,
  'POST /api/v1/time-entries/:id/approve': undefined,
  'POST /api/v1/time-entries/:id/reject': undefined,
  'POST /api/v1/time-entries/bulk': { ids: ['{id}'], decision: 'approve' },
  'POST /api/v1/time-entries': {
    employeeId: '{id}',
    clockIn: '2025-01-06T09:00:00Z',
    clockOut: '2025-01-06T17:00:00Z',
    notes: 'Forgot to clock in',
  },
  'PATCH /api/v1/time-entries/:id': { clockOut: '2025-01-06T17:00:00Z', note: 'Left at five', version: 1 },
  'POST /api/v1/scheduling/shifts': {
    employeeId: '{id}',
    date: '2025-03-03',
    startTime: '09:00',
    endTime: '17:00',
  },
  'PATCH /api/v1/scheduling/shifts/:id': { startTime: '10:00', version: 1 },
  'DELETE /api/v1/scheduling/shifts/:id': undefined,
  'POST /api/v1/scheduling/templates/apply': {
    template: 'full-time',
    employeeIds: ['{id}'],
    weekStart: '2025-03-02',
  },
  'POST /api/v1/scheduling/copy-week': { fromWeekStart: '2025-02-23', toWeekStart: '2025-03-02' },
  'POST /api/v1/performance/reviews': { employeeId: '{id}', period: 'Q4 2024', overallRating: 4 },
  'POST /api/v1/performance/goals': { employeeId: '{id}', title: 'Ship it', targetDate: '2025-12-31' },
  'PATCH /api/v1/performance/goals/:id': { progress: 50, version: 1 },
  'POST /api/v1/performance/goals/:id/complete': undefined,
  'POST /api/v1/projects': { name: 'Access check project' },
  'PATCH /api/v1/projects/:id': { name: 'Renamed project', version: 1 },
  'POST /api/v1/projects/:id/status': { status: 'active' },
  'DELETE /api/v1/projects/:id': undefined,
  'POST /api/v1/tasks': { projectId: '{id}', title: 'Access check task' },
  'POST /api/v1/tasks/bulk': { ids: ['{id}'], action: 'done' },
  'PATCH /api/v1/tasks/:id': { title: 'Renamed task', version: 1 },
  'DELETE /api/v1/tasks/:id': undefined,
  'POST /api/v1/tasks/:id/move': { status: 'done' },
  'POST /api/v1/tasks/:id/comments': { content: 'Access check comment' },
  'POST /api/v1/tasks/:id/subtasks': { title: 'Access check subtask' },
  'PATCH /api/v1/tasks/:id/subtasks/:subtaskId': { completed: true },
  'DELETE /api/v1/tasks/:id/subtasks/:subtaskId': undefined,
  'POST /api/v1/calendar/events': {
    title: 'Access check meeting',
    date: '2099-03-02',
    startTime: '09:00',
    endTime: '10:00',
  },
};

function call(client: SessionClient, endpoint: Endpoint, id: string) {
  const path = endpoint.path.replace(/:[a-zA-Z]+/g, id);
  const key = `${endpoint.method} ${endpoint.path}`;
  const init: RequestInit & { json?: unknown } = { method: endpoint.method };
  if (endpoint.method !== 'GET') {
    expect(key in validBodies, `add a valid sample body for ${key} to validBodies`).toBe(true);
    const body = validBodies[key];
    if (body !== undefined) init.json = JSON.parse(JSON.stringify(body).replaceAll('{id}', id));
  }
  return client.request(path, init);
}

/** An event stream (GET /api/v1/events) never ends: its first message stands for the body. */
async function readBody(response: Response) {
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) return response.text();
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

beforeAll(async () => {
  server = await startTestServer();
  const { client: admin } = await signUp(server, { companyName: 'Workspace A' });
  clients.admin = admin;
  for (const role of roles.filter((r) => r !== 'admin'))
    clients[role] = (await addMember(server, admin, role)).client;

  const b = await signUp(server, { companyName: 'Workspace B' });
  const bMember = await addMember(server, b.client, 'employee');
  const pending = await invite(server, b.client, `pending-${Date.now()}@example.com`, 'manager');
  const bMembers = (await (await b.client.request('/api/v1/members')).json()) as { data: { id: string }[] };
  otherWorkspace = {
    admin: b.client,
    ids: [b.me.workspace.id, pending, ...bMembers.data.map((m) => m.id)],
    secrets: [b.me.workspace.id, b.input.email, bMember.email],
  };
}, 180_000);
afterAll(() => server?.close());

describe('every API route', () => {
  it('is found by walking the router', () => {
    const found = endpoints().map((e) => `${e.method} ${e.path}`);
    expect(found).toContain('GET /api/v1/members');
    expect(found).toContain('PATCH /api/v1/workspace');
    expect(found.length).toBeGreaterThan(8);
  });

  it('answers 401 to a signed-out caller unless it is public', async () => {
    const anonymous = {
      request: (path: string, init?: RequestInit) => server.request(path, init),
      cookie: '',
    } as SessionClient;
    for (const endpoint of endpoints().filter((e) => e.memberOnly)) {
      const response = await call(anonymous, endpoint, randomUUID());
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(401);
    }
  });

  it('enforces the permission matrix for every role', async () => {
    const checked: string[] = [];
    for (const endpoint of endpoints().filter((e) => e.memberOnly)) {
      for (const role of roles) {
        const response = await call(clients[role], endpoint, randomUUID());
        const allowed = endpoint.action === undefined || can(role, endpoint.action);
        const label = `${role} ${endpoint.method} ${endpoint.path} (${endpoint.action ?? 'any member'})`;
        if (allowed) expect([401, 403], label).not.toContain(response.status);
        else expect(response.status, label).toBe(403);
        checked.push(label);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
  });

  it('never reaches another workspace’s records: 404, and nothing changes there', async () => {
    const before = await (await otherWorkspace.admin.request('/api/v1/members')).text();
    for (const endpoint of endpoints().filter((e) => e.memberOnly && e.path.includes('/:'))) {
      for (const id of otherWorkspace.ids) {
        const response = await call(clients.admin, endpoint, id);
        expect(response.status, `${endpoint.method} ${endpoint.path} with ${id}`).toBe(404);
      }
    }
    // Switching into a workspace one is not a member of is the same 404.
    for (const id of otherWorkspace.ids) {
      const response = await clients.admin.request('/api/v1/me/workspace', {
        method: 'POST',
        json: { workspaceId: id },
      });
      expect(response.status).toBe(404);
    }
    expect(await (await otherWorkspace.admin.request('/api/v1/members')).text()).toBe(before);
  });

  it('lists nothing of another workspace', async () => {
    for (const endpoint of endpoints().filter(
      (e) => e.memberOnly && e.method === 'GET' && !e.path.includes('/:'),
    )) {
      const body = await readBody(await call(clients.admin, endpoint, randomUUID()));
      for (const secret of otherWorkspace.secrets)
        expect(body, `${endpoint.path} leaks ${secret}`).not.toContain(secret);
    }
  });
});

describe('salary and hourly rate', () => {
  // What gives pay away: the fields, the activity log's "it changed" flag, and the amounts themselves.
  const salary = 123457;
  const raised = 134567;
  const hourlyRate = 61.75;
  const paySigns = [
    '"salary"',
    '"hourlyRate"',
    'compensationChanged',
    String(salary),
    String(raised),
    '61.75',
  ];

  it('never reach a role without people:view-compensation: on any GET route, in the activity feed or the event stream (issue 17)', async () => {
    // The walk is made as an Employee, who reads the directory and the activity feed but not pay.
    expect(can('employee', 'people:view-compensation')).toBe(false);
    expect(can('employee', 'activity:view')).toBe(true);
    const stream = await openEventStream(`${server.baseUrl}/api/v1/events`, {
      cookie: clients.employee.cookie,
    });
    await stream.waitFor((event) => event.event === 'ready');

    // A salaried person who then gets a raise: both changes are in the activity log.
    const created = await clients.admin.request('/api/v1/employees', {
      method: 'POST',
      json: {
        firstName: 'Paid',
        lastName: 'Person',
        email: `paid-${randomUUID()}@example.com`,
        department: 'Engineering',
        jobTitle: 'Engineer',
        startDate: '2025-01-06',
        salary,
        hourlyRate,
      },
    });
    expect(created.status).toBe(201);
    const person = (await created.json()) as { id: string; version: number };
    const raise = await clients.admin.request(`/api/v1/employees/${person.id}`, {
      method: 'PATCH',
      json: { salary: raised, jobTitle: 'Senior Engineer', version: person.version },
    });
    expect(raise.status).toBe(200);
    const heard = (action: string) =>
      stream.waitFor(
        (event) => event.event === 'change' && event.data.includes(person.id) && event.data.includes(action),
      );
    await heard('created');
    await heard('updated');

    // Every GET route, id routes with the salaried person's id.
    const walked: string[] = [];
    for (const endpoint of endpoints().filter((e) => e.memberOnly && e.method === 'GET')) {
      const response = await call(clients.employee, endpoint, person.id);
      expect(response.status, endpoint.path).toBeLessThan(500);
      const body = await readBody(response);
      for (const sign of paySigns) expect(body, `${endpoint.path} gives away ${sign}`).not.toContain(sign);
      walked.push(endpoint.path);
    }
    expect(walked).toContain('/api/v1/events');
    expect(walked.some((path) => path.startsWith('/api/v1/activity'))).toBe(true);

    // The feed does show the two entries about the person, without pay.
    const feed = await clients.employee.request('/api/v1/activity?limit=100');
    const entries = ((await feed.json()) as { data: { entityId: string }[] }).data;
    const about = entries.filter((entry) => entry.entityId === person.id);
    expect(about).toHaveLength(2);
    for (const sign of paySigns) expect(JSON.stringify(about)).not.toContain(sign);

    // Nor does anything the stream carried.
    for (const event of stream.events)
      for (const sign of paySigns) expect(event.data, `event stream gives away ${sign}`).not.toContain(sign);
    stream.close();
  });
});
