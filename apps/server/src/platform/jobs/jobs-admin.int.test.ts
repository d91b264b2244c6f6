import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundJobPage, BackgroundJobState } from '@atrium/shared';
import { expectJson } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

// Settings -> Background jobs (issue 19): an Admin sees their workspace's jobs by state, with the
// error and attempts of a failed one, and retries it. Another workspace's jobs stay out of sight.

let server: TestServer;
/** Whether the flaky job succeeds when it next runs. */
let recovered = false;

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      beforeStart: (platform) =>
        platform.jobs.register(
          'test-flaky',
          async () => {
            if (!recovered) throw new Error('the remote end is down');
          },
          { label: 'Call the remote end', retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false },
        ),
    },
  );
});
afterAll(async () => {
  await server?.close();
});

async function jobsOf(client: SessionClient, state: BackgroundJobState, query = '') {
  return expectJson<BackgroundJobPage>(await client.request(`/api/v1/jobs?state=${state}${query}`), 200);
}

async function waitForJob(client: SessionClient, state: BackgroundJobState, id: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const job = (await jobsOf(client, state)).data.find((candidate) => candidate.id === id);
    if (job) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} never became ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('background jobs view', () => {
  it('shows a failed job with its error and attempts, retries it, and hides other workspaces', async () => {
    const admin = await signUp(server);
    const other = await signUp(server);
    const { jobs } = server.platform;
    const failing = (await jobs.enqueue('test-flaky', { tenantId: admin.me.workspace.id }))!;
    const othersJob = (await jobs.enqueue('test-flaky', { tenantId: other.me.workspace.id }))!;

    const failed = await waitForJob(admin.client, 'failed', failing);
    expect(failed).toMatchObject({
      queue: 'test-flaky',
      label: 'Call the remote end',
      state: 'failed',
      attempts: 2,
      maxAttempts: 2,
      error: 'the remote end is down',
    });
    await waitForJob(other.client, 'failed', othersJob);
    const seen = await jobsOf(admin.client, 'failed');
    expect(seen.data.map((job) => job.id)).toEqual([failing]);
    expect(seen.counts.failed).toBe(1);

    // Someone else's job is not found; a job that is not failed cannot be retried.
    expect((await admin.client.request(`/api/v1/jobs/${othersJob}/retry`, { method: 'POST' })).status).toBe(
      404,
    );
    recovered = true;
    expect((await admin.client.request(`/api/v1/jobs/${failing}/retry`, { method: 'POST' })).status).toBe(
      204,
    );
    const completed = await waitForJob(admin.client, 'completed', failing);
    expect(completed).toMatchObject({ attempts: 3, error: null });
    expect(completed.finishedAt).toEqual(expect.any(String));
    expect((await admin.client.request(`/api/v1/jobs/${failing}/retry`, { method: 'POST' })).status).toBe(
      409,
    );
    expect((await jobsOf(other.client, 'failed')).data.map((job) => job.id)).toEqual([othersJob]);
  });

  it('pages the list newest first with a cursor that refuses tampering', async () => {
    const admin = await signUp(server);
    const later = new Date(Date.now() + 3_600_000);
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) {
      ids.push(
        (await server.platform.jobs.enqueue(
          'test-flaky',
          { tenantId: admin.me.workspace.id },
          { startAfter: later },
        ))!,
      );
    }
    // All five made within one millisecond, the newest with the smallest id: only the time to the
    // microsecond (which the cursor carries) puts them in order, the id alone would reverse them.
    const newestFirst = [...ids].sort();
    for (const [n, id] of newestFirst.entries()) {
      await server.platform.database.db.execute(sql`
        update pgboss.job set created_on = timestamptz '2026-06-01T10:00:00.000500Z' - make_interval(secs => ${n / 1_000_000})
        where id = cast(${id} as uuid)`);
    }
    const first = await jobsOf(admin.client, 'queued', '&limit=3');
    expect(first.counts.queued).toBe(5);
    expect(first.data).toHaveLength(3);
    expect(first.data[0]).toMatchObject({ state: 'queued', attempts: 0, runAt: later.toISOString() });
    const second = await jobsOf(admin.client, 'queued', `&limit=3&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    expect([...first.data, ...second.data].map((job) => job.id)).toEqual(newestFirst);

    const tampered = await admin.client.request('/api/v1/jobs?state=queued&cursor=bm90LWEtY3Vyc29y');
    expect(tampered.status).toBe(400);
  });

  it('is for Admins only', async () => {
    const admin = await signUp(server);
    const { client: manager } = await addMember(server, admin.client, 'manager');
    expect((await manager.request('/api/v1/jobs')).status).toBe(403);
  });
});
