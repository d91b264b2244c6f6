import { activityPageSchema, listQuerySchema } from '@atrium/shared';
import type { ApiSection } from '../openapi/api-operation';

export const activityApi: ApiSection = {
  tag: 'Activity',
  description: 'Who did what, newest first: of each entry only what the member may read of its record.',
  operations: [
    {
      method: 'get',
      path: '/activity',
      summary: "The workspace's activity feed, a page at a time",
      access: 'activity:view',
      query: listQuerySchema,
      responses: { 200: activityPageSchema },
    },
  ],
};
