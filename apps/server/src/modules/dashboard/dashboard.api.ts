import { dashboardSchema, gettingStartedInputSchema, gettingStartedSchema } from '@atrium/shared';
import type { ApiSection } from '../../platform/openapi/api-operation';

export const dashboardApi: ApiSection = {
  tag: 'Dashboard',
  description: "KPI cards, upcoming tasks and project progress; a new workspace's getting-started checklist.",
  operations: [
    {
      method: 'get',
      path: '/dashboard',
      summary: 'The dashboard in one read',
      access: 'dashboard:view',
      responses: { 200: dashboardSchema },
    },
    {
      method: 'get',
      path: '/dashboard/getting-started',
      summary: "The workspace's getting-started checklist",
      description:
        "Invite the team, add employees, create a project, set the working hours: each step is done when the workspace's records say so.",
      access: 'settings:manage',
      responses: { 200: gettingStartedSchema },
    },
    {
      method: 'put',
      path: '/dashboard/getting-started',
      summary: 'Put the getting-started checklist away, or bring it back',
      description: 'For the whole workspace; the steps stay ticked from its records either way.',
      access: 'settings:manage',
      body: gettingStartedInputSchema,
      responses: { 200: gettingStartedSchema },
    },
  ],
};
