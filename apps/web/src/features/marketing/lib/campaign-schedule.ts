import { localDate, wallClockAt, wallClockToUtc } from '@atrium/shared';

// Issue 23: a campaign is scheduled for a wall-clock time in the workspace's time zone, whatever
// zone the browser is in. The screen turns that time into the instant the server stores.

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A time typed for the workspace: a calendar date (YYYY-MM-DD) and a clock time (HH:MM). */
export type ScheduleWallTime = { date: string; time: string };

export type ScheduleReading =
  { ok: true; instant: Date } | { ok: false; field: 'date' | 'time'; message: string };

const two = (value: number) => String(value).padStart(2, '0');

/**
 * The instant a date and time typed for `timeZone` mean. A time the spring daylight-saving change
 * skips does not exist there, so it is refused rather than quietly moved; a time the autumn change
 * repeats means its first occurrence.
 */
function readWallTime({ date, time }: ScheduleWallTime, timeZone: string): ScheduleReading {
  const dateMatch = datePattern.exec(date);
  if (!dateMatch) return { ok: false, field: 'date', message: 'Enter the date' };
  const timeMatch = timePattern.exec(time);
  if (!timeMatch) return { ok: false, field: 'time', message: 'Enter the time' };
  const [year, month, day] = dateMatch.slice(1).map(Number) as [number, number, number];
  const [hour, minute] = timeMatch.slice(1).map(Number) as [number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day
  ) {
    return { ok: false, field: 'date', message: 'Enter a real date' };
  }
  const reads = (at: Date) => {
    const clock = wallClockAt(at, timeZone);
    return clock.day === day && clock.hour === hour && clock.minute === minute;
  };
  let instant = wallClockToUtc({ year, month, day, hour, minute }, timeZone);
  // The autumn change shows this wall time twice, an hour apart: the first is meant.
  const hourEarlier = new Date(instant.getTime() - 3_600_000);
  if (reads(hourEarlier)) instant = hourEarlier;
  if (!reads(instant)) {
    return {
      ok: false,
      field: 'time',
      message: 'The clocks skip this time for daylight saving; choose another',
    };
  }
  return { ok: true, instant };
}

/** A time to send at, read as `readWallTime` does, and still to come (after `now`). */
export function readScheduleTime(
  wall: ScheduleWallTime,
  timeZone: string,
  now: Date = new Date(),
): ScheduleReading {
  const reading = readWallTime(wall, timeZone);
  if (reading.ok && reading.instant.getTime() <= now.getTime()) {
    return { ok: false, field: 'time', message: 'Choose a time still to come' };
  }
  return reading;
}

/** A time something happened (a lead became a customer), read as `readWallTime` does, not after `now`. */
export function readPastTime(
  wall: ScheduleWallTime,
  timeZone: string,
  now: Date = new Date(),
): ScheduleReading {
  const reading = readWallTime(wall, timeZone);
  if (reading.ok && reading.instant.getTime() > now.getTime()) {
    return { ok: false, field: 'time', message: 'Enter a time that has passed' };
  }
  return reading;
}

/** What the workspace's wall clock reads at the instant, as the date and time boxes take it. */
export function scheduleWallTimeAt(instant: Date, timeZone: string): ScheduleWallTime {
  const clock = wallClockAt(instant, timeZone);
  return { date: localDate(instant, timeZone), time: `${two(clock.hour)}:${two(clock.minute)}` };
}

/** A first suggestion: the start of the hour after next, so it is still ahead when the form is sent. */
export function suggestedScheduleTime(timeZone: string, now: Date = new Date()): ScheduleWallTime {
  const hour = 3_600_000;
  return scheduleWallTimeAt(new Date(Math.floor(now.getTime() / hour) * hour + 2 * hour), timeZone);
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone as people read it: "Europe/Berlin (GMT+1)", its offset as at `at` (daylight saving). */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' });
    offsetFormats.set(timeZone, format);
  }
  const offset = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  const name = timeZone.replaceAll('_', ' ');
  return offset ? `${name} (${offset})` : name;
}
