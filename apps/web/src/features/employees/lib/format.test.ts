import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('employee formats', () => {
  it('shows whole salaries without cents and an hourly rate with both digits', () => {
    expect(formatMoney(85000)).toBe('$85,000');
    expect(formatMoney(42.5)).toBe('$42.50');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(null)).toBe('Not recorded');
  });
});
