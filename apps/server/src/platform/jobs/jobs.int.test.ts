import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@atrium/db';
import { openTestDatabase, type TestDatabase } from '@atrium/db/testing';
import { databaseExecutor } from '../db/sql-executor';
import { createLogger } from '../logging/logger';
import { createJobs, type Jobs } from './jobs';

const log = createLogger({ level: 'silent' });
// Quick polls and maintenance keep the file fast; production polls every 2 s.
const timing = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: TestDatabase;
let jobs: Jobs;
const recorded: string[] = [];
const failingAttempts: number[] = [];

beforeAll(async () => {
  // pg-boss keeps its own schema; the app's tables are not needed here.
  database = await openTestDatabase({ migrate: false });
  jobs = createJobs({ database, log, ...timing });
  jobs.register<{ name: string }>('test-record', async ({ name }) => {
    recorded.push(name);
  });
  jobs.register(
    'test-failing',
    async (_data, { attempt }) => {
      failingAttempts.push(attempt);
      throw new Error(`attempt ${attempt} failed`);
    },
    { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false },
  );
  jobs.register('test-one-per-key', async () => undefined, { onePendingPerKey: true });
  await jobs.start();
});
afterAll(async () => {
  await jobs?.stop();
  await database?.dispose();
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the jobs');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('background jobs', () => {
  it('runs a job enqueued in a committed transaction, never one from a rolled-back one', async () => {
    let enqueuedId: string | null = null;
    const rolledBack = await database.db
      .transaction(async (tx) => {
        enqueuedId = await jobs.enqueue('test-record', { name: 'rolled back' }, { tx });
        throw new Error('the change fails');
      })
      .catch((error: unknown) => error);
    expect(rolledBack).toEqual(new Error('the change fails'));
    expect(enqueuedId).toEqual(expect.any(String));
    await database.db.transaction(async (tx) => {
      await jobs.enqueue('test-record', { name: 'committed' }, { tx });
    });

    await waitFor(() => recorded.includes('committed'));
    expect(recorded).not.toContain('rolled back');
    expect(await jobs.findJob('test-record', enqueuedId!)).toBeNull();
  });

  it('retries a failing job up to its limit, then marks it failed with the error', async () => {
    const id = await jobs.enqueue('test-failing', {});
    await waitFor(async () => (await jobs.findJob('test-failing', id!))?.state === 'failed');

    expect(failingAttempts).toEqual([1, 2, 3]);
    const job = await jobs.findJob('test-failing', id!);
    expect(job).toMatchObject({ state: 'failed', runs: 3 });
    expect(JSON.stringify(job?.output)).toContain('attempt 3 failed');
  });

  it('does not run a delayed job before its time', async () => {
    const enqueuedAt = Date.now();
    await jobs.enqueue('test-record', { name: 'delayed' }, { startAfter: 2 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(recorded).not.toContain('delayed');

    await waitFor(() => recorded.includes('delayed'));
    expect(Date.now() - enqueuedAt).toBeGreaterThanOrEqual(1_900);
  });

  it('takes a delay in seconds inside a transaction too', async () => {
    const id = await database.db.transaction((tx) =>
      jobs.enqueue('test-record', { name: 'delayed in a transaction' }, { tx, startAfter: 3600 }),
    );
    expect(await jobs.findJob('test-record', id!)).toMatchObject({ state: 'created', runs: 0 });
  });

  it('keeps one pending job per singleton key', async () => {
    const later = new Date(Date.now() + 60 * 60_000);
    const first = await jobs.enqueue('test-one-per-key', {}, { singletonKey: 'ada', startAfter: later });
    const second = await jobs.enqueue('test-one-per-key', {}, { singletonKey: 'ada', startAfter: later });
    const other = await jobs.enqueue('test-one-per-key', {}, { singletonKey: 'grace', startAfter: later });

    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
  });

  it('keeps a cron schedule in the time zone given', async () => {
    await jobs.schedule('test-record', '30 9 * * 1', { tz: 'Europe/Berlin', data: { name: 'weekly' } });

    const { rows } = (await database.db.execute(
      sql`select cron, timezone, data from pgboss.schedule where name = 'test-record'`,
    )) as { rows: unknown[] };
    expect(rows).toEqual([{ cron: '30 9 * * 1', timezone: 'Europe/Berlin', data: { name: 'weekly' } }]);
    await expect(jobs.schedule('test-unknown', '* * * * *', { tz: 'UTC' })).rejects.toThrow();
  });

  it('refuses a job for a queue nobody registered, instead of dropping it', async () => {
    await expect(jobs.enqueue('test-unknown', {})).rejects.toThrow('no queue "test-unknown"');
  });

  it('runs again a job whose process died in the middle of it', async () => {
    const queue = 'test-recovering';
    const settings = { expireInSeconds: 1, retryDelaySeconds: 0, retryBackoff: false };
    // The process that dies: it takes the job and never reports back.
    const dying = new PgBoss({ db: databaseExecutor(database), supervise: false, schedule: false });
    await dying.start();
    await dying.createQueue(queue, { name: queue, expireInSeconds: 1, retryDelay: 0 });
    const id = await dying.send(queue, { name: 'interrupted' });
    const [taken] = await dying.fetch(queue);
    expect(taken?.id).toBe(id);

    const runs: number[] = [];
    const survivor = createJobs({ database, log, ...timing });
    survivor.register(queue, async (_data, { attempt }) => void runs.push(attempt), settings);
    await survivor.start();
    try {
      await waitFor(() => runs.length > 0);
      expect(runs).toEqual([2]);
      expect(await survivor.findJob(queue, id!)).toMatchObject({ state: 'completed', runs: 2 });
    } finally {
      await survivor.stop();
    }
  });

  it.runIf(onPostgres)('runs each job once when two processes share one PostgreSQL', async () => {
    const second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 4 });
    const runsBy = new Map<string, string[]>();
    const processes = (['first', 'second'] as const).map((name) => {
      const service = createJobs({ database: name === 'first' ? database : second, log, ...timing });
      service.register<{ n: number }>('test-shared', async ({ n }) => {
        runsBy.set(String(n), [...(runsBy.get(String(n)) ?? []), name]);
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      return service;
    });
    try {
      await Promise.all(processes.map((service) => service.start()));
      const count = 12;
      for (let n = 0; n < count; n++) await processes[n % 2]!.enqueue('test-shared', { n });

      await waitFor(() => runsBy.size === count);
      // Time for a second run of any job to show.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const runs = [...runsBy.values()];
      expect(runs.every((by) => by.length === 1)).toBe(true);
      expect(new Set(runs.flat())).toEqual(new Set(['first', 'second']));
    } finally {
      await Promise.all(processes.map((service) => service.stop()));
      await second.close();
    }
  });
});
