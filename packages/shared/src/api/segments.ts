import { z } from 'zod';
import { campaignStatuses, leadSources, leadStatuses } from '../domain/enums';
import { isoDate, optionalFilter, recordVersion, text } from './fields';
import { dataListSchema, listPageSchema, listQuerySchema } from './list';
import { tagSchema } from './projects';

// Issue 23: a segment is a saved rule over leads. Conditions sit in groups; each group and the
// groups together match "all" (and) or "any" (or), which writes (A and B) or C without a tree
// editor. The server turns the rules into one SQL condition, and `leadMatchesSegment` in
// domain/segment-rules.ts states the same meaning for one lead in memory (the tests hold the two
// together).

export const segmentMatches = ['all', 'any'] as const;
export type SegmentMatch = (typeof segmentMatches)[number];

/** What a campaign condition asks of a lead's history with one campaign. */
export const campaignActivities = ['sent', 'opened', 'clicked', 'not-opened', 'not-clicked'] as const;
export type CampaignActivity = (typeof campaignActivities)[number];

export const tagMatches = ['any', 'all', 'none'] as const;
export type TagMatch = (typeof tagMatches)[number];

const choiceList = <T extends z.ZodType>(item: T, what: string) =>
  z
    .array(item)
    .min(1, `Choose at least one ${what}`)
    .max(50, `Choose at most 50 values`)
    .refine((values) => new Set(values).size === values.length, 'Each value once');

const wordValue = text().trim().min(1, 'Enter a value').max(100, 'Use at most 100 characters');
const score = z.int('Enter a whole number').min(0, 'Scores run from 0').max(100, 'Scores run to 100');

const bounds = <T extends { from?: unknown; to?: unknown }>(value: T) =>
  value.from !== undefined || value.to !== undefined;
const ordered = (value: { from?: string | number | undefined; to?: string | number | undefined }) =>
  value.from === undefined || value.to === undefined || value.from <= value.to;

export const segmentConditionSchema = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('status'), values: choiceList(z.enum(leadStatuses), 'status') }),
    z.object({ field: z.literal('source'), values: choiceList(z.enum(leadSources), 'source') }),
    z
      .object({ field: z.literal('score'), from: score.optional(), to: score.optional() })
      .refine(bounds, 'Enter a lowest score, a highest, or both')
      .refine(ordered, { message: 'The lowest score is above the highest', path: ['to'] }),
    z.object({ field: z.literal('tags'), match: z.enum(tagMatches), values: choiceList(tagSchema, 'tag') }),
    z.object({ field: z.literal('industry'), values: choiceList(wordValue, 'industry') }),
    z.object({ field: z.literal('companySize'), values: choiceList(wordValue, 'company size') }),
    z
      .object({ field: z.literal('created'), from: isoDate().optional(), to: isoDate().optional() })
      .refine(bounds, 'Enter a first day, a last day, or both')
      .refine(ordered, { message: 'The first day is after the last', path: ['to'] }),
    z.object({
      field: z.literal('campaign'),
      activity: z.enum(campaignActivities),
      campaignId: z.uuid('Choose a campaign'),
    }),
  ],
  { error: 'Choose what the condition looks at' },
);
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;
export type SegmentField = SegmentCondition['field'];

export const segmentGroupSchema = z.object({
  match: z.enum(segmentMatches),
  conditions: z
    .array(segmentConditionSchema)
    .min(1, 'Add a condition or remove the group')
    .max(20, 'Use at most 20 conditions in a group'),
});
export type SegmentGroup = z.infer<typeof segmentGroupSchema>;

/** No groups at all is every lead of the workspace. */
export const segmentRulesSchema = z.object({
  match: z.enum(segmentMatches),
  groups: z.array(segmentGroupSchema).max(10, 'Use at most 10 groups'),
});
export type SegmentRules = z.infer<typeof segmentRulesSchema>;

const segmentName = text().trim().min(1, 'Enter a name').max(100, 'Use at most 100 characters');
const segmentDescription = text().trim().max(500, 'Use at most 500 characters');

/** POST /api/v1/marketing/segments — the name is unique in the workspace, whatever its case (409). */
export const createSegmentSchema = z.object({
  name: segmentName,
  description: segmentDescription.default(''),
  rules: segmentRulesSchema,
});
export type CreateSegmentInput = z.input<typeof createSegmentSchema>;
export type CreateSegmentValues = z.output<typeof createSegmentSchema>;

/** PATCH /api/v1/marketing/segments/:id — each field left out keeps its value; 412 when stale. */
export const updateSegmentSchema = z.object({
  name: segmentName.optional(),
  description: segmentDescription.optional(),
  rules: segmentRulesSchema.optional(),
  version: recordVersion({ error: 'The version you read is required' }),
});
export type UpdateSegmentInput = z.input<typeof updateSegmentSchema>;
export type UpdateSegmentValues = z.output<typeof updateSegmentSchema>;

export const segmentCampaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(campaignStatuses),
});
export type SegmentCampaign = z.infer<typeof segmentCampaignSchema>;

export const segmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  rules: segmentRulesSchema,
  /** The rules in words (describeSegmentRules), campaigns named. */
  summary: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
  /**
   * The campaigns that go to the segment, by name: while there are some it cannot be deleted.
   * In the list, only the first `segmentListCampaigns` of them; usedByCount says how many in all.
   */
  usedBy: z.array(segmentCampaignSchema),
  usedByCount: z.number().int(),
});
export type Segment = z.infer<typeof segmentSchema>;

/** How many of a segment's campaigns the segment list names (a workspace may have hundreds). */
export const segmentListCampaigns = 3;

/** GET /api/v1/marketing/segments — every segment of the workspace, by name. */
export const segmentListSchema = dataListSchema(segmentSchema);
export type SegmentList = z.infer<typeof segmentListSchema>;

/** POST /api/v1/marketing/segments/preview — rules being edited, not yet saved. */
export const segmentPreviewInputSchema = z.object({ rules: segmentRulesSchema });
export type SegmentPreviewInput = z.input<typeof segmentPreviewInputSchema>;

export const segmentLeadSummarySchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  status: z.enum(leadStatuses),
  score: z.number().int(),
});
export type SegmentLeadSummary = z.infer<typeof segmentLeadSummarySchema>;

/** How many leads match, and the first of them by name. */
export const segmentPreviewSchema = z.object({
  count: z.number().int(),
  leads: z.array(segmentLeadSummarySchema),
});
export type SegmentPreview = z.infer<typeof segmentPreviewSchema>;

/** The leads a preview shows. */
export const segmentPreviewSize = 10;

/** GET /api/v1/marketing/segments/:id/leads?cursor=&limit= — by last name, first name, id. */
export const segmentLeadsQuerySchema = listQuerySchema;
export type SegmentLeadsQuery = z.input<typeof segmentLeadsQuerySchema>;

export const segmentLeadPageSchema = listPageSchema(segmentLeadSummarySchema);
export type SegmentLeadPage = z.infer<typeof segmentLeadPageSchema>;

/** GET /api/v1/marketing/leads?q=&cursor=&limit= — leads by last name, first name, id; `q` matches a part of the name, address or company. */
export const leadSearchQuerySchema = listQuerySchema.extend({
  q: optionalFilter(text().trim().max(100, 'Use at most 100 characters')),
});
export type LeadSearchQuery = z.input<typeof leadSearchQuerySchema>;
export type LeadSearchQueryValues = z.output<typeof leadSearchQuerySchema>;
