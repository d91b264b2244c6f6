const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per locale and options, made on first use: building one costs far more
 * than formatting with it, and lists format a date or two per row on every render.
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/**
 * A calendar date (YYYY-MM-DD) as "Mar 3, 2025". Read as UTC midnight and shown in UTC, so the day
 * never shifts with the viewer's time zone.
 */
export function formatCalendarDate(
  date: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return dateFormat('en', { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;

const relativeUnits: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * day],
  ['month', 30 * day],
  ['week', 7 * day],
  ['day', day],
  ['hour', hour],
  ['minute', minute],
];

let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** "3 hours ago", "in 2 days"; under a minute is "just now". */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  // Made once, like dateFormat's formats.
  const format = (relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/**
 * A date and time in the workspace time zone (ARCHITECTURE.md, "Conventions": stored UTC, shown in the
 * workspace time zone). Without a zone yet, the browser's own is used.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  return dateFormat('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

export function formatDate(iso: string, timeZone?: string): string {
  return dateFormat('en', {
    dateStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/** Whole days left until `iso`, counting a started day as a day; 0 once it has passed. */
export function daysUntil(iso: string, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now.getTime()) / (day * 1000)));
}
