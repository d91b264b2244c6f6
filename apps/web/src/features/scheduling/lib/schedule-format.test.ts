import { describe, expect, it } from 'vitest';
import { formatHours, formatLongDay, formatShiftTimes, formatWeekRange } from './schedule-format';

describe('schedule formats', () => {
  it('keeps a calendar date on its day whatever the browser time zone', () => {
    // A date is a UTC midnight here; formatted in a zone west of UTC it would be the day before.
    expect(formatLongDay('2031-03-03')).toBe('Monday, Mar 3');
  });

  it('shows a week as one range, within and across months and years', () => {
    expect(formatWeekRange('2031-03-02', '2031-03-08')).toMatch(/^Mar 2\s–\s8, 2031$/);
    expect(formatWeekRange('2031-03-30', '2031-04-05')).toMatch(/^Mar 30\s–\sApr 5, 2031$/);
    expect(formatWeekRange('2030-12-29', '2031-01-04')).toMatch(/^Dec 29, 2030\s–\sJan 4, 2031$/);
  });

  it('shows hours with at most 2 decimals (spec 9)', () => {
    expect(formatHours(7)).toBe('7 h');
    expect(formatHours(8.5)).toBe('8.5 h');
    expect(formatHours(1498.333)).toBe('1,498.33 h');
  });

  it('shows a shift as start–end', () => {
    expect(formatShiftTimes({ startTime: '22:00', endTime: '06:00' })).toBe('22:00–06:00');
  });
});
