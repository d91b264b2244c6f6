import type { LeadDetails, UpdateLeadValues } from '@atrium/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Issue 23: one lead, /api/v1/marketing/leads/:id — its stage, its value and the campaign it counts for.

export const leadsQueryKey = ['marketing-leads'] as const;

const leadPath = (id: string) => `/api/v1/marketing/leads/${encodeURIComponent(id)}`;

export const leadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...leadsQueryKey, 'details', id],
    queryFn: ({ signal }) => apiRequest<LeadDetails>(leadPath(id), { signal }),
  });

/** 412 when someone else saved first; 422 at `convertedAt` for a date that cannot be. */
export const updateLead = (id: string, input: UpdateLeadValues) =>
  apiRequest<LeadDetails>(leadPath(id), { method: 'PATCH', json: input });
