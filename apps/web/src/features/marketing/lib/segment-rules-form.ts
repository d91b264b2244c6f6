import {
  createSegmentSchema,
  segmentRulesSchema,
  type CampaignActivity,
  type Segment,
  type SegmentCondition,
  type SegmentField,
  type SegmentMatch,
  type SegmentRules,
  type TagMatch,
} from '@atrium/shared';
import { z } from 'zod';

// The segment builder edits rules as the form holds them (every box a string, one shape for every
// field) and sends them as the shared schema reads them. The draft keeps the schema's paths
// (rules.groups.N.conditions.M.from), so an error from the schema or the server lands at its box.

/** One condition as the builder holds it: every field's boxes, only the chosen field's are sent. */
export type ConditionDraft = {
  field: SegmentField;
  /** Statuses, sources, tags, industries or company sizes. */
  values: string[];
  /** Tags: any, all or none of them. */
  match: TagMatch;
  /** Score (a number) or created (a YYYY-MM-DD day); empty is no bound. */
  from: string;
  to: string;
  /** Created: which of the two days the condition has (a choice the empty boxes cannot show). */
  range: DateRange;
  activity: CampaignActivity;
  campaignId: string;
};

export type DateRange = 'after' | 'before' | 'between';

export type GroupDraft = { match: SegmentMatch; conditions: ConditionDraft[] };
export type RulesDraft = { match: SegmentMatch; groups: GroupDraft[] };

export const segmentFieldLabels: Record<SegmentField, string> = {
  status: 'Status',
  source: 'Source',
  score: 'Score',
  tags: 'Tags',
  industry: 'Industry',
  companySize: 'Company size',
  created: 'Created date',
  campaign: 'Campaign activity',
};

/** The fields in the order the picker offers them. */
export const segmentFields = Object.keys(segmentFieldLabels) as SegmentField[];

export const campaignActivityLabels: Record<CampaignActivity, string> = {
  sent: 'Received',
  opened: 'Opened',
  clicked: 'Clicked a link in',
  'not-opened': 'Received but did not open',
  'not-clicked': 'Received but did not click in',
};

export const dateRangeLabels: Record<DateRange, string> = {
  after: 'On or after',
  before: 'On or before',
  between: 'Between',
};

export const tagMatchLabels: Record<TagMatch, string> = {
  any: 'Has any of these tags',
  all: 'Has all of these tags',
  none: 'Has none of these tags',
};

/** A fresh condition on a field: nothing chosen yet, so it does not count until filled in. */
export function newCondition(field: SegmentField = 'status'): ConditionDraft {
  return {
    field,
    values: [],
    match: 'any',
    from: '',
    to: '',
    range: field === 'created' ? 'after' : 'between',
    activity: 'opened',
    campaignId: '',
  };
}

export const newGroup = (): GroupDraft => ({ match: 'all', conditions: [newCondition()] });

const boundText = (value: string | number | undefined) => (value === undefined ? '' : String(value));

export function conditionDraftOf(condition: SegmentCondition): ConditionDraft {
  const draft = newCondition(condition.field);
  switch (condition.field) {
    case 'score':
      return { ...draft, from: boundText(condition.from), to: boundText(condition.to) };
    case 'created': {
      const { from, to } = condition;
      const range =
        from !== undefined && to === undefined ? 'after' : from === undefined ? 'before' : 'between';
      return { ...draft, from: boundText(from), to: boundText(to), range };
    }
    case 'tags':
      return { ...draft, match: condition.match, values: [...condition.values] };
    case 'campaign':
      return { ...draft, activity: condition.activity, campaignId: condition.campaignId };
    default:
      return { ...draft, values: [...condition.values] };
  }
}

export function segmentFormValuesOf(segment: Segment | null): SegmentFormValues {
  if (!segment) return { name: '', description: '', rules: { match: 'all', groups: [] } };
  return {
    name: segment.name,
    description: segment.description,
    rules: {
      match: segment.rules.match,
      groups: segment.rules.groups.map((group) => ({
        match: group.match,
        conditions: group.conditions.map(conditionDraftOf),
      })),
    },
  };
}

const isBlank = (value: string) => value.trim() === '';
/** Not a number at all reads as NaN, so the schema answers "Enter a whole number" instead of ignoring it. */
const scoreBound = (value: string) => (isBlank(value) ? undefined : Number(value.trim()));
const dayBound = (value: string) => (isBlank(value) ? undefined : value);

/** A draft condition as the API reads it: only its field's boxes. */
export function conditionOf(draft: ConditionDraft): unknown {
  switch (draft.field) {
    case 'score':
      return { field: 'score', from: scoreBound(draft.from), to: scoreBound(draft.to) };
    case 'created':
      return {
        field: 'created',
        from: draft.range === 'before' ? undefined : dayBound(draft.from),
        to: draft.range === 'after' ? undefined : dayBound(draft.to),
      };
    case 'tags':
      return { field: 'tags', match: draft.match, values: draft.values };
    case 'campaign':
      return { field: 'campaign', activity: draft.activity, campaignId: draft.campaignId };
    default:
      return { field: draft.field, values: draft.values };
  }
}

/** The draft rules in the API's shape, not yet checked. */
export function rulesOf(draft: RulesDraft): unknown {
  return {
    match: draft.match,
    groups: draft.groups.map((group) => ({
      match: group.match,
      conditions: group.conditions.map(conditionOf),
    })),
  };
}

/** The rules when they are complete and valid (the live count asks only then), otherwise null. */
export function validRulesOf(draft: RulesDraft): SegmentRules | null {
  const parsed = segmentRulesSchema.safeParse(rulesOf(draft));
  return parsed.success ? parsed.data : null;
}

/**
 * The builder's form, checked with the shared create schema: the rules are turned into the API's
 * shape first, and the schema's issues keep their paths, which are the draft's paths too.
 */
export const segmentFormSchema = createSegmentSchema.extend({
  rules: z
    .custom<RulesDraft>()
    .transform((draft) => rulesOf(draft))
    .pipe(segmentRulesSchema),
});
export type SegmentFormValues = z.input<typeof segmentFormSchema>;
export type SegmentFormOutput = z.output<typeof segmentFormSchema>;

/** What changed since the segment was loaded: a PATCH sends only those fields. */
export function segmentChanges(
  values: SegmentFormOutput,
  segment: Segment,
): Partial<Pick<SegmentFormOutput, 'name' | 'description' | 'rules'>> {
  return {
    ...(values.name !== segment.name ? { name: values.name } : {}),
    ...(values.description !== segment.description ? { description: values.description } : {}),
    // Parsed again so both sides list their keys in the schema's order (jsonb keeps its own).
    ...(JSON.stringify(values.rules) !== JSON.stringify(segmentRulesSchema.parse(segment.rules))
      ? { rules: values.rules }
      : {}),
  };
}
