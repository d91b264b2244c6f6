import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, schema, type Database } from '@atrium/db';
import type { WeekStats } from '@atrium/shared';
import { activityAudience } from '../../app';
import { readerFor } from '../activity/activity-audience';
import { activityLog } from '../activity/activity.service';
import type { Member } from '../auth/member-context';
import { createChangeFeed } from './change-feed.service';
import { runChangeStream, type StreamMessage } from './change-stream';
import {
  openEventStream,
  openMemberStream,
  type EventStreamClient,
  type ReceivedEvent,
} from '../../testing/event-stream-client';
import { fixtures } from '../../testing/fixtures';
import { startServerProcess } from '../../testing/server-process';
import { addMember, sessionClient, signUp, type SessionClient } from '../../testing/session-client';
import { freePort, startTestServer, type TestServer } from '../../testing/test-server';

/** Issue "Projects", Realtime: everyone else viewing sees a change within 2 seconds, without reloading. */
const deliveryBudgetMs = 2_000;

let server: TestServer;
let admin: SessionClient;
let colleague: SessionClient;
let contractor: SessionClient;
let outsider: SessionClient;
let workspaceId: string;
const streams: EventStreamClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const owner = await signUp(server, { companyName: 'Realtime Co' });
  admin = owner.client;
  workspaceId = owner.me.workspace.id;
  colleague = (await addMember(server, admin, 'employee')).client;
  contractor = (await addMember(server, admin, 'contractor')).client;
  outsider = (await signUp(server, { companyName: 'Elsewhere Ltd' })).client;
}, 120_000);

// A session may hold only a few streams at once (issue 17): each test closes what it opened, and
// the next starts once the server has let go of them.
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await expect.poll(() => server.platform.realtime.subscriberCount(), { timeout: 5_000 }).toBe(0);
});

afterAll(async () => {
  await server?.close();
});

const listen = (target: TestServer, client: SessionClient, lastEventId?: string) =>
  openMemberStream(target.baseUrl, client, streams, lastEventId);

/** An employee made through the API by `client`, and when the request was sent. */
async function addEmployee(client: SessionClient) {
  const sentAt = performance.now();
  const { id, firstName } = await fixtures(client).employee();
  return { id, firstName, sentAt };
}

const changeOf = (event: ReceivedEvent) =>
  JSON.parse(event.data) as { entityType: string; entityId: string; action: string };
const isChangeTo = (entityId: string) => (event: ReceivedEvent) =>
  event.event === 'change' && changeOf(event).entityId === entityId;

describe('GET /api/v1/events', () => {
  it('refuses a signed-out caller with 401 in the error format', async () => {
    const response = await server.request('/api/v1/events', { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });

  it('streams uncompressed and unbuffered, whatever the client accepts', async () => {
    const stream = await openEventStream(`${server.baseUrl}/api/v1/events`, {
      cookie: colleague.cookie,
      'accept-encoding': 'gzip, deflate, br',
    });
    streams.push(stream);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('cache-control')).toContain('no-transform');
    await stream.waitFor((event) => event.event === 'ready');
    stream.close();
  });

  it('brings a change by one member to another member’s open stream within 2 s, and to no other workspace', async () => {
    const theirs = await listen(server, colleague);
    const elsewhere = await listen(server, outsider);

    const { id, firstName, sentAt } = await addEmployee(admin);
    const event = await theirs.waitFor(isChangeTo(id), deliveryBudgetMs);
    // Measured from sending the request, so it includes the change itself.
    const latencyMs = event.receivedAt - sentAt;
    console.info(`realtime delivery (${server.platform.database.kind}): ${latencyMs.toFixed(1)} ms`);
    expect(latencyMs).toBeLessThan(deliveryBudgetMs);
    expect(changeOf(event)).toEqual({ entityType: 'employee', entityId: id, action: 'created' });
    // Only that a record changed: no summary, no names.
    expect(event.data).not.toContain(firstName);
    expect(event.id).toBeTruthy();

    // Changes reach the streams in commit order: once the other workspace's stream hears of a later
    // change of its own, it has had every chance to hear of ours.
    const marker = await addEmployee(outsider);
    await elsewhere.waitFor(isChangeTo(marker.id), deliveryBudgetMs);
    expect(elsewhere.events.filter((e) => e.event === 'change' && !isChangeTo(marker.id)(e))).toEqual([]);
  });

  it('stays silent about a change whose transaction rolled back', async () => {
    const theirs = await listen(server, colleague);
    const rolledBack = randomUUID();
    await expect(
      server.platform.database.db.transaction(async (tx) => {
        await activityLog.record(tx, {
          tenantId: workspaceId,
          actor: { userId: null, name: 'Test' },
          action: 'created',
          entityType: 'employee',
          entityId: rolledBack,
          summary: 'never happened',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const { id } = await addEmployee(admin);

    await theirs.waitFor(isChangeTo(id));
    expect(theirs.events.filter((e) => e.event === 'change').map((e) => changeOf(e).entityId)).toEqual([id]);
  });

  it('replays what a reconnecting client missed, from its Last-Event-ID', async () => {
    const first = await listen(server, colleague);
    const seen = await addEmployee(admin);
    const lastSeen = await first.waitFor(isChangeTo(seen.id));
    first.close();

    const missed = [await addEmployee(admin), await addEmployee(admin)];
    const again = await listen(server, colleague, lastSeen.id);
    for (const { id } of missed) await again.waitFor(isChangeTo(id));
    // The overlap window may repeat older changes, but never the one the client named.
    expect(again.events.filter(isChangeTo(seen.id))).toEqual([]);

    // ... and carries on live.
    const live = await addEmployee(admin);
    await again.waitFor(isChangeTo(live.id), deliveryBudgetMs);
  });

  it('starts afresh, without failing, from a Last-Event-ID it did not issue', async () => {
    const stream = await listen(server, colleague, 'not-a-cursor');
    const { id } = await addEmployee(admin);
    await stream.waitFor(isChangeTo(id));
  });

  it('tells a contractor about the records their role can open, not about people', async () => {
    const theirs = await listen(server, contractor);
    const employee = await addEmployee(admin);
    const workspace = (await (await admin.request('/api/v1/workspace')).json()) as Record<string, unknown>;
    const renamed = await admin.request('/api/v1/workspace', {
      method: 'PATCH',
      json: {
        name: 'Realtime Co (renamed)',
        timeZone: workspace.timeZone,
        weekStart: workspace.weekStart,
        workdayStart: workspace.workdayStart,
        workdayEnd: workspace.workdayEnd,
        breakMinutes: workspace.breakMinutes,
        weeklyHours: workspace.weeklyHours,
        version: workspace.version,
      },
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);

    await theirs.waitFor((event) => event.event === 'change' && changeOf(event).entityType === 'workspace');
    expect(theirs.events.filter(isChangeTo(employee.id))).toEqual([]);
  });

  it('releases the subscription when the client goes away', async () => {
    const before = server.platform.realtime.subscriberCount();
    const stream = await listen(server, colleague);
    expect(server.platform.realtime.subscriberCount()).toBe(before + 1);
    stream.close();
    await expect.poll(() => server.platform.realtime.subscriberCount(), { timeout: 5_000 }).toBe(before);
  });
});

describe('open streams per session and per address (issue 17: one session opened 1,380)', () => {
  const open = (target: TestServer, client: SessionClient, headers: Record<string, string> = {}) =>
    openEventStream(`${target.baseUrl}/api/v1/events`, { cookie: client.cookie, ...headers }).then(
      (stream) => (streams.push(stream), stream),
    );

  it('lets a session hold five, answers the sixth 429 in the error format, and frees a slot when one closes', async () => {
    const { client } = await addMember(server, admin, 'employee');
    const held = [];
    for (let i = 0; i < 5; i++) held.push(await listen(server, client));

    const refused = await open(server, client);
    expect(refused.response.status).toBe(429);
    expect(await refused.response.json()).toMatchObject({
      error: { code: 'rate_limited', message: expect.stringContaining('this session') },
    });
    // Other sessions are not held back.
    await listen(server, colleague);

    held[0]!.close();
    await expect
      .poll(async () => (await open(server, client)).response.status, { timeout: 5_000, interval: 100 })
      .toBe(200);
  });

  it('caps one address across its sessions, and counts each client behind a trusted proxy on its own', async () => {
    const capped = await startTestServer({ EVENT_STREAMS_PER_IP: '3', TRUST_PROXY: 'true' });
    try {
      const owner = (await signUp(capped, { companyName: 'Capped Co' })).client;
      const member = (await addMember(capped, owner, 'employee')).client;
      const office = { 'x-forwarded-for': '203.0.113.7' };
      for (const client of [owner, owner, member]) {
        expect((await open(capped, client, office)).response.status).toBe(200);
      }
      const refused = await open(capped, member, office);
      expect(refused.response.status).toBe(429);
      expect(await refused.response.json()).toMatchObject({
        error: { code: 'rate_limited', message: expect.stringContaining('this address') },
      });
      const elsewhere = await open(capped, member, { 'x-forwarded-for': '198.51.100.9' });
      expect(elsewhere.response.status).toBe(200);
    } finally {
      for (const stream of streams.splice(0)) stream.close();
      await capped.close();
    }
  }, 60_000);
});

describe('a stream reaching its lifetime', () => {
  it('says so before it ends, with a cursor that resumes without a gap', async () => {
    const messages: StreamMessage[] = [];
    const sink = {
      send: async (message: StreamMessage) => void messages.push(message),
      comment: async () => undefined,
    };
    const feed = createChangeFeed(server.platform.database.db);
    const member = { tenantId: workspaceId, role: 'employee', employeeId: null, scopes: null } as Member;
    await runChangeStream({
      hub: server.platform.realtime,
      feed,
      reader: readerFor(activityAudience, member),
      lastEventId: undefined,
      sink,
      signal: new AbortController().signal,
      timing: { lifetimeMs: 200, heartbeatMs: 50 },
    });
    expect(messages.map((m) => m.event)).toEqual(['ready', 'reconnect']);

    const { id } = await addEmployee(admin);
    const resumed = await listen(server, colleague, messages.at(-1)!.id);
    await resumed.waitFor(isChangeTo(id));
  });
});

describe('graceful shutdown with open event streams', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-realtime-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // The generous timeout is for starting a server process on a busy machine; the shutdown itself is
  // held to 5 s below.
  it('ends the streams on SIGTERM instead of waiting for them, and exits cleanly', async () => {
    const port = await freePort();
    const child = await startServerProcess({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SHUTDOWN_TIMEOUT_MS: '30000',
    });
    try {
      const signup = await fetch(`${child.baseUrl}/api/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: child.baseUrl },
        body: JSON.stringify({
          email: `shutdown-${Date.now()}@example.com`,
          password: 'correct horse battery',
          name: 'Shut Down',
          companyName: 'Stop Co',
        }),
      });
      expect(signup.status).toBe(201);
      const cookie = signup.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const open = await Promise.all(
        [1, 2].map(() => openEventStream(`${child.baseUrl}/api/v1/events`, { cookie })),
      );
      await Promise.all(open.map((stream) => stream.waitFor((event) => event.event === 'ready')));

      const signalled = performance.now();
      child.child.kill('SIGTERM');
      await Promise.all(open.map((stream) => stream.ended));
      expect(await child.exited, child.output()).toBe(0);
      // Well inside the 30 s drain timeout: the streams did not hold the shutdown.
      expect(performance.now() - signalled).toBeLessThan(5_000);
      expect(child.output()).toContain('shutdown complete');
    } finally {
      child.child.kill('SIGKILL');
      await child.exited;
    }
  }, 180_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('several server processes on one PostgreSQL', () => {
  let second: TestServer;
  let secondDatabase: Database;

  beforeAll(async () => {
    const url = server.platform.database.pool!.options.connectionString!;
    secondDatabase = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    second = await startTestServer({}, { database: secondDatabase });
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
  });

  it('brings a change made through one instance to a stream on the other within 2 s', async () => {
    const onSecond = await listen(second, colleague);
    const { id, sentAt } = await addEmployee(admin);
    const event = await onSecond.waitFor(isChangeTo(id), deliveryBudgetMs);
    console.info(`realtime delivery across instances: ${(event.receivedAt - sentAt).toFixed(1)} ms`);
  });

  it('has the other instance forget the stat cards it kept once it hears of a change', async () => {
    const onSecond = sessionClient(second, admin.cookie);
    const unassigned = async () => {
      const response = await onSecond.request('/api/v1/scheduling/week/stats');
      expect(response.status).toBe(200);
      return ((await response.json()) as WeekStats).stats.unassigned;
    };
    // Answers are kept once the second instance's LISTEN is in place: a stream there hearing of a
    // change shows that it is.
    const stream = await listen(second, colleague);
    const marker = await addEmployee(admin);
    await stream.waitFor(isChangeTo(marker.id), deliveryBudgetMs);
    const before = await unassigned();
    expect(await unassigned()).toBe(before);
    // Written behind the API's back, so announced to nobody: the kept answer stands.
    await server.platform.database.db.insert(schema.employees).values({
      tenantId: workspaceId,
      employeeCode: `EMP-${randomUUID().slice(0, 8)}`,
      firstName: 'Quiet',
      lastName: 'Insert',
      email: `quiet-${randomUUID()}@example.com`,
      department: 'Engineering',
      jobTitle: 'Engineer',
      startDate: '2025-01-06',
    });
    expect(await unassigned()).toBe(before);
    await addEmployee(admin);
    await expect.poll(unassigned, { timeout: deliveryBudgetMs }).toBe(before + 2);
  });

  it('loses nothing when the LISTEN connection drops: it reconnects and replays the gap', async () => {
    const onSecond = await listen(second, colleague);
    const terminated = await server.platform.database.pool!.query<{ pid: number }>(
      `select pg_terminate_backend(pid) as pid from pg_stat_activity
        where datname = current_database() and query ilike 'listen %'`,
    );
    expect(terminated.rowCount).toBeGreaterThan(0);
    const duringGap = await addEmployee(admin);
    await onSecond.waitFor(isChangeTo(duringGap.id), 10_000);
    const afterwards = await addEmployee(admin);
    await onSecond.waitFor(isChangeTo(afterwards.id), deliveryBudgetMs);
  });
});
