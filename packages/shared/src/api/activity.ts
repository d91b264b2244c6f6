import { z } from 'zod';
import { listPageSchema } from './list';

// The workspace's activity feed (dashboard Recent Activity): GET /api/v1/activity, newest first.

/** One entry: who did what to which record, and when; `data` holds only what the reader may see. */
export const activityEntrySchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  actorUserId: z.uuid().nullable(),
  actorName: z.string(),
  /** created, updated, deleted, status_changed, ... */
  action: z.string(),
  /** employee, project, task, ... */
  entityType: z.string(),
  entityId: z.uuid(),
  /** The line the dashboard shows, e.g. "Moved 'Launch plan' to Done". */
  summary: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  occurredAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = listPageSchema(activityEntrySchema);
export type ActivityPage = z.infer<typeof activityPageSchema>;
