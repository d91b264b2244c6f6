import { updateWorkspaceSettingsSchema, workspaceSettingsResponseSchema } from '@atrium/shared';
import type { ApiSection } from '../../platform/openapi/api-operation';

export const workspaceApi: ApiSection = {
  tag: 'Workspace',
  description: 'Name, time zone, week start and working hours.',
  operations: [
    {
      method: 'get',
      path: '/workspace',
      summary: "The workspace's settings",
      access: 'workspace:view',
      responses: { 200: workspaceSettingsResponseSchema },
    },
    {
      method: 'patch',
      path: '/workspace',
      summary: "Change the workspace's settings",
      access: 'settings:manage',
      body: updateWorkspaceSettingsSchema,
      responses: { 200: workspaceSettingsResponseSchema },
      errors: [412],
    },
  ],
};
