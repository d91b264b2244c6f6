import { exportJobSchema, type ExportJob } from '@atrium/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** How often a running export is asked about. */
const pollEveryMs = 1_000;

/**
 * An export's answer when the server makes the file in the background (202, issue 17) rather than
 * sending it: the export's state, to poll until it is ready.
 */
export function isExportJob(answer: unknown): answer is ExportJob {
  return exportJobSchema.safeParse(answer).success;
}

/** The state of a background export, asked again every second while it runs. */
export const exportJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['exports', id],
    queryFn: () => apiRequest<ExportJob>(`/api/v1/exports/${id}`),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? pollEveryMs : false),
    // Each poll is a new state; an old one is never shown again.
    gcTime: 0,
  });
