import { dashboardSchema } from '@atrium/shared';
import type { ApiSection } from '../../platform/openapi/api-operation';

export const dashboardApi: ApiSection = {
  tag: 'Dashboard',
  description: 'KPI cards, upcoming tasks and project progress.',
  operations: [
    {
      method: 'get',
      path: '/dashboard',
      summary: 'The dashboard in one read',
      access: 'dashboard:view',
      responses: { 200: dashboardSchema },
    },
  ],
};
