import type { Db } from '@atrium/db';
import type { BackgroundJob, BackgroundJobListQuery, BackgroundJobPage } from '@atrium/shared';
import { decodeCursor, keysetPageOf } from '../db/cursor';
import { conflict, notFound } from '../errors/app-error';
import type { Jobs } from './jobs';
import { jobsRepository, viewStateOf, type JobRow } from './jobs.repository';

function toJob(row: JobRow, jobs: Jobs): BackgroundJob {
  const state = viewStateOf[row.state] ?? 'queued';
  // A job waiting to retry has retry_count failed runs; a running, failed or completed one has one more.
  const attempts =
    row.state === 'created' ? 0 : row.state === 'retry' ? row.retry_count : row.retry_count + 1;
  return {
    id: row.id,
    queue: row.name,
    label: jobs.labelOf(row.name),
    state,
    attempts,
    maxAttempts: row.retry_limit + 1,
    error: row.state === 'failed' || row.state === 'retry' ? row.error : null,
    createdAt: row.created_on,
    runAt: state === 'queued' || !row.started_on ? row.start_after : row.started_on,
    finishedAt: row.completed_on,
  };
}

const cursorShape = ['timestamp', 'uuid'] as const;

/** Settings -> Background jobs (issue 19): one workspace's jobs, and retrying a failed one. */
export function createJobsAdmin(deps: { db: Db; jobs: Jobs }) {
  const { db, jobs } = deps;
  return {
    async list(tenantId: string, query: BackgroundJobListQuery): Promise<BackgroundJobPage> {
      const after = query.cursor ? decodeCursor(query.cursor, cursorShape) : undefined;
      const [rows, counts] = await Promise.all([
        jobsRepository.list(db, { tenantId, state: query.state, after, limit: query.limit + 1 }),
        jobsRepository.counts(db, tenantId),
      ]);
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [
        last.cursor_created_on,
        last.id,
      ]);
      return { data: page.map((row) => toJob(row, jobs)), nextCursor, counts };
    },

    async retry(tenantId: string, id: string) {
      const job = await jobsRepository.queueOf(db, tenantId, id);
      if (!job) throw notFound('Job');
      if (job.state !== 'failed' || !(await jobs.retry(job.name, id))) {
        throw conflict('Only a failed job can be retried, and this one is not failed (any more).');
      }
    },
  };
}

export type JobsAdmin = ReturnType<typeof createJobsAdmin>;
