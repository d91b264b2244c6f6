import { z } from 'zod';
import { leadSources, leadStatuses } from '../domain/enums';
import { isoDate, text } from './fields';
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
