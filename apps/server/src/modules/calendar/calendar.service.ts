import type { z } from 'zod';
import type { Db } from '@atrium/db';
import {
  allows,
  defaultEventRangeDays,
  employeeFullName,
  maxEventDays,
  maxEventRangeDays,
  todayIn,
  zonedInstant,
  type CalendarEvent,
  type EventList,
  type eventListQuerySchema,
  type Invitee,
  type inviteeQuerySchema,
  type scheduleMeetingSchema,
} from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, notFound } from '../../platform/errors/app-error';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import type { ProjectsService } from '../projects';
import {
  calendarRepository as repo,
  type AttendeeRow,
  type EventRow,
  type InviteScope,
} from './calendar.repository';

const dayMs = 86_400_000;

const invalid = (message: string, fields: Record<string, string>) =>
  new AppError('validation_failed', message, fields);

/**
 * Members without people:view (contractors) do not see the directory: they invite, and see the
 * public events of, only what concerns them — the people on the projects they see, and the
 * events they organise or attend.
 */
const seesEveryone = (member: Member) => allows(member, 'people:view');

/** Issue 17: an event's activity entries go to those who may see the event, cancelled or not. */
export const calendarReadRules = {
  calendar_event: {
    visible(member) {
      if (!allows(member, 'calendar:use')) return false;
      const scope = {
        employeeId: member.employeeId,
        seesPublic: seesEveryone(member),
        includeCancelled: true,
      };
      return (entry) => repo.eventIn(member.tenantId, scope, entry.entityId);
    },
  },
} satisfies Pick<ActivityAudience, 'calendar_event'>;

function toEventView(row: EventRow, attendees: readonly AttendeeRow[]): CalendarEvent {
  const own = attendees.filter((a) => a.eventId === row.id);
  // The organizer heads the list; the others stay in name order.
  const ordered = [
    ...own.filter((a) => a.employeeId === row.organizerId),
    ...own.filter((a) => a.employeeId !== row.organizerId),
  ];
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    allDay: row.allDay,
    location: row.location,
    type: row.type,
    priority: row.priority,
    status: row.status,
    visibility: row.visibility,
    organizer:
      row.organizerId && row.organizerFirstName !== null && row.organizerLastName !== null
        ? {
            id: row.organizerId,
            name: employeeFullName({ firstName: row.organizerFirstName, lastName: row.organizerLastName }),
          }
        : null,
    attendees: ordered.map((a) => ({
      id: a.employeeId,
      name: employeeFullName(a),
      avatarUrl: a.avatarUrl,
      response: a.response,
      isRequired: a.isRequired,
    })),
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

function eventCursor(cursor: string): { startsAt: Date; id: string } {
  const [startsAt, id] = decodeCursor(cursor, ['timestamp', 'uuid']);
  return { startsAt: new Date(startsAt), id };
}

export function createCalendarService({ db, projects }: { db: Db; projects: ProjectsService }) {
  async function inviteScope(member: Member): Promise<InviteScope> {
    return {
      exclude: member.employeeId,
      circle: seesEveryone(member) ? undefined : await projects.scopeOf(member),
    };
  }

  async function eventView(tenantId: string, id: string): Promise<CalendarEvent> {
    const row = await repo.findEvent(db, tenantId, id);
    if (!row) throw notFound('Event');
    return toEventView(row, await repo.attendeesOf(db, tenantId, [id]));
  }

  return {
    /** The events the member may see in a window, earliest first (dashboard: Upcoming meetings). */
    async listEvents(member: Member, query: z.output<typeof eventListQuerySchema>): Promise<EventList> {
      const from = query.from ? new Date(query.from) : new Date();
      const to = query.to ? new Date(query.to) : new Date(from.getTime() + defaultEventRangeDays * dayMs);
      if (to <= from) throw invalid('The window ends before it starts', { to: 'Choose a time after from' });
      if (to.getTime() - from.getTime() > maxEventRangeDays * dayMs) {
        throw invalid('The window is too wide', { to: `At most ${maxEventRangeDays} days after from` });
      }
      const after = query.cursor ? eventCursor(query.cursor) : undefined;
      const rows = await repo.listEvents(db, {
        tenantId: member.tenantId,
        scope: {
          employeeId: member.employeeId,
          seesPublic: query.mine === 'false' && seesEveryone(member),
          includeCancelled: query.includeCancelled === 'true',
        },
        window: { from, to, lookBack: new Date(from.getTime() - maxEventDays * dayMs) },
        limit: query.limit + 1,
        after,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [
        last.startsAt.toISOString(),
        last.id,
      ]);
      const attendees = await repo.attendeesOf(
        db,
        member.tenantId,
        page.map((row) => row.id),
      );
      return {
        data: page.map((row) => toEventView(row, attendees)),
        nextCursor,
      };
    },

    /** The Schedule Meeting dialog's attendee search. */
    async invitees(member: Member, query: z.output<typeof inviteeQuerySchema>): Promise<{ data: Invitee[] }> {
      const scope = await inviteScope(member);
      const rows = await repo.searchInvitees(db, {
        tenantId: member.tenantId,
        q: query.q,
        scope,
        limit: query.limit,
      });
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: employeeFullName(row),
          detail: `${row.jobTitle} · ${row.department}`,
        })),
      };
    },

    /**
     * Schedule Meeting (spec 2 "Dashboard"): a confirmed, public meeting organised by the member's
     * employee record, who attends (accepted); the invited people's answers are pending.
     */
    async scheduleMeeting(
      member: Member,
      input: z.output<typeof scheduleMeetingSchema>,
    ): Promise<CalendarEvent> {
      const organizerId = member.employeeId;
      if (!organizerId) {
        throw new AppError(
          'unprocessable',
          'Only people with an employee record in this workspace can organise meetings',
        );
      }
      const { timeZone } = member;
      const startsAt = zonedInstant(input.date, input.startTime, timeZone);
      const endsAt = zonedInstant(input.date, input.endTime, timeZone);
      // A meeting already under way may still be put in the calendar; one that is over may not.
      if (endsAt.getTime() <= Date.now()) {
        throw new AppError(
          'unprocessable',
          'This meeting would be over already',
          input.date < todayIn(timeZone)
            ? { date: 'Choose today or a later date' }
            : { endTime: 'This time has passed; choose a later one' },
        );
      }

      const invited = [...new Set(input.attendeeIds)].filter((id) => id !== organizerId);
      const allowed = await repo.invitable(db, {
        tenantId: member.tenantId,
        ids: invited,
        scope: await inviteScope(member),
      });
      if (invited.some((id) => !allowed.has(id))) {
        throw new AppError('unprocessable', 'Someone invited is not in this workspace', {
          attendeeIds: 'Choose attendees from the people of this workspace',
        });
      }

      const id = await db.transaction(async (tx) => {
        const id = await repo.insertEvent(tx, member.tenantId, {
          title: input.title,
          description: input.description,
          startsAt,
          endsAt,
          location: input.location || null,
          organizerId,
        });
        await repo.insertAttendees(tx, {
          tenantId: member.tenantId,
          eventId: id,
          attendees: [
            { employeeId: organizerId, response: 'accepted' },
            ...invited.map((employeeId) => ({ employeeId, response: 'pending' as const })),
          ],
        });
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'created',
          entityType: 'calendar_event',
          entityId: id,
          summary: `scheduled meeting '${input.title}'`,
          data: {
            startsAt: startsAt.toISOString(),
            endsAt: endsAt.toISOString(),
            attendees: invited.length + 1,
          },
        });
        return id;
      });
      return eventView(member.tenantId, id);
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
