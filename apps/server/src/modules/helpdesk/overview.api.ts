import { helpdeskOverviewQuerySchema, helpdeskOverviewSchema } from '@atrium/shared';
import type { ApiSection } from '../../platform/openapi/api-operation';

export const overviewApi: ApiSection = {
  tag: 'Help desk overview',
  description:
    'The help desk at a glance: open, unassigned and breaching tickets, response times and trends.',
  operations: [
    {
      method: 'get',
      path: '/helpdesk/overview',
      summary: 'KPIs and charts of the help desk over the last 7, 30 or 90 days',
      description:
        '`open` counts open, in-progress and pending tickets, the same count as the dashboard’s Open Tickets card. `breaching` counts those with a first-response or resolution due time in the past. The average first response is in wall-clock hours over the period’s answered tickets; days are the workspace’s calendar days.',
      access: 'helpdesk:view',
      query: helpdeskOverviewQuerySchema,
      responses: { 200: helpdeskOverviewSchema },
    },
  ],
};
