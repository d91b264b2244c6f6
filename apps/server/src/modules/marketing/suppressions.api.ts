import {
  createSuppressionSchema,
  suppressionListQuerySchema,
  suppressionListResponseSchema,
  suppressionSchema,
} from '@atrium/shared';
import { noContent, type ApiSection } from '../../platform/openapi/api-operation';

export const suppressionsApi: ApiSection = {
  tag: 'Email suppressions (issue 23)',
  description:
    'Addresses no campaign is sent to, whatever segment they are in: unsubscribed, bounced (a hard bounce, or three soft ones), marked as spam, or suppressed by hand. Mail adds to the list by itself; a manager adds or releases an address by hand.',
  operations: [
    {
      method: 'get',
      path: '/marketing/suppressions',
      summary: 'The suppression list, newest first',
      description: '`q` finds the addresses that contain each of its words.',
      access: 'marketing:view',
      query: suppressionListQuerySchema,
      responses: { 200: suppressionListResponseSchema },
    },
    {
      method: 'post',
      path: '/marketing/suppressions',
      summary: 'Suppress an address by hand',
      description:
        'The address is kept in lower case, with the reason `manual` and the optional `detail`. An address already on the list, for any reason, gets 409.',
      access: 'marketing:manage',
      body: createSuppressionSchema,
      responses: { 201: suppressionSchema },
      errors: [409],
    },
    {
      method: 'delete',
      path: '/marketing/suppressions/:id',
      summary: 'Release a suppressed address',
      description:
        'The next campaign may reach the address again; one already sending does too, from its next batch.',
      access: 'marketing:manage',
      responses: { 204: noContent },
    },
  ],
};
