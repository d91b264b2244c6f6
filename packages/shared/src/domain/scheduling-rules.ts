// Scheduling rules from spec sections 2 (Scheduling), 3 (Shift), 5 (shift length, time options)
// and 9 (calendar week, over-scheduled, unassigned, conflicts). The server (week view, templates,
// copy week) and the UI (Add Shift dialog, calendar) both compute with these functions, so the
// hours a manager sees while typing are the hours the cards add up.
import { addCalendarDays as addDays, localDate } from './time-rules';
import { roundHours, standardWorkday } from './work-rules';

// ---------------------------------------------------------------------------------------------
// Calendar dates. Shifts live on a concrete date ('YYYY-MM-DD', no time zone): all arithmetic is
// done on UTC midnights so a daylight-saving change never moves a day.
// ---------------------------------------------------------------------------------------------

/** An ISO calendar date, e.g. '2025-03-02'. */
export type IsoDate = string;

const dayMs = 86_400_000;

function isoToUtc(date: IsoDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/** 0 Sunday ... 6 Saturday, like spec 3's Shift.dayOfWeek and Date#getDay. */
export function dayOfWeek(date: IsoDate): number {
  return new Date(isoToUtc(date)).getUTCDay();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((isoToUtc(to) - isoToUtc(from)) / dayMs);
}

/** Spec 9: the calendar week starts on Sunday by default; workspaces may choose another day. */
export const defaultWeekStart = 0;

/** The first day of the week containing `date`, for a week starting on `weekStartDay` (0-6). */
export function weekStartOf(date: IsoDate, weekStartDay: number = defaultWeekStart): IsoDate {
  return addDays(date, -((dayOfWeek(date) - weekStartDay + 7) % 7));
}

/** The 7 dates of the week beginning on `weekStart`. */
export function weekDates(weekStart: IsoDate): IsoDate[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

/** Today's date in a time zone (the workspace's): "this week" and "overdue" are local notions. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  return localDate(now, timeZone);
}

// ---------------------------------------------------------------------------------------------
// Shifts
// ---------------------------------------------------------------------------------------------

/** A clock time 'HH:MM'. */
export type ClockTime = string;

/** Spec 5: shift time options are hourly from 06:00 to 22:00. */
export const shiftTimeOptions = Array.from(
  { length: 17 },
  (_, i) => `${String(6 + i).padStart(2, '0')}:00`,
) as readonly ClockTime[];

/** Spec 5: the break duration defaults to 60 minutes (spec 9's standard day). */
export const defaultBreakMinutes = standardWorkday.breakMinutes;

/** The longest break the Add Shift dialog accepts. */
export const maxBreakMinutes = 240;

/**
 * The longest span a shift may have: the 06:00-22:00 window, 16 hours. An overnight shift (end
 * before start, e.g. Night Shift 22:00-06:00) may span up to the same 16 hours, so a slip such as
 * start 22:00, end 21:00 (23 hours) is refused instead of silently scheduled.
 */
export const maxShiftSpanHours = 16;

/** Spec 9: more than this many scheduled hours in a week is over-scheduled. */
export const overScheduledAboveHours = standardWorkday.weeklyHours;

export type ShiftTimes = { startTime: ClockTime; endTime: ClockTime; breakMinutes: number };
export type ScheduledShift = ShiftTimes & { date: IsoDate; isActive: boolean };

export function clockMinutes(time: ClockTime): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * An end time earlier than the start time means the shift ends the next day (Night Shift
 * 22:00-06:00, spec 2); this is how the shifts table stores it too.
 */
export function isOvernightShift(shift: Pick<ShiftTimes, 'startTime' | 'endTime'>): boolean {
  return clockMinutes(shift.endTime) < clockMinutes(shift.startTime);
}

/** Minutes from start to end, crossing midnight when the end is earlier; 0 when they are equal. */
export function shiftSpanMinutes(shift: Pick<ShiftTimes, 'startTime' | 'endTime'>): number {
  const span = clockMinutes(shift.endTime) - clockMinutes(shift.startTime);
  return span < 0 ? span + 24 * 60 : span;
}

/** Spec 5: shift length = end minus start minus break, in hours, never below 0 (2 decimals, spec 9). */
export function shiftHours(shift: ShiftTimes): number {
  return roundHours(Math.max(0, shiftSpanMinutes(shift) - shift.breakMinutes) / 60);
}

/** The hours of an employee's active shifts in one week (inactive shifts do not count). */
export function weeklyHours(shifts: readonly (ShiftTimes & { isActive: boolean })[]): number {
  return roundHours(shifts.filter((s) => s.isActive).reduce((sum, s) => sum + shiftHours(s), 0));
}

/** Spec 9: over-scheduled = weekly hours above 40 (the workspace's weekly hours setting). */
export function isOverScheduled(hours: number, limit: number = overScheduledAboveHours): boolean {
  return hours > limit;
}

/** Spec 9: unassigned = no active shifts (in the week shown). */
export function isUnassigned(shifts: readonly { isActive: boolean }[]): boolean {
  return !shifts.some((s) => s.isActive);
}

/** Spec 9: a day with more than one active shift is a conflict; returns those dates, sorted. */
export function conflictDates(shifts: readonly { date: IsoDate; isActive: boolean }[]): IsoDate[] {
  const perDay = new Map<IsoDate, number>();
  for (const shift of shifts) {
    if (shift.isActive) perDay.set(shift.date, (perDay.get(shift.date) ?? 0) + 1);
  }
  return [...perDay]
    .filter(([, count]) => count > 1)
    .map(([date]) => date)
    .sort();
}

/**
 * Why a shift's times cannot be saved, per field, or nothing. The shared API schema and the Add
 * Shift dialog both report these messages next to the field.
 */
export function shiftTimesProblems(shift: ShiftTimes): Partial<Record<'endTime' | 'breakMinutes', string>> {
  const span = shiftSpanMinutes(shift);
  if (span === 0) return { endTime: 'The shift must end at a different time than it starts' };
  if (span > maxShiftSpanHours * 60) {
    return { endTime: `A shift can span at most ${maxShiftSpanHours} hours` };
  }
  if (shift.breakMinutes >= span) return { breakMinutes: 'The break must be shorter than the shift' };
  return {};
}

// ---------------------------------------------------------------------------------------------
// Templates (spec 2, Scheduling > Templates)
// ---------------------------------------------------------------------------------------------

export const scheduleTemplateIds = [
  'full-time',
  'part-time',
  'shift-work',
  'flexible-hours',
  'weekend-only',
  'night-shift',
] as const;
export type ScheduleTemplateId = (typeof scheduleTemplateIds)[number];

export type TemplateShift = ShiftTimes & { dayOfWeek: number };

/**
 * The working day a workspace sets (Settings > Workspace: workday start and end, break minutes);
 * spec 9's standard day, 09:00-17:00 with a 60-minute break, unless the workspace says otherwise.
 */
export type Workday = { start: ClockTime; end: ClockTime; breakMinutes: number };

export const standardDay: Workday = {
  start: standardWorkday.start,
  end: standardWorkday.end,
  breakMinutes: standardWorkday.breakMinutes,
};

export type ScheduleTemplate = {
  id: ScheduleTemplateId;
  /** The spec's name, shown on the template card. */
  name: string;
  /** What the pattern is for, where the days and times alone do not say it (Shift Work, Flexible Hours). */
  note: string | null;
  /** What applying it creates, e.g. "Mon-Fri 09:00-17:00, 60 min break: 35 h a week". */
  summary: string;
  /** The shifts' hours by the one shift-length rule (spec 5), so the card states what the week counts. */
  weeklyHours: number;
  shifts: TemplateShift[];
};

/** A run of days with the same times; 'workday' takes the workspace's working day. */
type TemplateBlock = { days: number[]; times: 'workday' | { startTime: ClockTime; endTime: ClockTime } };

type TemplatePattern = { id: ScheduleTemplateId; name: string; note: string | null; blocks: TemplateBlock[] };

const monToFri = [1, 2, 3, 4, 5];

/**
 * The six templates of spec 2. Every shift carries the workspace's break, so a template's shift
 * counts exactly what the same times entered through Add Shift count (issue 20). The spec's labels
 * (Full-Time 40h) counted the whole 09:00-17:00 span; the hours shown now follow from the rule.
 * Two patterns are not spelled out in the spec and are defined here:
 * - Shift Work ("rotating 8-hour shifts"): a forward rotation inside the week — Mon-Tue early
 *   06:00-14:00, Wed-Thu late 14:00-22:00, Fri night 22:00-06:00 — with 24 hours off at each change.
 * - Flexible Hours ("core 10:00-15:00, 35h"): Mon-Fri 10:00-18:00 around the core, 35 hours with
 *   the standard hour's break.
 */
const templatePatterns: readonly TemplatePattern[] = [
  { id: 'full-time', name: 'Full-Time', note: null, blocks: [{ days: monToFri, times: 'workday' }] },
  { id: 'part-time', name: 'Part-Time', note: null, blocks: [{ days: [1, 3, 5], times: 'workday' }] },
  {
    id: 'shift-work',
    name: 'Shift Work',
    note: 'Rotating 8-hour shifts: early, late, night',
    blocks: [
      { days: [1, 2], times: { startTime: '06:00', endTime: '14:00' } },
      { days: [3, 4], times: { startTime: '14:00', endTime: '22:00' } },
      { days: [5], times: { startTime: '22:00', endTime: '06:00' } },
    ],
  },
  {
    id: 'flexible-hours',
    name: 'Flexible Hours',
    note: 'Core hours 10:00-15:00',
    blocks: [{ days: monToFri, times: { startTime: '10:00', endTime: '18:00' } }],
  },
  { id: 'weekend-only', name: 'Weekend Only', note: null, blocks: [{ days: [6, 0], times: 'workday' }] },
  {
    id: 'night-shift',
    name: 'Night Shift',
    note: null,
    blocks: [{ days: monToFri, times: { startTime: '22:00', endTime: '06:00' } }],
  },
];

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Mon-Fri", "Mon, Wed, Fri", "Sat-Sun": runs of following days joined by a dash. */
export function describeDays(days: readonly number[]): string {
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && (run.at(-1)! + 1) % 7 === day) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) =>
      run.length === 1 ? weekdayNames[run[0]!] : `${weekdayNames[run[0]!]}-${weekdayNames[run.at(-1)!]}`,
    )
    .join(', ');
}

const describeBreak = (minutes: number) => (minutes === 0 ? 'no break' : `${minutes} min break`);

/** The six templates as a workspace with this working day applies them. */
export function scheduleTemplatesFor(workday: Workday = standardDay): ScheduleTemplate[] {
  return templatePatterns.map(({ id, name, note, blocks }) => {
    const timed = blocks.map(({ days, times }) => ({
      days,
      ...(times === 'workday' ? { startTime: workday.start, endTime: workday.end } : times),
    }));
    const shifts = timed.flatMap(({ days, startTime, endTime }) =>
      days.map((day) => ({ dayOfWeek: day, startTime, endTime, breakMinutes: workday.breakMinutes })),
    );
    const hours = weeklyHours(shifts.map((shift) => ({ ...shift, isActive: true })));
    const times = timed.map((block) => `${describeDays(block.days)} ${block.startTime}-${block.endTime}`);
    return {
      id,
      name,
      note,
      summary: `${times.join(', ')}, ${describeBreak(workday.breakMinutes)}: ${hours} h a week`,
      weeklyHours: hours,
      shifts,
    };
  });
}

export function scheduleTemplate(id: ScheduleTemplateId, workday: Workday = standardDay): ScheduleTemplate {
  return scheduleTemplatesFor(workday).find((template) => template.id === id)!;
}

/**
 * The template's shifts on the dates of the week beginning `weekStart`, in date order. Works for
 * any week-start day: Weekend Only puts Sunday first in a Sunday week and last in a Monday week.
 */
export function expandTemplate(
  template: Pick<ScheduleTemplate, 'shifts'>,
  weekStart: IsoDate,
): (ShiftTimes & { date: IsoDate })[] {
  const start = dayOfWeek(weekStart);
  return template.shifts
    .map(({ dayOfWeek: day, ...times }) => ({ ...times, date: addDays(weekStart, (day - start + 7) % 7) }))
    .sort((a, b) => a.date.localeCompare(b.date));
}
