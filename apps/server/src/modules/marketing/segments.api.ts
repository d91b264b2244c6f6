import {
  createSegmentSchema,
  leadSearchQuerySchema,
  segmentLeadPageSchema,
  segmentLeadsQuerySchema,
  segmentListSchema,
  segmentPreviewInputSchema,
  segmentPreviewSchema,
  segmentSchema,
  updateSegmentSchema,
} from '@atrium/shared';
import { noContent, type ApiSection } from '../../platform/openapi/api-operation';

const campaigns =
  'A campaign condition names a campaign of the workspace; one that does not gets 422 at its path (`rules.groups.0.conditions.1.campaignId`).';

export const segmentsApi: ApiSection = {
  tag: 'Segments (issue 23)',
  description:
    'Saved audiences of campaigns: rules over leads (status, source, score range, tags, industry, company size, created day in the workspace time zone, campaign activity) in groups combined with all / any. A lead is in a segment while its fields match; nothing is copied. Words compare ignoring case.',
  operations: [
    {
      method: 'get',
      path: '/marketing/segments',
      summary: 'Every segment of the workspace, by name',
      description: 'Each with its rules in words and the campaigns that go to it.',
      access: 'marketing:view',
      responses: { 200: segmentListSchema },
    },
    {
      method: 'post',
      path: '/marketing/segments',
      summary: 'Create a segment',
      description: `The name is unique in the workspace, whatever its case (409). ${campaigns}`,
      access: 'marketing:manage',
      body: createSegmentSchema,
      responses: { 201: segmentSchema },
      errors: [409, 422],
    },
    {
      method: 'post',
      path: '/marketing/segments/preview',
      summary: 'Count rules being edited and show the first matching leads',
      description: `How many leads match the rules, and the first ten by last name, first name and id. ${campaigns}`,
      access: 'marketing:view',
      body: segmentPreviewInputSchema,
      responses: { 200: segmentPreviewSchema },
      errors: [422],
    },
    {
      method: 'get',
      path: '/marketing/segments/:id',
      summary: 'One segment',
      access: 'marketing:view',
      responses: { 200: segmentSchema },
    },
    {
      method: 'get',
      path: '/marketing/segments/:id/leads',
      summary: 'The leads a segment matches now',
      description: 'Keyset pages by last name, first name and id.',
      access: 'marketing:view',
      query: segmentLeadsQuerySchema,
      responses: { 200: segmentLeadPageSchema },
    },
    {
      method: 'get',
      path: '/marketing/leads',
      summary: 'Find leads by name, address or company',
      description:
        'Every word of `q` must appear in the name, address or company, ignoring case; keyset pages by last name, first name and id. Whom a campaign is previewed or tested as.',
      access: 'marketing:view',
      query: leadSearchQuerySchema,
      responses: { 200: segmentLeadPageSchema },
    },
    {
      method: 'patch',
      path: '/marketing/segments/:id',
      summary: 'Rename a segment, or change its description or rules',
      description: `Each field left out keeps its value; a stale \`version\` gets 412, a name taken 409. ${campaigns}`,
      access: 'marketing:manage',
      body: updateSegmentSchema,
      responses: { 200: segmentSchema },
      errors: [409, 412, 422],
    },
    {
      method: 'delete',
      path: '/marketing/segments/:id',
      summary: 'Delete a segment',
      description: 'A segment campaigns go to is kept (409, the message naming them).',
      access: 'marketing:manage',
      responses: { 204: noContent },
      errors: [409],
    },
  ],
};
