import type { WorkspaceSettings } from '@atrium/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type WorkspaceSettingsUpdate = Omit<WorkspaceSettings, 'id' | 'slug' | 'trialEndsAt'>;

export const workspaceSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['workspace'],
    queryFn: ({ signal }) => apiRequest<WorkspaceSettings>('/api/v1/workspace', { signal }),
    staleTime: 5 * 60_000,
  });

export const updateWorkspaceSettings = (input: WorkspaceSettingsUpdate) =>
  apiRequest<WorkspaceSettings>('/api/v1/workspace', { method: 'PATCH', json: input });
