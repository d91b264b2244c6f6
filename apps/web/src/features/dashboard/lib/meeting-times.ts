import { addCalendarDays, daysBetween, localDate, todayIn, wallClockAt } from '@atrium/shared';
import { dateFormat, formatCalendarDate } from '../../../lib/dates';

const dayMinutes = 24 * 60;

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function minutesNow(timeZone: string, now: Date): number {
  const { hour, minute } = wallClockAt(now, timeZone);
  return hour * 60 + minute;
}

/**
 * The Schedule Meeting dialog's first guess: an hour from the next half hour, in the workspace time
 * zone; late in the evening, tomorrow at 09:00 instead.
 */
export function meetingDefaults(timeZone: string, now: Date = new Date()) {
  const today = todayIn(timeZone, now);
  const start = Math.floor(minutesNow(timeZone, now) / 30) * 30 + 30;
  if (start + 60 >= dayMinutes) {
    return { date: addCalendarDays(today, 1), startTime: '09:00', endTime: '10:00' };
  }
  return { date: today, startTime: clock(start), endTime: clock(start + 60) };
}

/** "Today", "Tomorrow" or "Wed, May 14" for the day an instant falls on in the workspace time zone. */
export function dayLabel(iso: string, timeZone: string, now: Date = new Date()): string {
  const date = localDate(new Date(iso), timeZone);
  const offset = daysBetween(todayIn(timeZone, now), date);
  if (offset === 0) return 'Today';
  if (offset === 1) return 'Tomorrow';
  return dateFormat('en', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(
    new Date(iso),
  );
}

/** "9:00 – 10:30 AM" in the workspace time zone. */
export function timeRange(startIso: string, endIso: string, timeZone: string): string {
  return dateFormat('en', { hour: 'numeric', minute: '2-digit', timeZone }).formatRange(
    new Date(startIso),
    new Date(endIso),
  );
}

/** A calendar date (YYYY-MM-DD) as "Mar 3, 2025": it names a day, so no time zone shifts it. */
export function formatPlainDate(date: string): string {
  return formatCalendarDate(date);
}

/** A task's due date next to today: "Due today", "Due tomorrow", "Due Mar 3, 2025". */
export function dueLabel(dueDate: string, today: string): string {
  const offset = daysBetween(today, dueDate);
  if (offset === 0) return 'Due today';
  if (offset === 1) return 'Due tomorrow';
  return `Due ${formatPlainDate(dueDate)}`;
}
