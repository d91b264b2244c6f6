import type { Segment } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import {
  conditionDraftOf,
  newCondition,
  newGroup,
  rulesOf,
  segmentChanges,
  segmentFormSchema,
  segmentFormValuesOf,
  validRulesOf,
  type RulesDraft,
} from './segment-rules-form';

const segment = (rules: Segment['rules']): Segment => ({
  id: '7c1d3f5e-8a2b-4c6d-9e0f-1a2b3c4d5e6f',
  name: 'Warm leads',
  description: '',
  rules,
  summary: '',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 3,
  usedBy: [],
  usedByCount: 0,
});

describe('the segment builder form', () => {
  it('sends only the chosen field’s boxes, empty bounds left out', () => {
    const rules: RulesDraft = {
      match: 'any',
      groups: [
        {
          match: 'all',
          conditions: [
            { ...newCondition('score'), from: '60', to: '', values: ['new'] },
            { ...newCondition('created'), range: 'before', from: '', to: '2026-02-01' },
            // A day left in the box the range hides is not sent.
            { ...newCondition('created'), range: 'after', from: '2026-01-01', to: '2026-03-01' },
          ],
        },
      ],
    };
    expect(rulesOf(rules)).toEqual({
      match: 'any',
      groups: [
        {
          match: 'all',
          conditions: [
            { field: 'score', from: 60, to: undefined },
            { field: 'created', from: undefined, to: '2026-02-01' },
            { field: 'created', from: '2026-01-01', to: undefined },
          ],
        },
      ],
    });
  });

  it('counts live only once every condition is filled in', () => {
    const group = newGroup();
    expect(validRulesOf({ match: 'all', groups: [group] })).toBeNull();
    const filled = { ...group, conditions: [{ ...newCondition('status'), values: ['new', 'qualified'] }] };
    expect(validRulesOf({ match: 'all', groups: [filled] })).toEqual({
      match: 'all',
      groups: [{ match: 'all', conditions: [{ field: 'status', values: ['new', 'qualified'] }] }],
    });
    // No groups at all is every lead: a valid rule set.
    expect(validRulesOf({ match: 'all', groups: [] })).toEqual({ match: 'all', groups: [] });
  });

  it('reads a score that is not a number as an error, not as no bound', () => {
    const rules: RulesDraft = {
      match: 'all',
      groups: [{ match: 'all', conditions: [{ ...newCondition('score'), from: '5x' }] }],
    };
    expect(validRulesOf(rules)).toBeNull();
  });

  it('puts the schema’s messages at the draft’s own paths', () => {
    const parsed = segmentFormSchema.safeParse({
      name: ' ',
      description: '',
      rules: {
        match: 'all',
        groups: [
          {
            match: 'all',
            conditions: [
              { ...newCondition('score'), from: '80', to: '20' },
              newCondition('status'),
              newCondition('campaign'),
            ],
          },
        ],
      },
    });
    expect(parsed.success).toBe(false);
    const paths = Object.fromEntries(
      parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(paths).toMatchObject({
      name: 'Enter a name',
      'rules.groups.0.conditions.0.to': 'The lowest score is above the highest',
      'rules.groups.0.conditions.1.values': 'Choose at least one status',
      'rules.groups.0.conditions.2.campaignId': 'Choose a campaign',
    });
  });

  it('loads a saved segment into the draft and back unchanged', () => {
    const saved = segment({
      match: 'any',
      groups: [
        {
          match: 'all',
          conditions: [
            { field: 'status', values: ['new'] },
            { field: 'score', from: 50 },
          ],
        },
        { match: 'any', conditions: [{ field: 'tags', match: 'none', values: ['vip'] }] },
      ],
    });
    const values = segmentFormValuesOf(saved);
    expect(values.rules.groups[0]!.conditions[1]).toEqual({ ...newCondition('score'), from: '50', to: '' });
    const output = segmentFormSchema.parse(values);
    expect(segmentChanges(output, saved)).toEqual({});
    expect(segmentChanges({ ...output, name: 'Hot leads' }, saved)).toEqual({ name: 'Hot leads' });
  });

  it('keeps a campaign condition’s activity and campaign', () => {
    const id = '0b7f3e9a-5c2d-4e1f-8a3b-6c7d8e9f0a1b';
    expect(conditionDraftOf({ field: 'campaign', activity: 'not-opened', campaignId: id })).toMatchObject({
      field: 'campaign',
      activity: 'not-opened',
      campaignId: id,
    });
  });

  it('opens a saved created-date condition on the range it has', () => {
    expect(conditionDraftOf({ field: 'created', from: '2026-01-01' }).range).toBe('after');
    expect(conditionDraftOf({ field: 'created', to: '2026-01-01' }).range).toBe('before');
    expect(conditionDraftOf({ field: 'created', from: '2026-01-01', to: '2026-02-01' }).range).toBe(
      'between',
    );
  });
});
