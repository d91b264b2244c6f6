import { describe, expect, it } from 'vitest';
import { daysUntil, formatDateTime, formatRelative } from './dates';

const now = new Date('2026-03-10T12:00:00Z');

describe('formatRelative', () => {
  it('says "just now" under a minute', () => {
    expect(formatRelative('2026-03-10T11:59:30Z', now)).toBe('just now');
  });

  it('uses the largest whole unit', () => {
    expect(formatRelative('2026-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelative('2026-03-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelative('2026-03-12T12:00:00Z', now)).toBe('in 2 days');
  });
});

describe('formatDateTime', () => {
  it('shows the time in the given time zone', () => {
    expect(formatDateTime('2026-03-10T12:00:00Z', 'America/New_York')).toContain('8:00');
    expect(formatDateTime('2026-03-10T12:00:00Z', 'Asia/Tokyo')).toContain('9:00');
  });
});

describe('daysUntil (the 14-day trial badge, spec section 9)', () => {
  it('counts a started day as a whole day', () => {
    expect(daysUntil('2026-03-24T12:00:00Z', now)).toBe(14);
    expect(daysUntil('2026-03-10T13:00:00Z', now)).toBe(1);
  });

  it('is 0 once the date has passed', () => {
    expect(daysUntil('2026-03-01T00:00:00Z', now)).toBe(0);
  });
});
