import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '@atrium/db/seed';
import { demoEmail, demoPassword, type Me } from '@atrium/shared';
import { logIn, sessionClient, type SessionClient } from './testing/session-client';
import { startTestServer, type TestServer } from './testing/test-server';

/**
 * Malformed input never answers 5xx (issue 17, item 5). Every write route and every list route is
 * enumerated from the router itself, so a route added tomorrow is fuzzed without editing this file,
 * and gets a few bodies and query strings of each kind: NUL, lone surrogates, huge strings, deep
 * nesting, __proto__ keys, wrong types, out-of-range numbers and dates, forged cursors. Bodies start
 * from a record the API itself answered for the same path, so most fields are valid and the bad
 * value gets as far as it can. Signed in as the demo workspace's admin.
 */
let server: TestServer;
let admin: SessionClient;

type Route = { method: string; path: string; memberOnly: boolean };

function appRoutes(): Route[] {
  const routes = server.app.routes.filter((r) => r.path.startsWith('/api/'));
  const pathMatches = (pattern: string, path: string) =>
    pattern === path || (pattern.endsWith('/*') && (path + '/').startsWith(pattern.slice(0, -1)));
  const found = new Map<string, Route>();
  for (const route of routes) {
    // Middleware (ALL) and the auth library's catch-all, which takes no field of ours.
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    const memberOnly = routes.some(
      (r) => (r.handler as { requiresMember?: true }).requiresMember && pathMatches(r.path, route.path),
    );
    found.set(`${route.method} ${route.path}`, { method: route.method, path: route.path, memberOnly });
  }
  return [...found.values()];
}

// ---- real ids and records, read from the API's own answers ---------------------------------------

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids by collection: the key of the array they were listed in ('shifts', 'subtasks' ...). */
const idsOf = new Map<string, string[]>();
/** What GET answered for a filled path: the base of the bodies sent to the same path. */
const answers = new Map<string, unknown>();

function collectIds(value: unknown, key: string) {
  if (Array.isArray(value)) {
    for (const item of value) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && uuidPattern.test(id)) idsOf.set(key, [...(idsOf.get(key) ?? []), id]);
      collectIds(item, key);
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collectIds(v, k === 'data' ? key : k);
  }
}

const lastSegment = (path: string) =>
  path
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .at(-1) ?? '';

/** A real id for each `:param` (from the collection named by the segment before it), else a random one. */
function fill(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) =>
      segment.startsWith(':') ? (idsOf.get(segments[i - 1]!)?.[0] ?? randomUUID()) : segment,
    )
    .join('/');
}

async function read(response: Response): Promise<string> {
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return '';
  }
  return response.text();
}

// ---- the payloads --------------------------------------------------------------------------------

const nul = 'Fuzz\u0000text';
const surrogate = 'Fuzz \ud800 text';
const huge = 'x'.repeat(20_000);
const farFuture = '9999-12-31';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
const isInstant = (s: string) => /^\d{4}-\d{2}-\d{2}T/.test(s);
/** Free text, as opposed to ids, dates, times, emails and enum values, which have their own formats. */
const isFreeText = (s: string) =>
  !uuidPattern.test(s) &&
  !isDate(s) &&
  !isInstant(s) &&
  !/^\d\d:\d\d$/.test(s) &&
  !s.includes('@') &&
  !/^[a-z0-9-]*$/.test(s);

/** The same JSON value with each leaf passed through `leaf`. */
function mapLeaves(value: unknown, leaf: (value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, leaf));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, leaf)]));
  return leaf(value);
}

const textFields = [
  'name',
  'title',
  'description',
  'content',
  'notes',
  'note',
  'period',
  'feedback',
  'nextPeriodGoals',
  'firstName',
  'lastName',
  'department',
  'jobTitle',
  'companyName',
  'client',
  'location',
];
const dateFields = [
  'date',
  'startDate',
  'endDate',
  'dueDate',
  'targetDate',
  'weekStart',
  'fromWeekStart',
  'toWeekStart',
];
const instantFields = ['clockIn', 'clockOut', 'from', 'to'];
const numberFields = [
  'version',
  'salary',
  'budget',
  'progress',
  'overallRating',
  'breakMinutes',
  'estimatedHours',
  'index',
  'weeklyHours',
];

let emails = 0;
/** Fields most write routes take, valid but for the text, so a route that reads them gets that far. */
const generic = (text: string) => ({
  ...Object.fromEntries(textFields.map((field) => [field, text])),
  email: `fuzz-${++emails}@example.com`,
  password: 'correct horse battery staple',
});

type Body = { kind: string; json?: unknown; raw?: string };

function bodies(base: unknown): Body[] {
  const record = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
  const withText = (text: string) => ({
    ...generic(text),
    ...(mapLeaves(record, (v) => (typeof v === 'string' && isFreeText(v) ? text : v)) as object),
  });
  const withLeaves = (fields: string[], value: unknown, leaf: (v: unknown) => unknown) => ({
    ...generic('Fuzz'),
    ...(mapLeaves(record, leaf) as object),
    ...Object.fromEntries(fields.map((field) => [field, value])),
  });
  const proto = { ...generic('Fuzz'), ...record };
  Object.defineProperty(proto, '__proto__', {
    value: { polluted: true, role: 'admin', version: 1 },
    enumerable: true,
  });
  Object.defineProperty(proto, 'constructor', { value: { prototype: { polluted: true } }, enumerable: true });
  const deep = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  return [
    { kind: 'NUL in text', json: withText(nul) },
    { kind: 'lone surrogate in text', json: withText(surrogate) },
    { kind: 'huge text', json: withText(huge) },
    { kind: '__proto__ keys', json: proto },
    {
      kind: 'deep nesting in a field',
      raw: JSON.stringify({ ...generic('Fuzz'), ...record }).replace(/^\{/, `{"nested":${deep(5000)},`),
    },
    { kind: 'deep nesting as the body', raw: '['.repeat(10_000) + ']'.repeat(10_000) },
    {
      kind: 'wrong types',
      json: mapLeaves({ ...generic('Fuzz'), ...record }, (v) =>
        typeof v === 'string'
          ? 12345
          : typeof v === 'number'
            ? 'twelve'
            : typeof v === 'boolean'
              ? 'yes'
              : {},
      ),
    },
    { kind: 'a string as the body', json: nul },
    { kind: 'null as the body', json: null },
    {
      kind: 'huge numbers',
      json: withLeaves(numberFields, 1e308, (v) => (typeof v === 'number' ? 1e308 : v)),
    },
    {
      kind: 'int overflow',
      json: withLeaves(numberFields, 2 ** 31, (v) => (typeof v === 'number' ? -(2 ** 31) - 1 : v)),
    },
    {
      kind: 'dates at the end of time',
      json: {
        ...withLeaves(dateFields, farFuture, (v) =>
          typeof v === 'string' && isDate(v)
            ? farFuture
            : typeof v === 'string' && isInstant(v)
              ? `${farFuture}T23:59:59Z`
              : v,
        ),
        ...Object.fromEntries(instantFields.map((field) => [field, `${farFuture}T23:59:59Z`])),
      },
    },
    {
      kind: 'dates before the start of time',
      json: withLeaves([...dateFields, ...instantFields], '0000-01-01', (v) =>
        typeof v === 'string' && (isDate(v) || isInstant(v)) ? '0000-01-01' : v,
      ),
    },
  ];
}

/** Cursors no page ever issued: wrong kinds, wrong lengths, NUL, not JSON, not base64. */
const forgedCursors = [
  'WyJ6enp6Iiwibm90LWEtdXVpZCJd',
  b64(['Smith', 'Ann', 'not-a-uuid']),
  b64(['a\u0000', randomUUID()]),
  b64(['a\u0000', 'b', randomUUID()]),
  b64([null, null, null]),
  b64(['2024-02-30', randomUUID()]),
  b64(['2025-13-45', randomUUID()]),
  b64([1e308, randomUUID()]),
  b64([2 ** 31, 'x', randomUUID()]),
  b64({ after: 1 }),
  '!!not base64!!',
];

/** A real cursor with one value changed, one dropped or one added at a time. */
function tampered(cursor: string): string[] {
  const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
  const variants = values.flatMap((_, i) =>
    ['zzzz', null, 1e308, farFuture, '2025-13-45'].map((bad) =>
      b64(values.map((v, j) => (j === i ? bad : v))),
    ),
  );
  return [...variants, b64(values.slice(0, -1)), b64([...values, randomUUID()])];
}

const queryKinds: [string, string][] = [
  ['NUL in text', 'q=%00&department=%00&search=%00&period=%00'],
  ['invalid UTF-8 (a lone surrogate) in text', 'q=%ED%A0%80&department=%ED%A0%80'],
  ['huge text', `q=${'x'.repeat(6000)}`],
  ['__proto__ keys', '__proto__=1&__proto__[polluted]=1&constructor[prototype][polluted]=1'],
  ['wrong types', 'limit=abc&mine=maybe&rating=high&employeeId=%00&includeCancelled=2'],
  ['huge numbers', 'limit=1e308&rating=1e308'],
  ['negative numbers', 'limit=-2147483649&rating=-1'],
  ['dates at the end of time', `start=${farFuture}&from=${farFuture}&to=${farFuture}`],
  ['instants at the end of time', `from=${farFuture}T00:00:00Z&to=${farFuture}T23:59:59Z`],
  ['dates before the start of time', 'start=0000-01-01&from=0000-01-01&to=0000-01-02'],
];

// ---- the run -------------------------------------------------------------------------------------

async function signInAsAdmin() {
  admin.cookie = (await logIn(server, demoEmail('admin'), demoPassword)).client.cookie;
}

/** Some routes sign out or switch workspace: come back as the admin before the next route. */
async function stillAdmin() {
  const response = await admin.request('/api/v1/me');
  const me = response.status === 200 ? ((await response.json()) as Me) : undefined;
  if (me?.user.email !== demoEmail('admin')) await signInAsAdmin();
}

type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string> } };

/** The requests of the running test that answered 5xx: route, payload kind, answer. */
const failures: string[] = [];

async function send(
  client: SessionClient,
  method: string,
  path: string,
  kind: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const response = await client.request(path, { ...init, method });
  const body = await read(response);
  if (response.status >= 500)
    failures.push(`${method} ${path.slice(0, 160)} [${kind}] -> ${response.status} ${body.slice(0, 200)}`);
  const json = response.headers.get('content-type')?.includes('json')
    ? (JSON.parse(body) as unknown)
    : undefined;
  return { status: response.status, json };
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.platform.database, { scale: 'demo' });
  await server.services.accounts.ensureDemoLogins();
  admin = sessionClient(server);
  await signInAsAdmin();

  // Lists first, then the records they name: ids for every `:param`, and bases for the bodies.
  const gets = appRoutes().filter((r) => r.method === 'GET' && r.memberOnly);
  for (const pass of [false, true]) {
    for (const route of gets.filter((r) => r.path.includes('/:') === pass)) {
      const path = fill(route.path);
      const response = await admin.request(path);
      const text = await read(response);
      if (response.status !== 200 || !response.headers.get('content-type')?.includes('json')) continue;
      const answer = JSON.parse(text) as unknown;
      answers.set(path, answer);
      collectIds(answer, lastSegment(route.path));
    }
  }
}, 180_000);
afterAll(() => server?.close());

describe('malformed input never answers 5xx', () => {
  beforeEach(() => {
    failures.length = 0;
  });

  it('on any list route, whatever the query string', async () => {
    const lists = appRoutes().filter((r) => r.method === 'GET');
    expect(lists.length).toBeGreaterThan(20);
    for (const route of lists) {
      const client = route.memberOnly ? admin : sessionClient(server);
      const path = fill(route.path);
      for (const [kind, query] of queryKinds) await send(client, 'GET', `${path}?${query}`, kind);
      for (const cursor of forgedCursors)
        await send(client, 'GET', `${path}?cursor=${cursor}`, 'forged cursor');

      // Real cursors of each sort the route offers (its 400 names them), tampered with.
      const probe = await send(client, 'GET', `${path}?sort=%F0`, 'unknown sort');
      const sortMessage = probe.status === 400 ? (probe.json as ErrorAnswer).error.fields?.sort : undefined;
      const sorts = [undefined, ...[...(sortMessage ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1]!)];
      for (const sort of sorts) {
        const sorted = sort ? `sort=${sort}&` : '';
        const page = await send(client, 'GET', `${path}?${sorted}limit=1`, 'first page');
        const next =
          page.status === 200 ? (page.json as { nextCursor?: unknown } | null)?.nextCursor : undefined;
        if (typeof next !== 'string') continue;
        // The cursor as issued still turns the page: the checks refuse only what was tampered with.
        const second = await send(client, 'GET', `${path}?${sorted}cursor=${next}`, 'next page');
        if (second.status !== 200)
          failures.push(`GET ${path} sort=${sort ?? 'default'}: its own cursor -> ${second.status}`);
        for (const cursor of tampered(next))
          await send(
            client,
            'GET',
            `${path}?${sorted}cursor=${cursor}`,
            `tampered cursor (${sort ?? 'default sort'})`,
          );
      }
    }
    expect(failures).toEqual([]);
    // Every route of every module: the time grows with the API, past the default minute on a busy machine.
  }, 240_000);

  it('on any write route, whatever the body', async () => {
    const writes = appRoutes().filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(20);
    // Deletions last, so the records the other routes change are still there.
    writes.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const route of writes) {
      const path = fill(route.path);
      const base = answers.get(path);
      const record =
        base && typeof base === 'object' && 'data' in base && Array.isArray(base.data) ? base.data[0] : base;
      for (const body of bodies(record)) {
        // Public routes (sign-up, sign-in, invitations) get a client of their own: one that signs up
        // or accepts an invitation must not become the admin's session.
        const client = route.memberOnly ? admin : sessionClient(server);
        const init =
          body.raw === undefined
            ? { json: body.json }
            : { body: body.raw, headers: { 'content-type': 'application/json' } };
        await send(client, route.method, path, body.kind, init);
      }
      if (route.memberOnly) await stillAdmin();
    }
    expect(failures).toEqual([]);
    expect(Object.prototype).not.toHaveProperty('polluted');
  }, 240_000);
});

// ---- the examples, one by one ------------------------------------------------------------

async function expect400(response: Response, field: string) {
  const body = (await response.json()) as ErrorAnswer;
  expect(response.status, JSON.stringify(body)).toBe(400);
  expect(['validation_failed', 'bad_request']).toContain(body.error.code);
  expect(body.error.fields?.[field], JSON.stringify(body)).toBeTruthy();
}

const firstId = async (path: string) =>
  ((await (await admin.request(path)).json()) as { data: { id: string }[] }).data[0]!.id;

describe('the examples of issue 17 answer 400 in the error format', () => {
  beforeAll(() => stillAdmin());

  it('a forged time-entry cursor (invalid timestamp)', async () => {
    await expect400(
      await admin.request('/api/v1/time-entries?cursor=WyJ6enp6Iiwibm90LWEtdXVpZCJd'),
      'cursor',
    );
  });

  it('a forged activity cursor (Invalid time value)', async () => {
    await expect400(
      await admin.request(`/api/v1/activity?cursor=${b64(['yesterday', randomUUID()])}`),
      'cursor',
    );
  });

  it('an employee cursor of three values with a bad uuid, and one with a date that does not exist', async () => {
    await expect400(
      await admin.request(`/api/v1/employees?cursor=${b64(['Smith', 'Ann', 'not-a-uuid'])}`),
      'cursor',
    );
    await expect400(
      await admin.request(`/api/v1/employees?sort=startDate&cursor=${b64(['2024-02-30', randomUUID()])}`),
      'cursor',
    );
  });

  it('NUL in a search (q=%00) or a filter', async () => {
    await expect400(await admin.request('/api/v1/employees?q=%00'), 'q');
    await expect400(await admin.request('/api/v1/tasks?q=%00'), 'q');
    await expect400(await admin.request('/api/v1/projects?q=%00'), 'q');
    await expect400(await admin.request('/api/v1/employees?department=%00'), 'department');
  });

  it('a week, a copied week and a payroll export near the end of time', async () => {
    await expect400(await admin.request(`/api/v1/scheduling/week?start=${farFuture}`), 'start');
    await expect400(
      await admin.request('/api/v1/scheduling/copy-week', {
        method: 'POST',
        json: { fromWeekStart: farFuture, toWeekStart: '2025-03-02' },
      }),
      'fromWeekStart',
    );
    await expect400(
      await admin.request('/api/v1/time-entries/export/payroll?from=9999-01-01&to=9999-01-31'),
      'from',
    );
  });

  it('a lone surrogate in a project name, task title, review period, goal title and workspace name', async () => {
    const employeeId = await firstId('/api/v1/employees');
    const projectId = await firstId('/api/v1/projects');
    const post = (path: string, json: unknown) => admin.request(path, { method: 'POST', json });
    await expect400(await post('/api/v1/projects', { name: 'Launch \ud800' }), 'name');
    await expect400(await post('/api/v1/tasks', { projectId, title: 'Ship \ud800' }), 'title');
    await expect400(
      await post('/api/v1/performance/reviews', { employeeId, period: 'Q4 \ud800', overallRating: 4 }),
      'period',
    );
    await expect400(
      await post('/api/v1/performance/goals', { employeeId, title: '\udbff goal', targetDate: '2025-12-31' }),
      'title',
    );
    const settings = (await (await admin.request('/api/v1/workspace')).json()) as Record<string, unknown>;
    await expect400(
      await admin.request('/api/v1/workspace', {
        method: 'PATCH',
        json: { ...settings, name: 'Acme \ud800' },
      }),
      'name',
    );
  });

  it('NUL in employees, projects, tasks, comments, subtasks, clock-in notes, events, workspace and sign-up', async () => {
    const projectId = await firstId('/api/v1/projects');
    const taskId = await firstId('/api/v1/tasks');
    const post = (path: string, json: unknown) => admin.request(path, { method: 'POST', json });
    await expect400(
      await post('/api/v1/employees', {
        firstName: 'Ada\u0000',
        lastName: 'Lovelace',
        email: 'ada-nul@example.com',
        department: 'Engineering',
        jobTitle: 'Engineer',
        startDate: '2025-01-06',
        salary: 1,
      }),
      'firstName',
    );
    await expect400(await post('/api/v1/projects', { name: 'Launch\u0000' }), 'name');
    await expect400(await post('/api/v1/tasks', { projectId, title: 'Ship\u0000' }), 'title');
    await expect400(await post(`/api/v1/tasks/${taskId}/comments`, { content: 'Hi\u0000' }), 'content');
    await expect400(await post(`/api/v1/tasks/${taskId}/subtasks`, { title: 'Step\u0000' }), 'title');
    await expect400(await post('/api/v1/time-entries/clock-in', { notes: 'In\u0000' }), 'notes');
    await expect400(
      await post('/api/v1/calendar/events', {
        title: 'Sync\u0000',
        date: '2099-03-02',
        startTime: '09:00',
        endTime: '10:00',
      }),
      'title',
    );
    const settings = (await (await admin.request('/api/v1/workspace')).json()) as Record<string, unknown>;
    await expect400(
      await admin.request('/api/v1/workspace', {
        method: 'PATCH',
        json: { ...settings, name: 'Acme\u0000' },
      }),
      'name',
    );
    await expect400(
      await sessionClient(server).request('/api/v1/auth/signup', {
        method: 'POST',
        json: {
          name: 'Ada\u0000',
          email: 'nul-signup@example.com',
          password: 'correct horse battery staple',
          companyName: 'Nul Inc',
        },
      }),
      'name',
    );
  });
});
