import { z } from 'zod';
import { clickThroughRate } from '../domain/dashboard-rules';
import { campaignStatuses, campaignTypes, type CampaignStatus, type CampaignType } from '../domain/enums';
import { campaignContentSchema } from './campaign-content';
import { isoDateTime, maxInteger, optionalFilter, recordVersion, text } from './fields';
import { listPageSchema, listQuerySchema } from './list';
import { senderEmailSchema, senderNameSchema } from './marketing-settings';
import { personRefSchema } from './projects';

// Issue 23: campaigns as records. Routes under /api/v1/marketing/campaigns. Only email campaigns
// send: their status and counters belong to the sender and the tracking. The other types (sms,
// social, webinar) are planned and tracked by hand: status, start and results are entered here.

export const campaignTypeLabels: Record<CampaignType, string> = {
  email: 'Email',
  sms: 'SMS',
  social: 'Social',
  webinar: 'Webinar',
};

export const campaignStatusLabels: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
};

/** An email campaign's message, audience and sender change only before it starts sending. */
export const editableEmailStatuses: readonly CampaignStatus[] = ['draft', 'scheduled'];

/** Spec 9 samples campaign budgets between 5,000 and 50,000; the column holds up to this. */
export const maxCampaignBudget = 9_999_999_999;
export const maxCampaignNameLength = 120;
export const maxCampaignSegments = 20;

const name = text({ error: 'Enter the campaign name' })
  .trim()
  .min(1, 'Enter the campaign name')
  .max(maxCampaignNameLength, `Use at most ${maxCampaignNameLength} characters`);

const description = text().trim().max(2000, 'Use at most 2,000 characters');

const budget = z
  .number('Enter the budget as a number')
  .min(0, 'The budget cannot be negative')
  .max(maxCampaignBudget, 'At most 9,999,999,999')
  .nullable();

const segmentIds = z
  .array(z.uuid('Choose a segment from the list'), 'Segments are a list')
  .max(maxCampaignSegments, `Choose at most ${maxCampaignSegments} segments`)
  .transform((ids) => [...new Set(ids)]);

const count = (what: string) =>
  z
    .number(`Enter the ${what} as a number`)
    .int('Enter a whole number')
    .min(0, 'Cannot be negative')
    .max(maxInteger, 'Too large');

const revenue = z
  .number('Enter the revenue as a number')
  .min(0, 'Cannot be negative')
  .max(999_999_999_999, 'At most 999,999,999,999');

/** Results of a campaign tracked by hand (sms, social, webinar). */
const resultFields = {
  sent: count('number sent'),
  delivered: count('number delivered'),
  opened: count('number opened'),
  clicked: count('number of clicks'),
  revenue,
};

export type CampaignFunnelCounts = { sent: number; delivered: number; opened: number; clicked: number };

/**
 * A funnel read by hand must still make sense: no more delivered than sent, and no more opened
 * or clicked than delivered (the rates are per delivered message). The fields that break it.
 */
export function campaignResultsProblems(results: CampaignFunnelCounts): Record<string, string> {
  const problems: Record<string, string> = {};
  if (results.delivered > results.sent) problems.delivered = 'No more than were sent';
  if (results.opened > results.delivered) problems.opened = 'No more than were delivered';
  if (results.clicked > results.delivered) problems.clicked = 'No more than were delivered';
  return problems;
}

const startsAt = isoDateTime('Enter a valid date and time').nullable();

const common = {
  name,
  description: description.default(''),
  budget: budget.default(null),
  segmentIds: segmentIds.default([]),
};

/**
 * POST /api/v1/marketing/campaigns — an email campaign starts as a draft; its content may be
 * written later (sending needs it). The sender left out is the workspace's (marketing settings).
 */
export const createEmailCampaignSchema = z.object({
  type: z.literal('email'),
  ...common,
  content: campaignContentSchema.nullable().default(null),
  fromName: senderNameSchema.default(null),
  fromEmail: senderEmailSchema.default(null),
});

/** POST /api/v1/marketing/campaigns — an sms, social or webinar campaign, tracked by hand. */
export const createTrackedCampaignSchema = z.object({
  type: z.enum(['sms', 'social', 'webinar'], 'Choose email, sms, social or webinar'),
  ...common,
  status: z.enum(campaignStatuses, 'Choose draft, scheduled, active, paused or completed').default('draft'),
  startsAt: startsAt.default(null),
  sent: resultFields.sent.default(0),
  delivered: resultFields.delivered.default(0),
  opened: resultFields.opened.default(0),
  clicked: resultFields.clicked.default(0),
  revenue: resultFields.revenue.default(0),
});

/** A check on the whole body: the results as entered (create; an update is checked with the stored ones). */
const resultsInOrder = z.superRefine(
  (value: Partial<Record<keyof CampaignFunnelCounts, unknown>>, ctx) => {
    const numbers = [value.sent, value.delivered, value.opened, value.clicked];
    if (!numbers.every((n) => typeof n === 'number')) return;
    const problems = campaignResultsProblems(value as CampaignFunnelCounts);
    for (const [field, message] of Object.entries(problems)) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

export const createCampaignSchema = z.discriminatedUnion(
  'type',
  [createEmailCampaignSchema, createTrackedCampaignSchema.check(resultsInOrder)],
  { error: 'Choose email, sms, social or webinar' },
);
export type CreateCampaignInput = z.input<typeof createCampaignSchema>;
export type CreateCampaignValues = z.output<typeof createCampaignSchema>;

/**
 * PATCH /api/v1/marketing/campaigns/:id — only the fields sent change; 412 when `version` is
 * stale; the type never changes. Email campaigns: `content`, `segmentIds`, `fromName` and
 * `fromEmail` only while draft or scheduled (409 after); `status`, `startsAt` and the results are
 * the sender's (422). Other types: no `content` or sender (422).
 */
export const updateCampaignSchema = z.object({
  name: name.optional(),
  description: description.optional(),
  budget: budget.optional(),
  segmentIds: segmentIds.optional(),
  content: campaignContentSchema.nullable().optional(),
  fromName: senderNameSchema.optional(),
  fromEmail: senderEmailSchema.optional(),
  status: z.enum(campaignStatuses, 'Choose draft, scheduled, active, paused or completed').optional(),
  startsAt: startsAt.optional(),
  sent: resultFields.sent.optional(),
  delivered: resultFields.delivered.optional(),
  opened: resultFields.opened.optional(),
  clicked: resultFields.clicked.optional(),
  revenue: resultFields.revenue.optional(),
  version: recordVersion({ error: 'The version you read is required' }),
});
export type UpdateCampaignInput = z.input<typeof updateCampaignSchema>;
export type UpdateCampaignValues = z.output<typeof updateCampaignSchema>;

/** The fields of an update only email campaigns have, and those only the other types have. */
export const emailOnlyCampaignFields = ['content', 'fromName', 'fromEmail'] as const;
export const trackedOnlyCampaignFields = [
  'status',
  'startsAt',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'revenue',
] as const;
/** What an email campaign keeps as it was once it started sending. */
export const lockedWhileSendingFields = ['content', 'segmentIds', 'fromName', 'fromEmail'] as const;

export const campaignSortKeys = ['updatedAt', 'name', 'sent'] as const;
export type CampaignSortKey = (typeof campaignSortKeys)[number];

/**
 * GET /api/v1/marketing/campaigns?status=&type=&q=&sort=&order=&limit=&cursor=
 * Default: the latest changed first; name sorts A to Z, sent the most first unless `order` says.
 */
export const campaignListQuerySchema = listQuerySchema.extend({
  status: optionalFilter(z.enum(campaignStatuses, 'Choose a campaign status')),
  type: optionalFilter(z.enum(campaignTypes, 'Choose a campaign type')),
  q: optionalFilter(text().trim().max(100, 'Use at most 100 characters')),
  sort: optionalFilter(z.enum(campaignSortKeys, 'Sort by updatedAt, name or sent')).transform(
    (value) => value ?? 'updatedAt',
  ),
  order: optionalFilter(z.enum(['asc', 'desc'], 'Order asc or desc')),
});
export type CampaignListQuery = z.output<typeof campaignListQuerySchema>;

/** The direction a sort reads in when the list does not say. */
export const defaultCampaignOrder = (sort: CampaignSortKey): 'asc' | 'desc' =>
  sort === 'name' ? 'asc' : 'desc';

/**
 * Open and click rates: per delivered message, a percentage to 1 decimal, null before anything was
 * delivered (as the dashboard's Campaign CTR counts them).
 */
export const deliveredRate = (count: number, delivered: number): number | null =>
  clickThroughRate(count, delivered);

// ---- responses --------------------------------------------------------------------------------

const instant = z.iso.datetime({ offset: true });

export const campaignSegmentRefSchema = z.object({ id: z.uuid(), name: z.string() });
export type CampaignSegmentRef = z.infer<typeof campaignSegmentRefSchema>;

/** One row of the campaign list. */
export const campaignListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(campaignTypes),
  status: z.enum(campaignStatuses),
  /** The audience's segments, by name. */
  segments: z.array(campaignSegmentRefSchema),
  /** The audience when it started sending (email); 0 before. */
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  /** Percent of delivered, to 1 decimal; null before any delivery. */
  openRate: z.number().nullable(),
  clickRate: z.number().nullable(),
  unsubscribed: z.number().int(),
  bounced: z.number().int(),
  revenue: z.number(),
  budget: z.number().nullable(),
  startsAt: instant.nullable(),
  updatedAt: instant,
  version: z.number().int(),
});
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

export const campaignListSchema = listPageSchema(campaignListItemSchema);
export type CampaignList = z.infer<typeof campaignListSchema>;

/** GET /api/v1/marketing/campaigns/:id — the whole record. */
export const campaignDetailsSchema = campaignListItemSchema.extend({
  description: z.string(),
  /** Null until written (email); always null for the other types. */
  content: campaignContentSchema.nullable(),
  /** The sender as the campaign sets it; null: the workspace's (marketing settings). */
  fromName: z.string().nullable(),
  fromEmail: z.string().nullable(),
  timeZone: z.string(),
  frequency: z.string(),
  opened: z.number().int(),
  clicked: z.number().int(),
  failed: z.number().int(),
  sendingStartedAt: instant.nullable(),
  completedAt: instant.nullable(),
  /** Why it paused on its own (the mail server refusing); null otherwise. */
  pausedReason: z.string().nullable(),
  /** Whether the content, audience and sender may still change (email: draft or scheduled). */
  editable: z.boolean(),
  createdBy: personRefSchema.nullable(),
  createdAt: instant,
});
export type CampaignDetails = z.infer<typeof campaignDetailsSchema>;
