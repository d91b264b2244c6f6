import { z } from 'zod';
import { exportStatuses } from '../domain/enums';

// Files made in the background (issue 17). An export route answers a big request with 202 and one
// of these; the client polls GET /api/v1/exports/:id until it is ready, then fetches downloadUrl.
// Only the member who asked sees it, and only while they still hold the export's permission.

export const exportJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(exportStatuses),
  fileName: z.string(),
  /** How far it got, in the export's own unit (employees, rows); total is null until known. */
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
  /** Set once the file is ready: a same-origin GET that answers the file itself. */
  downloadUrl: z.string().nullable(),
  /** Why a failed export failed, in words for the member. */
  error: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/** The share done, 0-100, or null while the total is unknown. */
export function exportPercent(job: Pick<ExportJob, 'progress' | 'status'>): number | null {
  if (job.status === 'ready') return 100;
  const { done, total } = job.progress;
  if (!total) return null;
  return Math.min(99, Math.floor((done / total) * 100));
}
