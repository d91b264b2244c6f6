import { z } from 'zod';
import { isClockTime, maxMeetingAttendees, meetingTimesProblems } from '../domain/calendar-rules';
import { attendeeResponses, calendarEventStatuses, eventVisibilities, taskPriorities } from '../domain/enums';
import { isoDate, isoDateTime, text } from './fields';

// Calendar API (spec 3 CalendarEvent): /api/v1/calendar with calendar:use. The dashboard's
// Schedule Meeting creates events; its Upcoming meetings lists them.

const clockTime = (message: string) => text(message).refine(isClockTime, 'Use a time like 09:30');

/**
 * Schedule Meeting (spec 2 "Dashboard"): a meeting on one day, in the workspace time zone. The
 * organizer is the signed-in member's employee record and attends without being listed here.
 */
export const scheduleMeetingSchema = z
  .object({
    title: text('Enter a title').trim().min(1, 'Enter a title').max(200, 'At most 200 characters'),
    date: isoDate(),
    startTime: clockTime('Enter a start time'),
    endTime: clockTime('Enter an end time'),
    location: text().trim().max(200, 'At most 200 characters').default(''),
    description: text().trim().max(5000, 'At most 5000 characters').default(''),
    attendeeIds: z
      .array(z.uuid('Choose attendees from the list'))
      .max(maxMeetingAttendees, `At most ${maxMeetingAttendees} attendees`)
      .default([]),
  })
  .superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(meetingTimesProblems(value))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type ScheduleMeetingInput = z.input<typeof scheduleMeetingSchema>;

const instantSchema = isoDateTime;

/**
 * GET /calendar/events: the events overlapping [from, to) that the member may see — their own (as
 * organizer or attendee) and the public ones — earliest first, keyset-paged. `from` defaults to
 * now, `to` to 30 days after `from`; at most 366 days at a time.
 */
export const eventListQuerySchema = z.object({
  from: instantSchema('Use a date and time like 2025-03-02T09:00:00Z').optional(),
  to: instantSchema('Use a date and time like 2025-03-02T09:00:00Z').optional(),
  /** Only the events the member organises or attends (the dashboard's Upcoming meetings). */
  mine: z.enum(['true', 'false']).default('false'),
  includeCancelled: z.enum(['true', 'false']).default('false'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: text().max(500).optional(),
});
export type EventListQuery = z.input<typeof eventListQuerySchema>;

/** GET /calendar/invitees: people a meeting may invite, found by name. */
export const inviteeQuerySchema = z.object({
  q: text().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type InviteeQuery = z.input<typeof inviteeQuerySchema>;

// ---- responses --------------------------------------------------------------------------------

export const eventAttendeeSchema = z.object({
  /** The employee. */
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  response: z.enum(attendeeResponses),
  isRequired: z.boolean(),
});
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;

export const calendarEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  allDay: z.boolean(),
  location: z.string().nullable(),
  /** meeting, review, training, deadline, social ... */
  type: z.string(),
  priority: z.enum(taskPriorities),
  status: z.enum(calendarEventStatuses),
  visibility: z.enum(eventVisibilities),
  organizer: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Everyone invited, the organizer first. */
  attendees: z.array(eventAttendeeSchema),
  createdAt: z.string(),
  version: z.number().int(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const eventListSchema = z.object({
  data: z.array(calendarEventSchema),
  nextCursor: z.string().nullable(),
});
export type EventList = z.infer<typeof eventListSchema>;

export const inviteeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Job title and department, to tell namesakes apart. */
  detail: z.string(),
});
export type Invitee = z.infer<typeof inviteeSchema>;
