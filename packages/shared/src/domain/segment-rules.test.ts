import { describe, expect, it } from 'vitest';
import { segmentRulesSchema, type SegmentCondition, type SegmentRules } from '../api/segments';
import { describeSegmentRules, leadMatchesSegment, type SegmentLead } from './segment-rules';

const campaignA = '0b6f0d4e-6c43-4a8e-9b1a-3c1f7f2d9a01';
const campaignB = '5d2c8e1f-2a7b-4c9d-8e3f-6a1b0c9d8e02';

const lead = (overrides: Partial<SegmentLead> = {}): SegmentLead => ({
  status: 'new',
  source: 'Website',
  score: 40,
  tags: ['SaaS', 'newsletter'],
  industry: 'Software',
  companySize: '11-50',
  createdOn: '2026-03-10',
  campaigns: { sent: new Set([campaignA]), opened: new Set([campaignA]), clicked: new Set() },
  ...overrides,
});

const one = (condition: SegmentCondition): SegmentRules => ({
  match: 'all',
  groups: [{ match: 'all', conditions: [condition] }],
});

describe('leadMatchesSegment', () => {
  it('takes every lead when there are no groups', () => {
    expect(leadMatchesSegment(lead(), { match: 'all', groups: [] })).toBe(true);
    expect(leadMatchesSegment(lead(), { match: 'any', groups: [] })).toBe(true);
  });

  it('reads status, source and score bounds inclusively', () => {
    expect(leadMatchesSegment(lead(), one({ field: 'status', values: ['new', 'contacted'] }))).toBe(true);
    expect(leadMatchesSegment(lead(), one({ field: 'status', values: ['lost'] }))).toBe(false);
    expect(leadMatchesSegment(lead(), one({ field: 'source', values: ['Referral'] }))).toBe(false);
    expect(leadMatchesSegment(lead(), one({ field: 'score', from: 40, to: 60 }))).toBe(true);
    expect(leadMatchesSegment(lead(), one({ field: 'score', to: 39 }))).toBe(false);
    expect(leadMatchesSegment(lead({ score: 100 }), one({ field: 'score', from: 90 }))).toBe(true);
  });

  it('compares words letter by letter in lower case, as the database does, whatever the machine’s locale', () => {
    const tagged = (tag: string) => lead({ tags: [tag] });
    expect(leadMatchesSegment(tagged('izmir'), one({ field: 'tags', match: 'any', values: ['İZMİR'] }))).toBe(
      true,
    );
    // No language's special rules: a final sigma stays what it is, "ß" is not "ss".
    expect(leadMatchesSegment(tagged('οδος'), one({ field: 'tags', match: 'any', values: ['ΟΔΟΣ'] }))).toBe(
      false,
    );
    expect(
      leadMatchesSegment(tagged('strasse'), one({ field: 'tags', match: 'any', values: ['Straße'] })),
    ).toBe(false);
  });

  it('matches tags any, all or none, ignoring case', () => {
    const tags = (match: 'any' | 'all' | 'none', values: string[]) =>
      leadMatchesSegment(lead(), one({ field: 'tags', match, values }));
    expect(tags('any', ['saas', 'events'])).toBe(true);
    expect(tags('all', ['saas', 'events'])).toBe(false);
    expect(tags('all', ['SAAS', 'Newsletter'])).toBe(true);
    expect(tags('none', ['events'])).toBe(true);
    expect(tags('none', ['events', 'newsletter'])).toBe(false);
  });

  it('leaves out a lead without an industry or company size when the condition names some', () => {
    expect(leadMatchesSegment(lead(), one({ field: 'industry', values: ['software'] }))).toBe(true);
    expect(
      leadMatchesSegment(lead({ industry: undefined }), one({ field: 'industry', values: ['Software'] })),
    ).toBe(false);
    expect(leadMatchesSegment(lead(), one({ field: 'companySize', values: ['51-200'] }))).toBe(false);
  });

  it('reads the created day inclusively at both ends', () => {
    expect(leadMatchesSegment(lead(), one({ field: 'created', from: '2026-03-10', to: '2026-03-10' }))).toBe(
      true,
    );
    expect(leadMatchesSegment(lead(), one({ field: 'created', from: '2026-03-11' }))).toBe(false);
  });

  it('counts "did not open" only for leads the campaign reached', () => {
    const activity = (
      l: SegmentLead,
      a: 'sent' | 'opened' | 'clicked' | 'not-opened' | 'not-clicked',
      id: string,
    ) => leadMatchesSegment(l, one({ field: 'campaign', activity: a, campaignId: id }));
    expect(activity(lead(), 'opened', campaignA)).toBe(true);
    expect(activity(lead(), 'not-opened', campaignA)).toBe(false);
    expect(activity(lead(), 'not-clicked', campaignA)).toBe(true);
    // Campaign B never went to this lead: it neither opened it nor "did not open" it.
    expect(activity(lead(), 'opened', campaignB)).toBe(false);
    expect(activity(lead(), 'not-opened', campaignB)).toBe(false);
  });

  it('combines conditions in a group and groups together, so (A and B) or C can be written', () => {
    const rules: SegmentRules = {
      match: 'any',
      groups: [
        {
          match: 'all',
          conditions: [
            { field: 'status', values: ['qualified'] },
            { field: 'score', from: 70 },
          ],
        },
        { match: 'all', conditions: [{ field: 'source', values: ['Referral'] }] },
      ],
    };
    expect(leadMatchesSegment(lead({ status: 'qualified', score: 80 }), rules)).toBe(true);
    expect(leadMatchesSegment(lead({ status: 'qualified', score: 50 }), rules)).toBe(false);
    expect(leadMatchesSegment(lead({ status: 'new', source: 'Referral' }), rules)).toBe(true);
    expect(leadMatchesSegment(lead({ status: 'qualified', score: 50 }), { ...rules, match: 'all' })).toBe(
      false,
    );
  });
});

describe('segmentRulesSchema', () => {
  const problems = (rules: unknown) =>
    segmentRulesSchema.safeParse(rules).error?.issues.map((issue) => issue.message) ?? [];

  it('accepts a rule set and an empty one', () => {
    expect(problems({ match: 'all', groups: [] })).toEqual([]);
    expect(
      problems({
        match: 'any',
        groups: [{ match: 'all', conditions: [{ field: 'tags', match: 'none', values: ['churned'] }] }],
      }),
    ).toEqual([]);
  });

  it('says what is wrong with a condition', () => {
    const group = (condition: unknown) => ({
      match: 'all',
      groups: [{ match: 'all', conditions: [condition] }],
    });
    expect(problems(group({ field: 'status', values: [] }))).toEqual(['Choose at least one status']);
    expect(problems(group({ field: 'score' }))).toEqual(['Enter a lowest score, a highest, or both']);
    expect(problems(group({ field: 'score', from: 80, to: 20 }))).toEqual([
      'The lowest score is above the highest',
    ]);
    expect(problems(group({ field: 'score', from: 101 }))).toEqual(['Scores run to 100']);
    expect(problems(group({ field: 'created', from: '2026-05-01', to: '2026-04-01' }))).toEqual([
      'The first day is after the last',
    ]);
    expect(problems(group({ field: 'campaign', activity: 'opened', campaignId: 'x' }))).toEqual([
      'Choose a campaign',
    ]);
    expect(problems(group({ field: 'salary', values: [1] }))).toEqual(['Choose what the condition looks at']);
    expect(problems({ match: 'all', groups: [{ match: 'all', conditions: [] }] })).toEqual([
      'Add a condition or remove the group',
    ]);
  });
});

describe('describeSegmentRules', () => {
  it('reads a rule set as a sentence, bracketing groups of several conditions', () => {
    expect(describeSegmentRules({ match: 'all', groups: [] })).toBe('Every lead');
    expect(
      describeSegmentRules(
        {
          match: 'any',
          groups: [
            {
              match: 'all',
              conditions: [
                { field: 'status', values: ['new', 'contacted', 'qualified'] },
                { field: 'score', from: 50, to: 100 },
              ],
            },
            { match: 'all', conditions: [{ field: 'campaign', activity: 'clicked', campaignId: campaignA }] },
          ],
        },
        () => 'Spring launch',
      ),
    ).toBe('(status is New, Contacted or Qualified and score 50–100) or clicked in “Spring launch”');
    expect(describeSegmentRules(one({ field: 'tags', match: 'none', values: ['churned', 'test'] }))).toBe(
      'Tagged none of “churned”, “test”',
    );
  });
});
