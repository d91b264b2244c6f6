import { backgroundJobListQuerySchema, backgroundJobPageSchema } from '@atrium/shared';
import { noContent, type ApiSection } from '../openapi/api-operation';

export const jobsApi: ApiSection = {
  tag: 'Background jobs',
  description: "The workspace's background jobs, for its Admins.",
  operations: [
    {
      method: 'get',
      path: '/jobs',
      summary: 'Jobs in one state, a page at a time, with the count per state',
      access: 'settings:manage',
      query: backgroundJobListQuerySchema,
      responses: { 200: backgroundJobPageSchema },
    },
    {
      method: 'post',
      path: '/jobs/:id/retry',
      summary: 'Retry a failed job',
      access: 'settings:manage',
      responses: { 204: noContent },
      errors: [409],
    },
  ],
};
