// Calendar (spec 3 CalendarEvent; spec 6 visibility; spec 9 reminders).
import { sql } from 'drizzle-orm';
import { boolean, check, index, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import {
  attendeeResponseEnum,
  calendarEventStatusEnum,
  eventVisibilityEnum,
  reminderTypeEnum,
  taskPriorityEnum,
} from './enums';
import { employees } from './people';
import { foreignKeyIndex, tenantForeignKey, tenantTable } from './tenant-table';

export const calendarEvents = tenantTable(
  'calendar_events',
  {
    title: text().notNull(),
    description: text().notNull().default(''),
    startsAt: timestamptz().notNull(),
    endsAt: timestamptz().notNull(),
    allDay: boolean().notNull().default(false),
    location: text(),
    organizerId: uuid(),
    /** e.g. meeting, review, deadline, training; the spec names no values. */
    type: text().notNull().default('meeting'),
    /** The spec names no event priorities; the task scale (low, medium, high) is reused. */
    priority: taskPriorityEnum().notNull().default('medium'),
    status: calendarEventStatusEnum().notNull().default('confirmed'),
    visibility: eventVisibilityEnum().notNull().default('public'),
  },
  (t) => [
    tenantForeignKey(t, 'organizerId', employees),
    foreignKeyIndex(t, 'organizerId'),
    check('calendar_events_time_order_check', sql`${t.endsAt} >= ${t.startsAt}`),
    // Calendar month/week/day views and "Schedule Meeting" conflicts: events in a time window.
    index('calendar_events_starts_at_idx').on(t.tenantId, t.startsAt),
  ],
);

/** Spec 3 attendees [{userId, response, isRequired}]; attendees are the workspace's people. */
export const eventAttendees = tenantTable(
  'event_attendees',
  {
    eventId: uuid().notNull(),
    employeeId: uuid().notNull(),
    response: attendeeResponseEnum().notNull().default('pending'),
    isRequired: boolean().notNull().default(true),
  },
  (t) => [
    tenantForeignKey(t, 'eventId', calendarEvents).onDelete('cascade'),
    tenantForeignKey(t, 'employeeId', employees).onDelete('cascade'),
    // "My events" (events I attend); also the foreign key.
    foreignKeyIndex(t, 'employeeId'),
    // Also serves the event dialog's attendee list.
    unique('event_attendees_unique').on(t.tenantId, t.eventId, t.employeeId),
  ],
);

export const eventReminders = tenantTable(
  'event_reminders',
  {
    eventId: uuid().notNull(),
    type: reminderTypeEnum().notNull(),
    minutesBefore: smallint().notNull(),
  },
  (t) => [
    tenantForeignKey(t, 'eventId', calendarEvents).onDelete('cascade'),
    check('event_reminders_minutes_check', sql`${t.minutesBefore} >= 0`),
    // Also serves the event dialog's reminder list.
    unique('event_reminders_unique').on(t.tenantId, t.eventId, t.type, t.minutesBefore),
  ],
);
