import type { Database, Tx } from '@atrium/db';
import PgBoss from 'pg-boss';
import { databaseExecutor, transactionExecutor } from '../db/sql-executor';
import type { Logger } from '../logging/logger';
import { jobsRepository } from './jobs.repository';

export type JobContext = { id: string; /** 1 on the first run, 2 on the first retry ... */ attempt: number };
export type JobHandler<Data extends object> = (data: Data, job: JobContext) => Promise<void>;

export type QueueOptions = {
  /** What a job of the queue does, as the Background jobs view names it. */
  label?: string;
  /** Runs after the first failed one; then the job is marked failed. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Doubles the delay on each retry (with jitter). */
  retryBackoff?: boolean;
  /**
   * A run taking longer fails (and is retried). It is also how long the job of a process killed
   * mid-run stays taken before another process runs it again.
   */
  expireInSeconds?: number;
  /** A `singletonKey` then keeps one queued job per key; a second enqueue returns null. */
  onePendingPerKey?: boolean;
  /** Runs the queue on this cron schedule (5 fields) in this time zone, set up by start(). */
  schedule?: { cron: string; tz: string };
};

export type EnqueueOptions = {
  /**
   * Enqueue in the change's own transaction: a rolled-back change enqueues nothing. Inside a
   * transaction always pass it: on PGlite an enqueue without it waits for that transaction forever.
   */
  tx?: Tx;
  /** Not before this moment, or this many seconds from now. */
  startAfter?: Date | number;
  singletonKey?: string;
  retryLimit?: number;
};

export type Jobs = {
  /** Every process registers the same queues before start(): each one works every queue. */
  register<Data extends object>(queue: string, handler: JobHandler<Data>, options?: QueueOptions): void;
  /** The job's id, or null when a pending job already holds its singleton key. */
  enqueue(queue: string, data: object, options?: EnqueueOptions): Promise<string | null>;
  /** Runs the queue on a cron schedule (5 fields) in the time zone given; one schedule per queue. */
  schedule(queue: string, cron: string, options: { tz: string; data?: object }): Promise<void>;
  /** Where a job stands: its state, the runs it has had, and what its last failure said. */
  findJob(queue: string, id: string): Promise<JobStatus | null>;
  /** Runs a failed job once more; false when it is not (or no longer) failed. */
  retry(queue: string, id: string): Promise<boolean>;
  /** What the queue's jobs do, in words (its registered label, else its name). */
  labelOf(queue: string): string;
  start(): Promise<void>;
  /** Waits up to `timeoutMs` for running jobs; those still running then are failed, so retried. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** True from the end of start() until stop() begins: this process works the queues. */
  isWorking(): boolean;
  /** How many jobs each registered queue has in each unfinished state (and failed, kept a week). */
  queueCounts(): Promise<QueueCount[]>;
};

export type QueueCount = { queue: string; state: (typeof countedStates)[number]; count: number };
const countedStates = ['created', 'retry', 'active', 'failed'] as const;

export type JobStatus = {
  state: PgBoss.JobWithMetadata['state'];
  /** Runs so far: a job waiting for its first run has had none. */
  runs: number;
  output: unknown;
};

const defaultQueueOptions = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
} satisfies QueueOptions;

type Registration = { handler: JobHandler<object>; options: QueueOptions };

export function createJobs(options: {
  database: Database;
  log: Logger;
  /** How often each worker looks for due jobs. */
  pollingIntervalSeconds?: number;
  /** How often expired runs are failed and old jobs archived (one process does it per interval). */
  maintenanceIntervalSeconds?: number;
  /** Told of each failed run (metrics). */
  onFailure?: (queue: string) => void;
}): Jobs {
  const { database, log } = options;
  const boss = new PgBoss({
    db: databaseExecutor(database),
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    // Failed jobs stay where an Admin can see and retry them (Settings -> Background jobs) for a week.
    archiveFailedAfterSeconds: 7 * 24 * 3600,
  });
  // Without a listener an 'error' event would end the process; a failed poll is retried anyway.
  boss.on('error', (error) => log.error({ err: error }, 'jobs: background error'));
  const registrations = new Map<string, Registration>();
  let started = false;
  let working = false;

  const queueSettings = (queue: string, queueOptions: QueueOptions) => {
    const settings = { ...defaultQueueOptions, ...queueOptions };
    return {
      name: queue,
      policy: settings.onePendingPerKey ? ('short' as const) : ('standard' as const),
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: settings.retryBackoff,
      expireInSeconds: settings.expireInSeconds,
    };
  };

  const assertRegistered = (queue: string) => {
    if (!registrations.has(queue)) throw new Error(`jobs: no queue "${queue}" is registered`);
  };

  const run = async (queue: string, handler: JobHandler<object>, job: PgBoss.JobWithMetadata<object>) => {
    try {
      await handler(job.data, { id: job.id, attempt: job.retryCount + 1 });
    } catch (error) {
      log.warn({ err: error, queue, jobId: job.id, attempt: job.retryCount + 1 }, 'jobs: job failed');
      options.onFailure?.(queue);
      throw error;
    }
  };

  return {
    register(queue, handler, queueOptions = {}) {
      if (started) throw new Error(`jobs: register "${queue}" before start()`);
      if (registrations.has(queue)) throw new Error(`jobs: "${queue}" is registered twice`);
      registrations.set(queue, { handler: handler as JobHandler<object>, options: queueOptions });
    },

    async enqueue(queue, data, { tx, startAfter, singletonKey, retryLimit } = {}) {
      // pg-boss drops a job for a queue it does not know without a word.
      assertRegistered(queue);
      return boss.send(queue, data, {
        ...(tx && { db: transactionExecutor(tx) }),
        // As a moment: pg-boss sends a number of seconds as text, which a transaction's driver
        // parameter then fails to read as a timestamp.
        ...(startAfter !== undefined && {
          startAfter: typeof startAfter === 'number' ? new Date(Date.now() + startAfter * 1000) : startAfter,
        }),
        ...(singletonKey !== undefined && { singletonKey }),
        ...(retryLimit !== undefined && { retryLimit }),
      });
    },

    async schedule(queue, cron, { tz, data = {} }) {
      if (!started) throw new Error(`jobs: schedule "${queue}" after start()`);
      assertRegistered(queue);
      await boss.schedule(queue, cron, data, { tz });
    },

    async findJob(queue, id) {
      const job = await boss.getJobById<object>(queue, id);
      if (!job) return null;
      const runs = job.startedOn ? job.retryCount + 1 : 0;
      return { state: job.state, runs, output: job.output };
    },

    async retry(queue, id) {
      // Typed as void, but it answers how many jobs it moved back to be retried.
      const result = (await boss.retry(queue, id)) as unknown as { affected: number };
      return result.affected > 0;
    },

    labelOf: (queue) => registrations.get(queue)?.options.label ?? queue,

    async start() {
      await boss.start();
      await jobsRepository.ensureWorkspaceIndex(database.db);
      // Created here, in every process, so no enqueue ever needs a statement of its own outside the
      // caller's transaction (on PGlite that statement would wait for the transaction forever).
      for (const [queue, { options: queueOptions }] of registrations) {
        const settings = queueSettings(queue, queueOptions);
        await boss.createQueue(queue, settings);
        // createQueue keeps an existing queue as it was: settings changed since then apply here.
        await boss.updateQueue(queue, settings);
      }
      for (const [queue, { options: queueOptions }] of registrations) {
        if (queueOptions.schedule) {
          const { cron, tz } = queueOptions.schedule;
          await boss.schedule(queue, cron, {}, { tz });
        }
      }
      for (const [queue, { handler }] of registrations) {
        await boss.work<object>(queue, { includeMetadata: true }, async ([job]) => {
          if (job) await run(queue, handler, job);
        });
      }
      started = true;
      working = true;
    },

    async stop({ timeoutMs = 10_000 } = {}) {
      working = false;
      await boss.stop({ graceful: true, timeout: timeoutMs });
      started = false;
    },

    isWorking: () => working,

    async queueCounts() {
      const stored = await jobsRepository.countsByQueue(database.db, countedStates);
      // Every registered queue, also with nothing in it: a series that vanishes at zero reads as missing.
      return [...registrations.keys()].flatMap((queue) =>
        countedStates.map((state) => ({
          queue,
          state,
          count: stored.find((row) => row.queue === queue && row.state === state)?.count ?? 0,
        })),
      );
    },
  };
}
