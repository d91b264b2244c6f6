import { describe, expect, it } from 'vitest';
import { formatBudget, formatDay } from './format';

describe('project formats', () => {
  it('shows a budget as currency, and says when there is none', () => {
    expect(formatBudget(125000)).toBe('$125,000');
    expect(formatBudget(99.5)).toBe('$99.50');
    expect(formatBudget(0)).toBe('$0');
    expect(formatBudget(null)).toBe('No budget');
  });

  it('keeps a calendar date on its day whatever the browser time zone', () => {
    expect(formatDay('2031-03-03')).toBe('Mar 3, 2031');
  });
});
