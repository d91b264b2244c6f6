import {
  campaignEventsQuerySchema,
  campaignMailEventPageSchema,
  campaignRecipientPageSchema,
  campaignRecipientsQuerySchema,
  campaignResultsSchema,
} from '@atrium/shared';
import type { ApiSection } from '../../platform/openapi/api-operation';

const human =
  'Opens and clicks flagged as bots or link scanners (a known bot user agent, or a hit within 2 seconds of the message being sent) are kept but never counted.';

export const campaignReportsApi: ApiSection = {
  tag: 'Campaign results (issue 23)',
  description:
    'What became of a campaign: the funnel and its rates, opens and clicks over time, clicks per link, the recipients with their status, and the bounces, unsubscribes and complaints.',
  operations: [
    {
      method: 'get',
      path: '/marketing/campaigns/:id/results',
      summary: 'A campaign’s funnel, rates, opens and clicks over time, and clicks per link',
      description: `Delivered is sent less bounced; rates are percentages to 1 decimal (null before there is anything to divide by). The timeline has a bucket per hour for the first 48 hours after sending started, then one per 24 hours, up to the latest hit. ${human} \`attributedCustomers\` counts the customers whose last click before becoming customers was on this campaign; an email campaign’s \`revenue\` is the sum of their values (see Leads).`,
      access: 'marketing:view',
      responses: { 200: campaignResultsSchema },
    },
    {
      method: 'get',
      path: '/marketing/campaigns/:id/recipients',
      summary: 'The campaign’s recipients with their status, a keyset page',
      description:
        '`status` is a send status, or `opened`, `clicked` or `unsubscribed` for what the recipient did; `q` matches the address or the lead’s name. In the order the recipients were queued.',
      access: 'marketing:view',
      query: campaignRecipientsQuerySchema,
      responses: { 200: campaignRecipientPageSchema },
    },
    {
      method: 'get',
      path: '/marketing/campaigns/:id/events',
      summary: 'The campaign’s bounces, unsubscribes and complaints, newest first',
      description: 'Every kind unless `kind` names one. A bounce’s `detail` is what the mail server said.',
      access: 'marketing:view',
      query: campaignEventsQuerySchema,
      responses: { 200: campaignMailEventPageSchema },
    },
  ],
};
