import type { CampaignActivity, SegmentCondition, SegmentMatch, SegmentRules } from '../api/segments';
import type { LeadSource, LeadStatus } from './enums';

/** What a segment can look at of one lead. */
export type SegmentLead = {
  status: LeadStatus;
  source: LeadSource;
  score: number;
  tags: readonly string[];
  industry?: string | undefined;
  companySize?: string | undefined;
  /** The workspace's calendar day the lead was created (YYYY-MM-DD). */
  createdOn: string;
  /** The campaigns that sent to the lead, and those it opened or clicked, by id. */
  campaigns: { sent: ReadonlySet<string>; opened: ReadonlySet<string>; clicked: ReadonlySet<string> };
};

/**
 * A word as segments compare it: "SaaS" and "saas" are one industry, one tag. Letter by letter in
 * lower case (Unicode's simple mapping), which is what PostgreSQL's lower() does under a UTF-8
 * locale (ours is C.UTF-8; under plain C it lowers only A-Z), so the server's SQL means the same. Not localeCompare: its answer depends on the
 * reader's locale (a Turkish browser keeps I and i apart) and SQL cannot follow it.
 */
export function segmentWord(word: string): string {
  let folded = '';
  // Per code point: no context rules (a Greek final sigma); İ is the one letter whose full lower
  // case is two code points, its simple one is i.
  for (const letter of word) folded += letter === '\u0130' ? 'i' : letter.toLowerCase();
  return folded;
}

const same = (a: string, b: string) => segmentWord(a) === segmentWord(b);
const includesWord = (values: readonly string[], word: string | undefined) =>
  word !== undefined && values.some((value) => same(value, word));

const within = <T extends string | number>(value: T, from: T | undefined, to: T | undefined) =>
  (from === undefined || value >= from) && (to === undefined || value <= to);

function activityHolds(lead: SegmentLead, activity: CampaignActivity, campaignId: string): boolean {
  const { sent, opened, clicked } = lead.campaigns;
  switch (activity) {
    case 'sent':
      return sent.has(campaignId);
    case 'opened':
      return opened.has(campaignId);
    case 'clicked':
      return clicked.has(campaignId);
    // Received it and did not: a lead the campaign never reached has nothing to not-open.
    case 'not-opened':
      return sent.has(campaignId) && !opened.has(campaignId);
    case 'not-clicked':
      return sent.has(campaignId) && !clicked.has(campaignId);
  }
}

export function conditionHolds(lead: SegmentLead, condition: SegmentCondition): boolean {
  switch (condition.field) {
    case 'status':
      return condition.values.includes(lead.status);
    case 'source':
      return condition.values.includes(lead.source);
    case 'score':
      return within(lead.score, condition.from, condition.to);
    case 'tags': {
      const has = (tag: string) => includesWord(lead.tags, tag);
      if (condition.match === 'all') return condition.values.every(has);
      if (condition.match === 'any') return condition.values.some(has);
      return !condition.values.some(has);
    }
    case 'industry':
      return includesWord(condition.values, lead.industry);
    case 'companySize':
      return includesWord(condition.values, lead.companySize);
    case 'created':
      return within(lead.createdOn, condition.from, condition.to);
    case 'campaign':
      return activityHolds(lead, condition.activity, condition.campaignId);
  }
}

const combine = <T>(match: SegmentMatch, items: readonly T[], holds: (item: T) => boolean) =>
  match === 'all' ? items.every(holds) : items.some(holds);

/**
 * Whether a lead is in a segment: the meaning the server's SQL must have. No groups is every lead
 * (also with "any": an empty rule set narrows nothing).
 */
export function leadMatchesSegment(lead: SegmentLead, rules: SegmentRules): boolean {
  if (rules.groups.length === 0) return true;
  return combine(rules.match, rules.groups, (group) =>
    combine(group.match, group.conditions, (condition) => conditionHolds(lead, condition)),
  );
}

/** A lead's status as screens and segment rules name it. */
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  opportunity: 'Opportunity',
  customer: 'Customer',
  lost: 'Lost',
};

const activityWords: Record<CampaignActivity, string> = {
  sent: 'received',
  opened: 'opened',
  clicked: 'clicked in',
  'not-opened': 'received and did not open',
  'not-clicked': 'received and did not click in',
};

const either = (values: readonly string[]) =>
  values.length === 1 ? values[0]! : `${values.slice(0, -1).join(', ')} or ${values.at(-1)!}`;
const quoted = (values: readonly string[]) => values.map((value) => `“${value}”`);

function rangeWords(from: string | number | undefined, to: string | number | undefined): string {
  if (from !== undefined && to !== undefined) return from === to ? `${from}` : `${from}–${to}`;
  return from !== undefined ? `${from} or more` : `up to ${to}`;
}

/** One condition in words, for the segment list and the campaign's audience summary. */
export function describeCondition(
  condition: SegmentCondition,
  campaignName: (id: string) => string = () => 'a campaign',
): string {
  switch (condition.field) {
    case 'status':
      return `status is ${either(condition.values.map((status) => leadStatusLabels[status]))}`;
    case 'source':
      return `source is ${either(condition.values)}`;
    case 'score':
      return `score ${rangeWords(condition.from, condition.to)}`;
    case 'tags': {
      const tags = quoted(condition.values);
      if (condition.match === 'none') return `tagged none of ${tags.join(', ')}`;
      if (condition.match === 'all' && tags.length > 1) return `tagged all of ${tags.join(', ')}`;
      return `tagged ${either(tags)}`;
    }
    case 'industry':
      return `industry is ${either(condition.values)}`;
    case 'companySize':
      return `company size is ${either(condition.values)}`;
    case 'created': {
      const { from, to } = condition;
      if (from !== undefined && to !== undefined) return `created ${from} to ${to}`;
      return from !== undefined ? `created on or after ${from}` : `created on or before ${to}`;
    }
    case 'campaign':
      return `${activityWords[condition.activity]} “${campaignName(condition.campaignId)}”`;
  }
}

/** A whole rule set in words: "status is New or Contacted and score 50–100", groups in brackets. */
export function describeSegmentRules(rules: SegmentRules, campaignName?: (id: string) => string): string {
  if (rules.groups.length === 0) return 'Every lead';
  const joiner = (match: SegmentMatch) => (match === 'all' ? ' and ' : ' or ');
  const groups = rules.groups.map((group) => {
    const words = group.conditions.map((condition) => describeCondition(condition, campaignName));
    const joined = words.join(joiner(group.match));
    return rules.groups.length > 1 && words.length > 1 ? `(${joined})` : joined;
  });
  const sentence = groups.join(joiner(rules.match));
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
