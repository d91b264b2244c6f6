import { z } from 'zod';
import { listQuerySchema } from './list';

// Settings -> Background jobs (issue 19): a workspace's jobs for its Admins. Routes under
// /api/v1/jobs.

/** queued: waiting for its time or its next retry; running: taken by a server process. */
export const backgroundJobStates = ['queued', 'running', 'failed', 'completed'] as const;
export type BackgroundJobState = (typeof backgroundJobStates)[number];

export const backgroundJobListQuerySchema = listQuerySchema.extend({
  state: z.enum(backgroundJobStates, 'Choose queued, running, failed or completed').default('queued'),
});
export type BackgroundJobListQuery = z.output<typeof backgroundJobListQuerySchema>;

export const backgroundJobSchema = z.object({
  id: z.uuid(),
  queue: z.string(),
  /** What the job does, in words. */
  label: z.string(),
  state: z.enum(backgroundJobStates),
  /** Runs so far, and the most it may have. */
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** The last failure's message, while it failed or waits to retry after one. */
  error: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** When it runs (queued), or ran last. */
  runAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;

export const backgroundJobPageSchema = z.object({
  data: z.array(backgroundJobSchema),
  nextCursor: z.string().nullable(),
  /** Jobs per state, for the filter's counts. */
  counts: z.record(z.enum(backgroundJobStates), z.number().int()),
});
export type BackgroundJobPage = z.infer<typeof backgroundJobPageSchema>;
