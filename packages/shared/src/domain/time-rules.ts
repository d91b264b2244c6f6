// Time Tracking rules (spec 2 "Time Tracking", spec 4 time entry transitions, spec 9 time filters
// and Quick Clock In). Hours themselves come from work-rules.ts (entryHours, overtimeHours,
// roundHours), the one place they are computed.
import type { TimeEntryStatus } from './enums';
import { entryHours, overtimeHours, roundHours } from './work-rules';

/** Spec 2: the timesheet's date range filter. */
export const timeRanges = ['today', 'week', 'month', 'all'] as const;
export type TimeRange = (typeof timeRanges)[number];

/** Spec 9: Quick Clock In shows at most 6 employees. */
export const quickClockInLimit = 6;

/** A manual entry or a correction spans at most a day (a longer one is a typo, not a shift). */
export const maxEntryHours = 24;

/** A payroll export covers at most a year. */
export const maxPayrollDays = 366;

/**
 * Overtime pay multiplier for the payroll export. The spec does not set one (it only defines
 * overtime as the hours above 8 per entry, spec 9); 1.5 ("time and a half") is the common
 * statutory rate. A workspace setting can replace this constant when a customer needs another.
 */
export const overtimeMultiplier = 1.5;

const dayMs = 86_400_000;

// --- time zones ----------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A reading of a wall clock: month 1-12, hour 0-23. */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** What the time zone's wall clock reads at the instant. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as WallClock;
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const p = wallClockAt(instant, timeZone);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wallAsUtc - (instant.getTime() - instant.getUTCMilliseconds());
}

/**
 * The instant (UTC) a wall-clock time typed for the time zone means (ARCHITECTURE.md "Conventions":
 * stored in UTC, typed and shown in the workspace time zone). The offset is read twice because the
 * first guess may sit on the other side of a daylight-saving change; a time the change skips moves
 * on by the gap, as clocks do.
 */
export function wallClockToUtc(
  {
    year,
    month,
    day,
    hour = 0,
    minute = 0,
    second = 0,
  }: Pick<WallClock, 'year' | 'month' | 'day'> & Partial<WallClock>,
  timeZone: string,
): Date {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const guess = wallAsUtc - zoneOffsetMs(new Date(wallAsUtc), timeZone);
  return new Date(wallAsUtc - zoneOffsetMs(new Date(guess), timeZone));
}

/** The calendar date (YYYY-MM-DD) the instant falls on in the time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const p = wallClockAt(instant, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * localDate for many instants of one time zone (exports of thousands of entries: Intl is slow).
 * Time zone offsets are whole quarter hours, so all instants of a UTC quarter hour fall on the same
 * local date; each quarter hour is computed once.
 */
export function localDateIn(timeZone: string): (instant: Date) => string {
  const quarterMs = 900_000;
  const cache = new Map<number, string>();
  return (instant) => {
    const quarter = Math.floor(instant.getTime() / quarterMs);
    let date = cache.get(quarter);
    if (date === undefined) {
      date = localDate(new Date(quarter * quarterMs), timeZone);
      cache.set(quarter, date);
    }
    return date;
  };
}

/** YYYY-MM-DD plus n days. */
export function addCalendarDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * dayMs).toISOString().slice(0, 10);
}

/** The instant a calendar day starts in the time zone (a DST change that night included). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return wallClockToUtc({ year, month, day }, timeZone);
}

export type InstantRange = { from: Date | null; to: Date | null };

/**
 * Which clock-ins a date-range filter keeps: from <= clockIn < to (null = unbounded).
 * - today: the current calendar day in the workspace time zone (ARCHITECTURE.md: shown in the
 *   workspace time zone);
 * - week: spec 9 "week = last 7 days", the 7 x 24 hours before now;
 * - month: spec 9 "month = last 30 days", the 30 x 24 hours before now;
 * - all: everything.
 */
export function timeRangeBounds(range: TimeRange, now: Date, timeZone: string): InstantRange {
  switch (range) {
    case 'today': {
      const today = localDate(now, timeZone);
      return {
        from: startOfLocalDay(today, timeZone),
        to: startOfLocalDay(addCalendarDays(today, 1), timeZone),
      };
    }
    case 'week':
      return { from: new Date(now.getTime() - 7 * dayMs), to: null };
    case 'month':
      return { from: new Date(now.getTime() - 30 * dayMs), to: null };
    case 'all':
      return { from: null, to: null };
  }
}

/** Whole calendar days from `from` to `to` inclusive in the time zone (payroll export period). */
export function localDaysBounds(from: string, to: string, timeZone: string): { from: Date; to: Date } {
  return { from: startOfLocalDay(from, timeZone), to: startOfLocalDay(addCalendarDays(to, 1), timeZone) };
}

/** Days from `from` to `to`, both counted (2025-03-01..2025-03-01 is 1). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
}

// --- clock-out -----------------------------------------------------------------------------------

/** Spec 4: clock-out sets totalHours (2 decimals), overtimeHours (above 8, never below 0), completed. */
export function clockOutValues(clockIn: Date, clockOut: Date) {
  const totalHours = entryHours(clockIn, clockOut);
  return { clockOut, totalHours, overtimeHours: overtimeHours(totalHours), status: 'completed' as const };
}

// --- stats ---------------------------------------------------------------------------------------

/** What the database sums up over the filtered entries; `timesheetStats` makes the five cards. */
export type TimesheetAggregate = {
  entries: number;
  /** Entries with totalHours set (clocked out): the divisor of the average. */
  entriesWithHours: number;
  totalHours: number;
  overtimeHours: number;
  /** Entries with status active. */
  active: number;
  /** Entries with status completed (clocked out, waiting for a decision). */
  completed: number;
};

export type TimesheetStats = {
  totalHours: number;
  overtimeHours: number;
  currentlyClockedIn: number;
  completedEntries: number;
  /** Total hours / entries that have hours (open entries have none yet), 2 decimals; 0 when none. */
  averageHours: number;
  entries: number;
};

/**
 * Spec 2: the five cards Total Hours, Overtime Hours, Currently Clocked In, Completed Entries and
 * Average Hours, over the same filtered entries the timesheet lists. Spec 9: hours to 2 decimals.
 */
export function timesheetStats(aggregate: TimesheetAggregate): TimesheetStats {
  return {
    totalHours: roundHours(aggregate.totalHours),
    overtimeHours: roundHours(aggregate.overtimeHours),
    currentlyClockedIn: aggregate.active,
    completedEntries: aggregate.completed,
    averageHours:
      aggregate.entriesWithHours > 0 ? roundHours(aggregate.totalHours / aggregate.entriesWithHours) : 0,
    entries: aggregate.entries,
  };
}

// --- approval ------------------------------------------------------------------------------------

export const approvalDecisions = ['approve', 'reject'] as const;
export type ApprovalDecision = (typeof approvalDecisions)[number];

export const decisionStatus: Record<ApprovalDecision, 'approved' | 'rejected'> = {
  approve: 'approved',
  reject: 'rejected',
};

export type ApprovalRefusal = {
  reason: 'own-entry' | 'not-completed' | 'already-decided';
  message: string;
};

/**
 * Spec 4: in the Approval Queue a completed entry can be approved or rejected, and both are final.
 * Issue 4: never one's own entry. Null when the decision may be taken.
 */
export function approvalRefusal(
  entry: { status: TimeEntryStatus; employeeId: string },
  approverEmployeeId: string | null,
): ApprovalRefusal | null {
  if (approverEmployeeId !== null && entry.employeeId === approverEmployeeId) {
    return { reason: 'own-entry', message: 'You cannot approve or reject your own time entry' };
  }
  if (entry.status === 'approved' || entry.status === 'rejected') {
    return {
      reason: 'already-decided',
      message: `This entry was already ${entry.status}; decisions are final`,
    };
  }
  if (entry.status !== 'completed') {
    return {
      reason: 'not-completed',
      message: 'Only completed entries can be approved or rejected; this one is still clocked in',
    };
  }
  return null;
}

// --- payroll -------------------------------------------------------------------------------------

/** Cents: 2 decimals, with the float error of e.g. 1.005 * 100 taken out first. */
export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** Regular hours are the entry's hours that are not overtime (spec 9: overtime above 8 per entry). */
export function regularHours(totalHours: number, overtime: number): number {
  return roundHours(Math.max(0, totalHours - overtime));
}

/** Gross pay = regular x rate + overtime x rate x overtimeMultiplier, to the cent. */
export function grossPay(hours: { regularHours: number; overtimeHours: number }, hourlyRate: number): number {
  return roundMoney(hours.regularHours * hourlyRate + hours.overtimeHours * hourlyRate * overtimeMultiplier);
}
