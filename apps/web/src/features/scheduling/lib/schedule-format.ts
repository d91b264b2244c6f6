import { hoursLabel } from '@atrium/shared';

// Shifts live on calendar dates without a time zone ('2031-03-03'): they are formatted as UTC
// midnights so no browser time zone can move them to the day before.

const atUtcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

const formatter = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en', { timeZone: 'UTC', ...options });

const weekdayShort = formatter({ weekday: 'short' });
const weekdayLong = formatter({ weekday: 'long' });
const monthDay = formatter({ month: 'short', day: 'numeric' });
const longDay = formatter({ weekday: 'long', month: 'short', day: 'numeric' });
const shortDay = formatter({ weekday: 'short', month: 'short', day: 'numeric' });
const fullDate = formatter({ month: 'short', day: 'numeric', year: 'numeric' });

/** "Mon" */
export const formatWeekdayShort = (date: string) => weekdayShort.format(atUtcMidnight(date));

/** "Monday" */
export const formatWeekdayLong = (date: string) => weekdayLong.format(atUtcMidnight(date));

/** "Mar 3" */
export const formatMonthDay = (date: string) => monthDay.format(atUtcMidnight(date));

/** "Monday, Mar 3" */
export const formatLongDay = (date: string) => longDay.format(atUtcMidnight(date));

/** "Mon, Mar 3" */
export const formatShortDay = (date: string) => shortDay.format(atUtcMidnight(date));

/** "Mar 2 – 8, 2031" (the range collapses what the two ends share). */
export const formatWeekRange = (weekStart: string, weekEnd: string) =>
  fullDate.formatRange(atUtcMidnight(weekStart), atUtcMidnight(weekEnd));

/** "7 h", "7.5 h": the one way hours are shown (spec 9: 2 decimals; issue 20). */
export const formatHours = hoursLabel;

/** "09:00–17:00" */
export const formatShiftTimes = (shift: { startTime: string; endTime: string }) =>
  `${shift.startTime}–${shift.endTime}`;
