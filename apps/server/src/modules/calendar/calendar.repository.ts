import { and, asc, eq, gt, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema, type Db, type Tx } from '@atrium/db';
import { containsPattern, searchWords, type AttendeeResponse } from '@atrium/shared';
import { inIdSet } from '../../platform/db/id-set';
import type { ProjectScope } from '../projects';

const { calendarEvents, eventAttendees, employees } = schema;
const organizer = alias(employees, 'organizer');

/**
 * Whom a member may invite: active people of the workspace. `circle` narrows them to the people on
 * (managing or on the team of) the projects the member sees: members without people:view, i.e.
 * contractors, do not see the directory.
 */
export type InviteScope = { exclude: string | null; circle?: ProjectScope | undefined };

/** Which events a member may list: their own (organizer or attendee) and, when allowed, the public ones. */
export type EventScope = { employeeId: string | null; seesPublic: boolean; includeCancelled: boolean };

type EventRecord = typeof calendarEvents.$inferSelect;

export type NewEvent = Pick<EventRecord, 'title' | 'description' | 'startsAt' | 'endsAt' | 'location'> & {
  organizerId: NonNullable<EventRecord['organizerId']>;
};

const eventColumns = {
  id: calendarEvents.id,
  title: calendarEvents.title,
  description: calendarEvents.description,
  startsAt: calendarEvents.startsAt,
  endsAt: calendarEvents.endsAt,
  allDay: calendarEvents.allDay,
  location: calendarEvents.location,
  type: calendarEvents.type,
  priority: calendarEvents.priority,
  status: calendarEvents.status,
  visibility: calendarEvents.visibility,
  organizerId: calendarEvents.organizerId,
  organizerFirstName: organizer.firstName,
  organizerLastName: organizer.lastName,
  createdAt: calendarEvents.createdAt,
  version: calendarEvents.version,
};

/** Events with their organizer's name (the list and the single event read the same). */
const selectEvents = (db: Db) =>
  db
    .select(eventColumns)
    .from(calendarEvents)
    .leftJoin(
      organizer,
      and(eq(organizer.tenantId, calendarEvents.tenantId), eq(organizer.id, calendarEvents.organizerId)),
    );

export type EventRow = Awaited<ReturnType<typeof selectEvents>>[number];

function invitableWhere(tenantId: string, scope: InviteScope): SQL {
  const conditions: SQL[] = [
    eq(employees.tenantId, tenantId),
    isNull(employees.deletedAt),
    eq(employees.status, 'active'),
  ];
  if (scope.exclude) conditions.push(ne(employees.id, scope.exclude));
  if (scope.circle) {
    const seen = inIdSet(sql`p.id`, scope.circle.projectIds);
    conditions.push(sql`exists (
      select 1 from projects p
      where p.tenant_id = ${tenantId} ${seen ? sql`and ${seen}` : sql``}
        and (p.manager_id = ${employees.id} or exists (
          select 1 from project_members mates
          where mates.tenant_id = p.tenant_id and mates.project_id = p.id
            and mates.employee_id = ${employees.id})))`);
  }
  return and(...conditions)!;
}

function visibleWhere(tenantId: string, scope: EventScope): SQL {
  const own = scope.employeeId
    ? or(
        eq(calendarEvents.organizerId, scope.employeeId),
        sql`exists (select 1 from event_attendees a
          where a.tenant_id = ${calendarEvents.tenantId} and a.event_id = ${calendarEvents.id}
            and a.employee_id = ${scope.employeeId})`,
      )!
    : undefined;
  const shared = scope.seesPublic ? eq(calendarEvents.visibility, 'public') : undefined;
  const conditions = [own, shared].filter((c): c is SQL => c !== undefined);
  const visible = conditions.length > 0 ? or(...conditions)! : sql`false`;
  return and(
    eq(calendarEvents.tenantId, tenantId),
    visible,
    scope.includeCancelled ? undefined : ne(calendarEvents.status, 'cancelled'),
  )!;
}

export const calendarRepository = {
  /** "This event is one the scope sees", for an event id held elsewhere (the activity log). */
  eventIn: (tenantId: string, scope: EventScope, eventId: AnyPgColumn): SQL =>
    sql`${eventId} in (select ${calendarEvents.id} from ${calendarEvents} where ${visibleWhere(tenantId, scope)})`,

  /** Invitable people by name, in the directory's order (last name, first name). */
  searchInvitees(db: Db, search: { tenantId: string; q: string; scope: InviteScope; limit: number }) {
    const { tenantId, q, scope, limit } = search;
    const words = searchWords(q).map((word) => {
      const pattern = containsPattern(word);
      return or(ilike(employees.firstName, pattern), ilike(employees.lastName, pattern))!;
    });
    return db
      .select({
        id: employees.id,
        firstName: employees.firstName,
        lastName: employees.lastName,
        jobTitle: employees.jobTitle,
        department: employees.department,
      })
      .from(employees)
      .where(and(invitableWhere(tenantId, scope), ...words))
      .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id))
      .limit(limit);
  },

  /** Which of these employees the member may invite. */
  async invitable(db: Db | Tx, query: { tenantId: string; ids: readonly string[]; scope: InviteScope }) {
    const { tenantId, ids, scope } = query;
    if (ids.length === 0) return new Set<string>();
    const rows = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(invitableWhere(tenantId, scope), inArray(employees.id, [...ids])));
    return new Set(rows.map((row) => row.id));
  },

  async insertEvent(tx: Tx, tenantId: string, values: NewEvent): Promise<string> {
    const [row] = await tx
      .insert(calendarEvents)
      .values({ tenantId, ...values, type: 'meeting', status: 'confirmed', visibility: 'public' })
      .returning({ id: calendarEvents.id });
    return row!.id;
  },

  async insertAttendees(
    tx: Tx,
    invited: {
      tenantId: string;
      eventId: string;
      attendees: readonly { employeeId: string; response: AttendeeResponse }[];
    },
  ): Promise<void> {
    const { tenantId, eventId, attendees } = invited;
    if (attendees.length === 0) return;
    await tx
      .insert(eventAttendees)
      .values(attendees.map((attendee) => ({ tenantId, eventId, isRequired: true, ...attendee })));
  },

  /**
   * The visible events overlapping [from, to), by start then id, after the keyset cursor. Only
   * events starting at most `lookBack` before `from` are considered, so the (tenant_id, starts_at)
   * index bounds the scan on both sides.
   */
  listEvents(
    db: Db,
    page: {
      tenantId: string;
      scope: EventScope;
      window: { from: Date; to: Date; lookBack: Date };
      limit: number;
      after?: { startsAt: Date; id: string } | undefined;
    },
  ): Promise<EventRow[]> {
    const { tenantId, scope, window, limit, after } = page;
    return selectEvents(db)
      .where(
        and(
          visibleWhere(tenantId, scope),
          gte(calendarEvents.startsAt, window.lookBack),
          lt(calendarEvents.startsAt, window.to),
          gt(calendarEvents.endsAt, window.from),
          after
            ? sql`(${calendarEvents.startsAt}, ${calendarEvents.id}) > (${after.startsAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id))
      .limit(limit);
  },

  async findEvent(db: Db, tenantId: string, id: string): Promise<EventRow | undefined> {
    const [row] = await selectEvents(db).where(
      and(eq(calendarEvents.tenantId, tenantId), eq(calendarEvents.id, id)),
    );
    return row;
  },

  /** The attendees of these events with their names, by name. */
  async attendeesOf(db: Db, tenantId: string, eventIds: readonly string[]) {
    if (eventIds.length === 0) return [];
    return db
      .select({
        eventId: eventAttendees.eventId,
        employeeId: eventAttendees.employeeId,
        firstName: employees.firstName,
        lastName: employees.lastName,
        avatarUrl: employees.avatarUrl,
        response: eventAttendees.response,
        isRequired: eventAttendees.isRequired,
      })
      .from(eventAttendees)
      .innerJoin(
        employees,
        and(eq(employees.tenantId, eventAttendees.tenantId), eq(employees.id, eventAttendees.employeeId)),
      )
      .where(and(eq(eventAttendees.tenantId, tenantId), inArray(eventAttendees.eventId, [...eventIds])))
      .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id));
  },
};

export type AttendeeRow = Awaited<ReturnType<typeof calendarRepository.attendeesOf>>[number];
