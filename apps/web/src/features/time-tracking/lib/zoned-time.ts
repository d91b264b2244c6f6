// Times are shown and typed in the workspace time zone (ARCHITECTURE.md, "Conventions"), while a
// datetime-local input knows no zone at all: these helpers translate between the two.

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
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

function wallClock(instantMs: number, timeZone: string) {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = part.value;
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const wall = wallClock(instantMs, timeZone);
  const wallAsUtc = Date.UTC(
    Number(wall.year),
    Number(wall.month) - 1,
    Number(wall.day),
    Number(wall.hour),
    Number(wall.minute),
    Number(wall.second),
  );
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "2025-03-04T09:30" (a datetime-local value) for the instant, on the zone's wall clock. */
export function toZonedInputValue(iso: string, timeZone: string): string {
  const wall = wallClock(Date.parse(iso), timeZone);
  return `${wall.year}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}`;
}

/**
 * The instant (ISO, UTC) a datetime-local value means on the zone's wall clock; '' when the value is
 * not one, so the shared schema reports the field. The offset is looked up twice because it can
 * differ between the wall time read as UTC and the real instant (a DST change in between).
 */
export function fromZonedInputValue(value: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return '';
  const [, year, month, day, hour, minute, second] = match;
  const wallMs = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second ?? 0),
  );
  if (Number.isNaN(wallMs)) return '';
  const guess = wallMs - zoneOffsetMs(wallMs, timeZone);
  return new Date(wallMs - zoneOffsetMs(guess, timeZone)).toISOString();
}

/** "09:30" in the zone. */
export function formatClockTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** "Mar 4" in the zone (the day a shift started). */
export function formatShortDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone }).format(new Date(iso));
}

/** Hours to 2 decimals (spec 9). */
export function formatHours(hours: number): string {
  return hours.toFixed(2);
}

/** "2:05:09" from a number of milliseconds; a clock a little behind the server's shows 0:00:00. */
export function formatElapsed(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
