import { leadDetailsSchema, updateLeadSchema } from '@atrium/shared';
import type { ApiSection } from '../../platform/openapi/api-operation';

export const leadsApi: ApiSection = {
  tag: 'Leads (issue 23)',
  description:
    'A lead’s stage, its value and when it became a customer. Its value is the revenue of the email campaign whose link it last clicked (a person, not a link scanner) before becoming a customer; that campaign is fixed when it converts. The lead search is under Segments.',
  operations: [
    {
      method: 'get',
      path: '/marketing/leads/:id',
      summary: 'A lead, with its value and the campaign its value counts for',
      access: 'marketing:view',
      responses: { 200: leadDetailsSchema },
    },
    {
      method: 'patch',
      path: '/marketing/leads/:id',
      summary: 'Move a lead to another stage, or set its value',
      description:
        'A lead moved to `customer` becomes one now, or at `convertedAt` (not in the future); its campaign is the one it last clicked until then, and that campaign’s revenue is the sum of its customers’ values. A lead moved out of `customer` loses the date and its campaign. `convertedAt` is refused (422) unless the lead is, or becomes, a customer.',
      access: 'marketing:manage',
      body: updateLeadSchema,
      responses: { 200: leadDetailsSchema },
      errors: [412, 422],
    },
  ],
};
