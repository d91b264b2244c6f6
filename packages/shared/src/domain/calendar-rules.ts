// Calendar rules (spec 3 CalendarEvent, spec 6 event visibility): the dashboard's Schedule Meeting
// and Upcoming meetings.
import { wallClockToUtc } from './time-rules';

/** The dashboard lists this many meetings under Upcoming Tasks. */
export const upcomingMeetingsLimit = 5;

/** A meeting invites at most this many people besides its organizer. */
export const maxMeetingAttendees = 100;

/** A listing without `to` covers this many days from `from`. */
export const defaultEventRangeDays = 30;

/** The widest window one listing may ask for. */
export const maxEventRangeDays = 366;

/**
 * The longest an event may last. Listings look this far back for events that started before the
 * window and are still running, so a window query stays an index range instead of a scan of every
 * past event. Meetings end on the day they start; the sample data's all-day events last one day.
 */
export const maxEventDays = 14;

const hhmm = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "HH:MM" on the 24-hour clock. */
export const isClockTime = (value: string) => hhmm.test(value);

/** Cross-field problems of a meeting's times, by field: the end must come after the start. */
export function meetingTimesProblems(times: { startTime: string; endTime: string }): Record<string, string> {
  if (!isClockTime(times.startTime) || !isClockTime(times.endTime)) return {};
  return times.endTime > times.startTime ? {} : { endTime: 'End after the start time' };
}

/**
 * The instant a wall-clock date and time (the Schedule Meeting dialog's fields) means in the
 * workspace time zone (ARCHITECTURE.md: stored UTC, shown in the workspace time zone).
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return wallClockToUtc({ year, month, day, hour, minute }, timeZone);
}
