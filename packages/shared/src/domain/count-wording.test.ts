import { describe, expect, it } from 'vitest';
import { countOf, formatCount, nounFor } from './count-wording';

const project = { one: 'project', other: 'projects' };

describe('counts in words (issue 20: plurals everywhere, numbers with thousands separators)', () => {
  it('uses the singular for exactly one and the plural for every other count', () => {
    expect(countOf(1, project)).toBe('1 project');
    expect(countOf(0, project)).toBe('0 projects');
    expect(countOf(2, project)).toBe('2 projects');
    expect(nounFor(1, { one: 'person', other: 'people' })).toBe('person');
    expect(nounFor(21, { one: 'person', other: 'people' })).toBe('people');
  });

  it('writes thousands separators', () => {
    expect(formatCount(1204)).toBe('1,204');
    expect(formatCount(100000)).toBe('100,000');
    expect(formatCount(999)).toBe('999');
    expect(countOf(1204, project)).toBe('1,204 projects');
  });
});
