import { marketingSettingsInputSchema, marketingSettingsSchema } from '@atrium/shared';
import type { ApiSection } from '../../platform/openapi/api-operation';

export const marketingSettingsApi: ApiSection = {
  tag: 'Marketing settings (issue 23)',
  description:
    'How a workspace sends its email campaigns: the rate, per-person tracking, the sender and the postal address.',
  operations: [
    {
      method: 'get',
      path: '/marketing/settings',
      summary: 'The marketing settings',
      description:
        'Until first saved, the defaults (10 messages a second, per-person tracking on, no sender, no postal address) at version 1.',
      access: 'marketing:view',
      responses: { 200: marketingSettingsSchema },
    },
    {
      method: 'put',
      path: '/marketing/settings',
      summary: 'Save the marketing settings',
      description:
        '`sendRatePerSecond` (1-10,000, or null for no limit) holds across all server processes together. With `trackPeople` off, opens and clicks are counted per campaign only. `fromName` and `fromEmail` are the sender of campaigns that name none (empty: none); `postalAddress` is shown in every campaign’s footer. Each left out keeps its value. A stale `version` gets 412.',
      access: 'marketing:manage',
      body: marketingSettingsInputSchema,
      responses: { 200: marketingSettingsSchema },
      errors: [412],
    },
  ],
};
