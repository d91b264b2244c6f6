import {
  calendarEventSchema,
  dataListSchema,
  eventListQuerySchema,
  eventListSchema,
  inviteeQuerySchema,
  inviteeSchema,
  scheduleMeetingSchema,
} from '@atrium/shared';
import type { ApiSection } from '../../platform/openapi/api-operation';

export const calendarApi: ApiSection = {
  tag: 'Calendar',
  description: "Meetings: the dashboard's Schedule Meeting and Upcoming meetings.",
  operations: [
    {
      method: 'get',
      path: '/calendar/events',
      summary: 'Events in a period',
      access: 'calendar:use',
      query: eventListQuerySchema,
      responses: { 200: eventListSchema },
    },
    {
      method: 'post',
      path: '/calendar/events',
      summary: 'Schedule a meeting',
      access: 'calendar:use',
      body: scheduleMeetingSchema,
      responses: { 201: calendarEventSchema },
      errors: [422],
    },
    {
      method: 'get',
      path: '/calendar/invitees',
      summary: 'People who can be invited, by name',
      access: 'calendar:use',
      query: inviteeQuerySchema,
      responses: { 200: dataListSchema(inviteeSchema) },
    },
  ],
};
