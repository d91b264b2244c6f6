import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openEventStream,
  type EventStreamClient,
  type ReceivedEvent,
} from '../../testing/event-stream-client';
import { fixtures } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

/**
 * Issue 17, "The activity feed shows what the reader may not see": an entry of GET /api/v1/activity,
 * and a change on GET /api/v1/events, reach only those who may read the record it is about.
 */
let server: TestServer;
type Person = Awaited<ReturnType<typeof addMember>>;
let admin: SessionClient;
let manager: Person;
let employee: Person;
let colleague: Person;
let contractor: Person;
const streams: EventStreamClient[] = [];

type Entry = { entityType: string; entityId: string; summary: string; data: unknown };

async function send<T>(client: SessionClient, path: string, json?: unknown, method = 'POST'): Promise<T> {
  const response = await client.request(path, { method, json });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function feedOf(client: SessionClient): Promise<Entry[]> {
  const response = await client.request('/api/v1/activity?limit=100');
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Entry[] }).data;
}

async function listen(client: SessionClient) {
  const stream = await openEventStream(`${server.baseUrl}/api/v1/events`, { cookie: client.cookie });
  streams.push(stream);
  expect(stream.response.status).toBe(200);
  await stream.waitFor((event) => event.event === 'ready');
  return stream;
}

const changeTo = (entityId: string) => (event: ReceivedEvent) =>
  event.event === 'change' && (JSON.parse(event.data) as { entityId: string }).entityId === entityId;

/**
 * What a stream heard of these records. Waits for `last`, a change it must hear that was made after
 * them: events arrive in commit order, so anything heard of them has arrived by then.
 */
async function heardOf(stream: EventStreamClient, ids: string[], last: string) {
  await stream.waitFor(changeTo(last));
  return stream.events.filter((event) => ids.some((id) => changeTo(id)(event)));
}

const review = (author: SessionClient, of: Person, period: string) =>
  fixtures(author).review(of.me.employeeId!, { period, overallRating: 1 });

const goal = (author: SessionClient, of: Person, title: string) =>
  fixtures(author).goal(of.me.employeeId!, { title });

/** A manual entry for the person, corrected with a note, then approved: three entries in the log. */
async function decidedEntry(of: Person, note: string) {
  const entry = await fixtures(manager.client).timeEntry(of.me.employeeId!);
  const day = entry.clockIn.slice(0, 10);
  await send(
    admin,
    `/api/v1/time-entries/${entry.id}`,
    { clockOut: `${day}T16:30:00Z`, note, version: entry.version },
    'PATCH',
  );
  await send(admin, `/api/v1/time-entries/${entry.id}/approve`);
  return entry;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signUp(server, { companyName: 'Visibility Co' })).client;
  manager = await addMember(server, admin, 'manager');
  employee = await addMember(server, admin, 'employee');
  colleague = await addMember(server, admin, 'employee');
  contractor = await addMember(server, admin, 'contractor');
}, 120_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await server?.close();
});

describe('an employee (own reviews, goals and time only)', () => {
  it('sees no review of a colleague, in the feed or the event stream, and sees their own', async () => {
    const stream = await listen(employee.client);
    const theirs = await review(manager.client, colleague, 'Q9 2099');
    const own = await review(manager.client, employee, 'Q8 2099');

    const feed = await feedOf(employee.client);
    expect(feed.filter((entry) => entry.entityId === theirs.id)).toEqual([]);
    expect(JSON.stringify(feed)).not.toContain('Q9 2099');
    expect(feed.some((entry) => entry.entityId === own.id)).toBe(true);
    expect(await heardOf(stream, [theirs.id], own.id)).toEqual([]);
    // The same employee's list of that colleague's reviews is empty too: one rule for both.
    const list = await employee.client.request(
      `/api/v1/performance/reviews?employeeId=${colleague.me.employeeId}`,
    );
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('sees no goal of a colleague (title, due date), and sees their own', async () => {
    const stream = await listen(employee.client);
    const theirs = await goal(manager.client, colleague, 'Confidential turnaround plan');
    const own = await goal(manager.client, employee, 'Own goal');

    const feed = await feedOf(employee.client);
    expect(feed.filter((entry) => entry.entityId === theirs.id)).toEqual([]);
    expect(JSON.stringify(feed)).not.toContain('Confidential turnaround plan');
    expect(feed.some((entry) => entry.entityId === own.id)).toBe(true);
    expect(await heardOf(stream, [theirs.id], own.id)).toEqual([]);
  });

  it('sees no approval or correction of a colleague’s time entry (hours, notes), and sees their own', async () => {
    const stream = await listen(employee.client);
    const theirs = await decidedEntry(colleague, 'Left early for the dentist');
    const own = await decidedEntry(employee, 'Own correction');

    const feed = await feedOf(employee.client);
    expect(feed.filter((entry) => entry.entityId === theirs.id)).toEqual([]);
    expect(JSON.stringify(feed)).not.toContain('dentist');
    expect(feed.filter((entry) => entry.entityId === own.id).map((entry) => entry.summary)).toHaveLength(3);
    expect(await heardOf(stream, [theirs.id], own.id)).toEqual([]);
  });
});

describe('a contractor (their projects and own time only; no activity feed)', () => {
  it('may not read the feed at all', async () => {
    expect((await contractor.client.request('/api/v1/activity')).status).toBe(403);
  });

  it('hears nothing of reviews, goals or a colleague’s time entries, and hears of their own time', async () => {
    const stream = await listen(contractor.client);
    const reviewed = await review(manager.client, colleague, 'Q7 2099');
    const goalSet = await goal(manager.client, colleague, 'Another confidential goal');
    const theirs = await decidedEntry(colleague, 'Doctor appointment');
    const own = await decidedEntry(contractor, 'Own contractor correction');
    expect(await heardOf(stream, [reviewed.id, goalSet.id, theirs.id], own.id)).toEqual([]);
  });

  it('hears of the tasks of their projects only', async () => {
    const build = fixtures(admin);
    const ours = await build.project([contractor.me.employeeId!]);
    const other = await build.project();
    const stream = await listen(contractor.client);
    const hidden = await build.task(other.id);
    await send(admin, `/api/v1/tasks/${hidden.id}`, undefined, 'DELETE');
    const shown = await build.task(ours.id);
    expect(await heardOf(stream, [hidden.id, other.id], shown.id)).toEqual([]);

    // A deleted task of their project still reaches them: the entry names its project.
    await send(admin, `/api/v1/tasks/${shown.id}`, undefined, 'DELETE');
    await stream.waitFor(
      (event) =>
        changeTo(shown.id)(event) && (JSON.parse(event.data) as { action: string }).action === 'deleted',
    );
  });
});
