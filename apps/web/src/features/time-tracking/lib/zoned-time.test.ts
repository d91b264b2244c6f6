import { describe, expect, it } from 'vitest';
import { formatElapsed, formatHours, fromZonedInputValue, toZonedInputValue } from './zoned-time';

describe('datetime-local values on the workspace wall clock', () => {
  it('reads and writes the wall time of the zone, not of the browser', () => {
    expect(toZonedInputValue('2026-03-10T14:05:30Z', 'America/New_York')).toBe('2026-03-10T10:05');
    expect(fromZonedInputValue('2026-03-10T10:05', 'America/New_York')).toBe('2026-03-10T14:05:00.000Z');
    expect(fromZonedInputValue('2026-07-01T09:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
    expect(fromZonedInputValue('2026-07-01T09:00', 'UTC')).toBe('2026-07-01T09:00:00.000Z');
  });

  it('takes the offset after a daylight-saving change on the same day', () => {
    // New York moves to summer time at 02:00 on 2026-03-08.
    expect(fromZonedInputValue('2026-03-08T01:30', 'America/New_York')).toBe('2026-03-08T06:30:00.000Z');
    expect(fromZonedInputValue('2026-03-08T09:00', 'America/New_York')).toBe('2026-03-08T13:00:00.000Z');
  });

  it("gives '' for what is not a date and time, so the shared schema names the field", () => {
    expect(fromZonedInputValue('', 'UTC')).toBe('');
    expect(fromZonedInputValue('2026-03-08', 'UTC')).toBe('');
  });
});

describe('hours and running time', () => {
  it('shows finished hours as hours, to at most 2 decimals (spec 9, issue 20)', () => {
    expect(formatHours(8)).toBe('8 h');
    expect(formatHours(7.756)).toBe('7.76 h');
  });

  it('shows elapsed time as h:mm:ss, never below zero', () => {
    expect(formatElapsed(((2 * 60 + 5) * 60 + 9) * 1000)).toBe('2:05:09');
    expect(formatElapsed(-1500)).toBe('0:00:00');
  });
});
