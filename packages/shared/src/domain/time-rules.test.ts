import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  approvalRefusal,
  clockOutValues,
  daysInclusive,
  grossPay,
  localDate,
  localDateIn,
  localDaysBounds,
  overtimeMultiplier,
  regularHours,
  roundMoney,
  startOfLocalDay,
  timeRangeBounds,
  timesheetStats,
  wallClockAt,
  wallClockToUtc,
} from './time-rules';

const now = new Date('2025-03-14T15:30:00Z');

describe('typed wall-clock times (ARCHITECTURE.md "Conventions": stored in UTC, typed and shown in the workspace time zone)', () => {
  it('converts a time typed for the workspace with the offset of that day', () => {
    expect(
      wallClockToUtc({ year: 2026, month: 3, day: 10, hour: 10, minute: 5 }, 'America/New_York'),
    ).toEqual(new Date('2026-03-10T14:05:00Z'));
    expect(wallClockToUtc({ year: 2026, month: 7, day: 1, hour: 9 }, 'Europe/Berlin')).toEqual(
      new Date('2026-07-01T07:00:00Z'),
    );
    expect(wallClockToUtc({ year: 2025, month: 7, day: 15, hour: 0, minute: 15 }, 'Asia/Kolkata')).toEqual(
      new Date('2025-07-14T18:45:00Z'),
    );
    expect(wallClockToUtc({ year: 2026, month: 7, day: 1, hour: 9, second: 30 }, 'UTC')).toEqual(
      new Date('2026-07-01T09:00:30Z'),
    );
  });

  it('takes the offset after a daylight-saving change on the same day', () => {
    // New York moves to summer time at 02:00 on 2026-03-08.
    expect(wallClockToUtc({ year: 2026, month: 3, day: 8, hour: 1, minute: 30 }, 'America/New_York')).toEqual(
      new Date('2026-03-08T06:30:00Z'),
    );
    expect(wallClockToUtc({ year: 2026, month: 3, day: 8, hour: 9 }, 'America/New_York')).toEqual(
      new Date('2026-03-08T13:00:00Z'),
    );
    // Berlin springs forward at 02:00 on 2025-03-30: 02:30 does not exist and moves on by the gap.
    expect(wallClockToUtc({ year: 2025, month: 3, day: 30, hour: 2, minute: 30 }, 'Europe/Berlin')).toEqual(
      new Date('2025-03-30T01:30:00Z'),
    );
    // ... and falls back at 03:00 on 2025-10-26; after the change, 09:00 is UTC+1.
    expect(wallClockToUtc({ year: 2025, month: 10, day: 26, hour: 9 }, 'Europe/Berlin')).toEqual(
      new Date('2025-10-26T08:00:00Z'),
    );
  });

  it('reads the wall clock back', () => {
    expect(wallClockAt(new Date('2026-03-10T14:05:30Z'), 'America/New_York')).toEqual({
      year: 2026,
      month: 3,
      day: 10,
      hour: 10,
      minute: 5,
      second: 30,
    });
    // Midnight is hour 0, not 24.
    expect(wallClockAt(new Date('2026-03-10T04:00:00Z'), 'America/New_York').hour).toBe(0);
  });
});

describe('timesheet date range (spec 2 filters, spec 9 time filters)', () => {
  it('spec 9: week = last 7 days', () => {
    expect(timeRangeBounds('week', now, 'UTC')).toEqual({
      from: new Date('2025-03-07T15:30:00Z'),
      to: null,
    });
  });

  it('spec 9: month = last 30 days', () => {
    expect(timeRangeBounds('month', now, 'Europe/Berlin')).toEqual({
      from: new Date('2025-02-12T15:30:00Z'),
      to: null,
    });
  });

  it('today is the current calendar day in the workspace time zone', () => {
    expect(timeRangeBounds('today', now, 'UTC')).toEqual({
      from: new Date('2025-03-14T00:00:00Z'),
      to: new Date('2025-03-15T00:00:00Z'),
    });
    // 15:30 UTC is already 02:30 on the 15th in Auckland (UTC+13 in March).
    expect(timeRangeBounds('today', now, 'Pacific/Auckland')).toEqual({
      from: new Date('2025-03-14T11:00:00Z'),
      to: new Date('2025-03-15T11:00:00Z'),
    });
    // New York: 11:30 local on the 14th; EDT (UTC-4) since 9 March.
    expect(timeRangeBounds('today', now, 'America/New_York').from).toEqual(new Date('2025-03-14T04:00:00Z'));
  });

  it('keeps a day that changes to daylight saving time 23 hours long', () => {
    const start = startOfLocalDay('2025-03-09', 'America/New_York');
    const end = startOfLocalDay('2025-03-10', 'America/New_York');
    expect(start).toEqual(new Date('2025-03-09T05:00:00Z'));
    expect(end.getTime() - start.getTime()).toBe(23 * 3_600_000);
  });

  it('reads local dates of many instants the same, quarter-hour offsets included', () => {
    for (const zone of ['Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York', 'Pacific/Chatham']) {
      const fast = localDateIn(zone);
      for (
        let t = Date.parse('2025-03-08T00:00:00Z');
        t < Date.parse('2025-03-11T00:00:00Z');
        t += 7 * 60_000
      ) {
        expect(fast(new Date(t)), `${zone} ${new Date(t).toISOString()}`).toBe(localDate(new Date(t), zone));
      }
    }
  });

  it('all time has no bounds', () => {
    expect(timeRangeBounds('all', now, 'UTC')).toEqual({ from: null, to: null });
  });

  it('reads local dates and counts payroll days inclusively', () => {
    expect(localDate(new Date('2025-03-14T23:30:00Z'), 'Europe/Berlin')).toBe('2025-03-15');
    expect(addCalendarDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(daysInclusive('2025-03-01', '2025-03-01')).toBe(1);
    expect(daysInclusive('2025-01-01', '2025-12-31')).toBe(365);
    expect(localDaysBounds('2025-03-01', '2025-03-31', 'UTC')).toEqual({
      from: new Date('2025-03-01T00:00:00Z'),
      to: new Date('2025-04-01T00:00:00Z'),
    });
  });
});

describe('clock-out (spec 4)', () => {
  it('sets total hours to 2 decimals, overtime above 8 hours and status completed', () => {
    const clockIn = new Date('2025-03-14T08:00:00Z');
    expect(clockOutValues(clockIn, new Date('2025-03-14T17:45:00Z'))).toMatchObject({
      totalHours: 9.75,
      overtimeHours: 1.75,
      status: 'completed',
    });
    expect(clockOutValues(clockIn, new Date('2025-03-14T12:20:00Z'))).toMatchObject({
      totalHours: 4.33,
      overtimeHours: 0,
    });
  });
});

describe('timesheet cards (spec 2: five cards)', () => {
  it('averages over the entries that have hours, to 2 decimals (spec 9)', () => {
    expect(
      timesheetStats({
        entries: 4,
        entriesWithHours: 3,
        totalHours: 25.004,
        overtimeHours: 1.5,
        active: 1,
        completed: 2,
      }),
    ).toEqual({
      totalHours: 25,
      overtimeHours: 1.5,
      currentlyClockedIn: 1,
      completedEntries: 2,
      averageHours: 8.33,
      entries: 4,
    });
  });

  it('is all zeros without entries', () => {
    expect(
      timesheetStats({
        entries: 0,
        entriesWithHours: 0,
        totalHours: 0,
        overtimeHours: 0,
        active: 0,
        completed: 0,
      }).averageHours,
    ).toBe(0);
  });
});

describe('approval (spec 4: completed entries only, final; issue 4: never one’s own)', () => {
  const entry = { status: 'completed' as const, employeeId: 'e1' };
  it('allows a completed entry of someone else', () => {
    expect(approvalRefusal(entry, 'manager')).toBeNull();
    expect(approvalRefusal(entry, null)).toBeNull();
  });
  it('refuses one’s own entry', () => {
    expect(approvalRefusal(entry, 'e1')?.reason).toBe('own-entry');
  });
  it('refuses a second decision', () => {
    expect(approvalRefusal({ ...entry, status: 'approved' }, 'm')?.reason).toBe('already-decided');
    expect(approvalRefusal({ ...entry, status: 'rejected' }, 'm')?.reason).toBe('already-decided');
  });
  it('refuses an entry still clocked in', () => {
    expect(approvalRefusal({ ...entry, status: 'active' }, 'm')?.reason).toBe('not-completed');
  });
});

describe('payroll gross pay', () => {
  it('pays overtime at the multiplier (1.5: the spec sets none)', () => {
    expect(overtimeMultiplier).toBe(1.5);
    expect(regularHours(9.75, 1.75)).toBe(8);
    expect(grossPay({ regularHours: 8, overtimeHours: 1.75 }, 20)).toBe(212.5);
    expect(grossPay({ regularHours: 7.33, overtimeHours: 0 }, 33.33)).toBe(244.31);
  });
  it('rounds money to the cent', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
  });
});
