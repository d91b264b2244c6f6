import { eventListQuerySchema, inviteeQuerySchema, scheduleMeetingSchema } from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { readBody, readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { CalendarService } from './calendar.service';

/** Calendar (spec 3 CalendarEvent) for calendar:use: the dashboard's Schedule Meeting and Upcoming meetings. */
export function calendarRoutes(service: CalendarService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .get('/events', permit('calendar:use'), async (c) =>
      c.json(await service.listEvents(c.get('member'), readQuery(c, eventListQuerySchema))),
    )
    .post('/events', permit('calendar:use'), async (c) =>
      c.json(await service.scheduleMeeting(c.get('member'), await readBody(c, scheduleMeetingSchema)), 201),
    )
    .get('/invitees', permit('calendar:use'), async (c) =>
      c.json(await service.invitees(c.get('member'), readQuery(c, inviteeQuerySchema))),
    );
}
