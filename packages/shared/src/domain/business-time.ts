// Business time for the help desk's SLA clocks (spec 1 "SLA tracking"; spec 9: first response 2-24
// and resolution 24-168 hours). A target counts only the opening hours of a business calendar, in
// the calendar's time zone, and stands still while the ticket is paused (waiting on the customer).
import { z } from 'zod';
import { isoDate, text } from '../api/fields';
import { isTimeZone } from '../api/workspace';
import { isClockTime, zonedInstant } from './calendar-rules';
import { clockMinutes, type ClockTime, type IsoDate } from './scheduling-rules';
import { startOfLocalDay } from './time-rules';
import { standardWorkday } from './work-rules';

/** 0 Sunday ... 6 Saturday, like dayOfWeek. */
export const weekdays = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof weekdays)[number];

export const maxBusinessPeriodsPerDay = 12;

/** Several years of public holidays in a few regions. */
export const maxBusinessHolidays = 1000;

/** A period may end at 24:00 so that a 24/7 desk's day does not lose its last minute to 23:59. */
const endOfDay = '24:00';

const isPeriodEnd = (value: string) => isClockTime(value) || value === endOfDay;

// 'HH:MM' strings sort as the times they name, '24:00' last, so periods are compared as text; a time
// that is no time has its own message and is left out of the comparisons.
const businessPeriodSchema = z
  .object({
    start: text().refine(isClockTime, 'Use a time like 09:00'),
    end: text().refine(isPeriodEnd, 'Use a time like 17:00'),
  })
  .refine(({ start, end }) => !isClockTime(start) || !isPeriodEnd(end) || end > start, {
    path: ['end'],
    message: 'End after the start time',
  });

const dayPeriodsSchema = z
  .array(businessPeriodSchema)
  .max(maxBusinessPeriodsPerDay, `At most ${maxBusinessPeriodsPerDay} periods a day`)
  .superRefine((periods, ctx) => {
    let latestEnd = '';
    for (const { start, end, index } of periods
      .map((period, index) => ({ ...period, index }))
      .filter(({ start, end }) => isClockTime(start) && isPeriodEnd(end) && end > start)
      .sort((a, b) => a.start.localeCompare(b.start))) {
      if (start < latestEnd) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'start'],
          message: 'Overlaps another period of the day',
        });
      }
      if (end > latestEnd) latestEnd = end;
    }
  })
  .default([]);

/** Opening hours by weekday (a day left out is closed) and whole days off, in one time zone. */
export const businessCalendarSchema = z.object({
  timeZone: text().refine(isTimeZone, 'Choose a valid time zone'),
  periods: z.record(z.literal(weekdays), dayPeriodsSchema),
  holidays: z
    .array(isoDate())
    .max(maxBusinessHolidays, `At most ${maxBusinessHolidays} holidays`)
    .default([]),
});
export type BusinessCalendar = z.output<typeof businessCalendarSchema>;
export type BusinessPeriod = BusinessCalendar['periods'][Weekday][number];

/** Monday to Friday, spec 9's standard day 09:00-17:00, no holidays. */
export function defaultBusinessCalendar(timeZone: string): BusinessCalendar {
  const workday = (day: Weekday) =>
    day === 0 || day === 6 ? [] : [{ start: standardWorkday.start, end: standardWorkday.end }];
  return {
    timeZone,
    periods: Object.fromEntries(weekdays.map((day) => [day, workday(day)])) as BusinessCalendar['periods'],
    holidays: [],
  };
}

/** A stretch the clock stands still; `to` null while it lasts. */
export type BusinessPause = { from: Date; to: Date | null };

/** [start, end) in ms since the epoch. */
type Span = [start: number, end: number];

const minuteMs = 60_000;
const dayMs = 86_400_000;

/** How long a calendar may show no opening hours before a target is declared never to elapse. */
const maxIdleDays = 3 * 366;

// Days are counted as whole days since 1970-01-01 (a Thursday): the loops below step through weeks
// of days for every clock, and numbers cost nothing where date strings were parsed and built each day.
const epochDayOf = (date: IsoDate) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / dayMs;
const isoDateOf = (day: number): IsoDate => new Date(day * dayMs).toISOString().slice(0, 10);
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

// Reading a time zone through Intl takes microseconds, and the clocks of many tickets cross the same
// days: each local midnight is read once. Ten thousand days are 27 years of one zone.
const midnights = new Map<string, Map<number, number>>();
const maxCachedMidnights = 10_000;

function localMidnight(day: number, timeZone: string): number {
  let zone = midnights.get(timeZone);
  if (!zone) midnights.set(timeZone, (zone = new Map()));
  let midnight = zone.get(day);
  if (midnight === undefined) {
    if (zone.size >= maxCachedMidnights) zone.clear();
    midnight = startOfLocalDay(isoDateOf(day), timeZone).getTime();
    zone.set(day, midnight);
  }
  return midnight;
}

/** The local day of an instant, found among the kept midnights (its UTC day, or one either side). */
function localDay(instant: number, timeZone: string): number {
  let day = Math.floor(instant / dayMs);
  while (localMidnight(day, timeZone) > instant) day--;
  while (localMidnight(day + 1, timeZone) <= instant) day++;
  return day;
}

type DayPeriod = { start: ClockTime; end: string; startMinute: number; endMinute: number };

/**
 * The calendar's opening hours from `from` on, in order, through the local day `lastDay`. A day of
 * 24 hours has no daylight-saving change, so its times are offsets from midnight; on the two days a
 * year that change the clock each time is converted by itself, which keeps 09:00 local at 09:00
 * local, and a 24/7 day lasts the 23 or 25 hours it really has.
 */
function* openingHours(calendar: BusinessCalendar, from: number, lastDay = Infinity): Generator<Span> {
  const { timeZone } = calendar;
  const holidays = new Set(calendar.holidays.map(epochDayOf));
  const week: DayPeriod[][] = weekdays.map((day) =>
    [...(calendar.periods[day] ?? [])]
      .sort((a, b) => a.start.localeCompare(b.start))
      .map(({ start, end }) => ({
        start,
        end,
        startMinute: clockMinutes(start),
        endMinute: end === endOfDay ? 24 * 60 : clockMinutes(end),
      })),
  );
  if (week.every((periods) => periods.length === 0)) return;
  let idleDays = 0;
  for (let day = localDay(from, timeZone); idleDays <= maxIdleDays && day <= lastDay; day++) {
    idleDays++;
    const periods = week[weekdayOf(day)]!;
    if (periods.length === 0 || holidays.has(day)) continue;
    const midnight = localMidnight(day, timeZone);
    const regularDay = localMidnight(day + 1, timeZone) - midnight === dayMs;
    const at = (time: string, minute: number) =>
      regularDay ? midnight + minute * minuteMs : zonedInstant(isoDateOf(day), time, timeZone).getTime();
    for (const period of periods) {
      const opens = Math.max(from, at(period.start, period.startMinute));
      const closes = at(period.end, period.endMinute);
      if (closes > opens) {
        idleDays = 0;
        yield [opens, closes];
      }
    }
  }
}

/** The pauses as ordered, disjoint spans; an open pause never ends. */
function pausedSpans(pauses: readonly BusinessPause[]): Span[] {
  const merged: Span[] = [];
  const spans = pauses
    .map(({ from, to }): Span => [from.getTime(), to?.getTime() ?? Infinity])
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  for (const [from, to] of spans) {
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** The spans the clock runs: opening hours from `from` on, less the pauses. */
function* runningSpans(
  calendar: BusinessCalendar,
  from: number,
  pauses: readonly BusinessPause[],
  lastDay?: number,
): Generator<Span> {
  const paused = pausedSpans(pauses);
  let next = 0;
  for (const [opens, closes] of openingHours(calendar, from, lastDay)) {
    let start = opens;
    while (start < closes) {
      while (next < paused.length && paused[next]![1] <= start) next++;
      const pause = paused[next];
      if (!pause || pause[0] >= closes) {
        yield [start, closes];
        break;
      }
      if (pause[0] > start) yield [start, pause[0]];
      if (pause[1] === Infinity) return;
      start = pause[1];
    }
  }
}

/**
 * The instant `minutes` of business time have elapsed after `start`: the earliest one, so a target
 * that runs out exactly at closing time is due at closing (17:00), not at the next opening. A start
 * outside opening hours counts from the next opening. Null when the time never elapses (an open
 * pause, or a calendar without opening hours for three years).
 */
export function addBusinessTime(
  calendar: BusinessCalendar,
  start: Date,
  minutes: number,
  pauses: readonly BusinessPause[] = [],
): Date | null {
  // An endless (or NaN) target never runs out, and the opening hours below would never run out either.
  if (!Number.isFinite(minutes)) return null;
  let remaining = Math.max(0, Math.round(minutes * minuteMs));
  if (remaining === 0) return new Date(start);
  for (const [from, to] of runningSpans(calendar, start.getTime(), pauses)) {
    if (to - from >= remaining) return new Date(from + remaining);
    remaining -= to - from;
  }
  return null;
}

/** The business minutes (fractional, to the ms) the clock runs from `from` to `to`; 0 if `to` is earlier. */
export function businessMinutesBetween(
  calendar: BusinessCalendar,
  from: Date,
  to: Date,
  pauses: readonly BusinessPause[] = [],
): number {
  const end = to.getTime();
  if (end <= from.getTime()) return 0;
  let elapsed = 0;
  for (const [start, stop] of runningSpans(
    calendar,
    from.getTime(),
    pauses,
    localDay(end, calendar.timeZone),
  )) {
    if (start >= end) break;
    elapsed += Math.min(stop, end) - start;
  }
  return elapsed / minuteMs;
}

/**
 * One SLA target of a ticket (first response or resolution), counted from the ticket's creation;
 * `dueAt` when the due time is already known (stored after each change), which spares the count.
 */
export type SlaTarget = {
  createdAt: Date;
  targetMinutes: number;
  pauses?: readonly BusinessPause[];
  dueAt?: Date | null;
};

export type SlaClockState = 'running' | 'paused' | 'met' | 'breached';

export type SlaClock = {
  /** Null when the target never runs out (paused until further notice). */
  dueAt: Date | null;
  state: SlaClockState;
  /** Business minutes to dueAt, negative once overdue; null once the target was met. */
  businessMinutesLeft: number | null;
};

/**
 * Met when metAt came no later than dueAt; breached when it came later, or when it has not come and
 * dueAt has passed; otherwise paused while a pause covers now, else running.
 */
function slaState(
  dueAt: Date | null,
  pauses: readonly BusinessPause[],
  now: Date,
  metAt: Date | null,
): SlaClockState {
  const overdueAt = (instant: Date) => dueAt !== null && instant > dueAt;
  if (metAt) return overdueAt(metAt) ? 'breached' : 'met';
  if (overdueAt(now)) return 'breached';
  return pauses.some(({ from, to }) => from <= now && (to === null || now < to)) ? 'paused' : 'running';
}

/** Where an SLA target stands at `now`, the target met at `metAt` (null while it is not). */
export function slaClock(
  calendar: BusinessCalendar,
  { createdAt, targetMinutes, pauses = [], dueAt: knownDueAt }: SlaTarget,
  now: Date,
  metAt: Date | null = null,
): SlaClock {
  const dueAt = knownDueAt ?? addBusinessTime(calendar, createdAt, targetMinutes, pauses);
  // Counted from the nearer end: a queue of old tickets is not walked day by day from each creation.
  const minutesLeft = () => {
    if (dueAt === null) return targetMinutes - businessMinutesBetween(calendar, createdAt, now, pauses);
    return now <= dueAt
      ? businessMinutesBetween(calendar, now, dueAt, pauses)
      : -businessMinutesBetween(calendar, dueAt, now, pauses);
  };
  return {
    dueAt,
    state: slaState(dueAt, pauses, now, metAt),
    businessMinutesLeft: metAt ? null : minutesLeft(),
  };
}

/** The instant `fraction` of the target has elapsed (0.8 for a warning before the breach); null if never. */
export function slaFractionElapsedAt(
  calendar: BusinessCalendar,
  { createdAt, targetMinutes, pauses = [] }: SlaTarget,
  fraction: number,
): Date | null {
  return addBusinessTime(calendar, createdAt, targetMinutes * fraction, pauses);
}
