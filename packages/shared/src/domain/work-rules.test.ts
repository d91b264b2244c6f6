import { describe, expect, it } from 'vitest';
import { entryHours, hoursLabel, overtimeHours } from './work-rules';

describe('time entry hours (spec 4)', () => {
  it('rounds elapsed hours to 2 decimals', () => {
    const clockIn = new Date('2025-03-03T09:00:00Z');
    expect(entryHours(clockIn, new Date('2025-03-03T17:20:00Z'))).toBe(8.33);
    expect(entryHours(clockIn, new Date('2025-03-03T09:00:59Z'))).toBe(0.02);
  });

  it('counts overtime above 8 hours per entry, never below 0', () => {
    expect(overtimeHours(7.5)).toBe(0);
    expect(overtimeHours(8)).toBe(0);
    expect(overtimeHours(9.25)).toBe(1.25);
    // 8.33 - 8 is 0.33000000000000007 in floating point; the stored value is 0.33.
    expect(overtimeHours(8.33)).toBe(0.33);
  });
});

describe('hours shown one way (issue 20)', () => {
  it('writes hours with at most 2 decimals, thousands separators and the unit', () => {
    expect(hoursLabel(7)).toBe('7 h');
    expect(hoursLabel(7.5)).toBe('7.5 h');
    expect(hoursLabel(0.5)).toBe('0.5 h');
    expect(hoursLabel(7.756)).toBe('7.76 h');
    expect(hoursLabel(1498.333)).toBe('1,498.33 h');
  });
});
