import { hoursLabel, wallClockAt, wallClockToUtc } from '@atrium/shared';

// Times are shown and typed in the workspace time zone (ARCHITECTURE.md, "Conventions"), while a
// datetime-local input knows no zone at all: these helpers translate between the two.

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "2025-03-04T09:30" (a datetime-local value) for the instant, on the zone's wall clock. */
export function toZonedInputValue(iso: string, timeZone: string): string {
  const { year, month, day, hour, minute } = wallClockAt(new Date(iso), timeZone);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hour)}:${twoDigits(minute)}`;
}

/**
 * The instant (ISO, UTC) a datetime-local value means on the zone's wall clock; '' when the value is
 * not one, so the shared schema reports the field.
 */
export function fromZonedInputValue(value: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return '';
  const [, year, month, day, hour, minute, second] = match;
  const wall = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second ?? 0),
  };
  return wallClockToUtc(wall, timeZone).toISOString();
}

/** "09:30" in the zone. */
export function formatClockTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** "Mar 4" in the zone (the day a shift started). */
export function formatShortDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone }).format(new Date(iso));
}

/** Finished hours as every screen shows them: "7.5 h" (spec 9's 2 decimals; issue 20). */
export const formatHours = hoursLabel;

/** "2:05:09" from a number of milliseconds; a clock a little behind the server's shows 0:00:00. */
export function formatElapsed(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
