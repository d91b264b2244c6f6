import {
  businessCalendarListSchema,
  businessCalendarViewSchema,
  createBusinessCalendarSchema,
  slaComplianceQuerySchema,
  slaComplianceSchema,
  slaPolicyListSchema,
  slaPolicySchema,
  updateBusinessCalendarSchema,
  updateSlaPolicySchema,
} from '@atrium/shared';
import { noContent, type ApiSection } from '../../platform/openapi/api-operation';

const recomputes =
  'The unfinished tickets counting in it get new due times and warning / breach notifications planned anew.';

export const slaApi: ApiSection = {
  tag: 'Help desk SLA',
  description:
    'SLA policies per tier (targets in business hours, calendar, pause statuses), business calendars, and compliance.',
  operations: [
    {
      method: 'get',
      path: '/helpdesk/sla/policies',
      summary: 'The four tiers’ policies, Bronze to Platinum',
      description: 'A tier not set up yet starts with the spec’s targets.',
      access: 'helpdesk:view',
      responses: { 200: slaPolicyListSchema },
    },
    {
      method: 'patch',
      path: '/helpdesk/sla/policies/:id',
      summary: 'Change a tier’s targets, calendar or pause statuses',
      description: `A stale \`version\` gets 412; a calendar of another workspace 422. ${recomputes}`,
      access: 'helpdesk:manage',
      body: updateSlaPolicySchema,
      responses: { 200: slaPolicySchema },
      errors: [412, 422],
    },
    {
      method: 'get',
      path: '/helpdesk/sla/calendars',
      summary: 'The business calendars, the default first',
      description:
        'The default calendar (Monday to Friday, 09:00-17:00 in the workspace’s time zone) is created on first use.',
      access: 'helpdesk:view',
      responses: { 200: businessCalendarListSchema },
    },
    {
      method: 'post',
      path: '/helpdesk/sla/calendars',
      summary: 'Create a business calendar',
      description:
        'Names are unique (409). `holidayCountry` (DE, US-CA) adds that country’s public holidays as days off; an unknown one gets 422. Marking it the default unmarks the previous default.',
      access: 'helpdesk:manage',
      body: createBusinessCalendarSchema,
      responses: { 201: businessCalendarViewSchema },
      errors: [409, 422],
    },
    {
      method: 'put',
      path: '/helpdesk/sla/calendars/:id',
      summary: 'Replace a business calendar',
      description: `A stale \`version\` gets 412. The default calendar stays the default until another one is marked so (422). ${recomputes}`,
      access: 'helpdesk:manage',
      body: updateBusinessCalendarSchema,
      responses: { 200: businessCalendarViewSchema },
      errors: [409, 412, 422],
    },
    {
      method: 'delete',
      path: '/helpdesk/sla/calendars/:id',
      summary: 'Delete a business calendar',
      description: 'The default calendar, and a calendar an SLA policy counts in, cannot be deleted (409).',
      access: 'helpdesk:manage',
      responses: { 204: noContent },
      errors: [409],
    },
    {
      method: 'get',
      path: '/helpdesk/sla/compliance',
      summary: 'SLA compliance of the tickets created in a period, and the tickets at risk now',
      description:
        '`from` and `to` are days (YYYY-MM-DD, both included) in the workspace’s time zone, at most 366 apart. A clock counts once decided: met, or breached (late, or overdue and still not met).',
      access: 'helpdesk:view',
      query: slaComplianceQuerySchema,
      responses: { 200: slaComplianceSchema },
    },
  ],
};
