import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import {
  defaultBusinessCalendar,
  defaultSlaTargets,
  slaTiers,
  unfinishedTicketStatuses,
  type SlaTier,
} from '@atrium/shared';
import { assignee } from './tickets.repository';

const { tickets, slaLevels, businessCalendars, supportTeamMembers, workspaces } = schema;

export type CalendarRow = typeof businessCalendars.$inferSelect;
export type SlaLevelRow = typeof slaLevels.$inferSelect;
export type CalendarValues = Pick<
  typeof businessCalendars.$inferInsert,
  'name' | 'timeZone' | 'periods' | 'holidays' | 'holidayCountry' | 'isDefault'
>;
export type SlaLevelValues = Pick<
  typeof slaLevels.$inferInsert,
  'firstResponseHours' | 'resolutionHours' | 'calendarId' | 'pauseStatuses'
>;

/** What the SLA clocks read of a ticket and its tier. */
const clockColumns = {
  id: tickets.id,
  number: tickets.number,
  subject: tickets.subject,
  status: tickets.status,
  createdAt: tickets.createdAt,
  firstRespondedAt: tickets.firstRespondedAt,
  resolvedAt: tickets.resolvedAt,
  assignedAgentId: tickets.assignedAgentId,
  teamId: tickets.teamId,
  slaPauses: tickets.slaPauses,
  firstResponseDueAt: tickets.firstResponseDueAt,
  resolutionDueAt: tickets.resolutionDueAt,
  levelId: slaLevels.id,
  firstResponseHours: slaLevels.firstResponseHours,
  resolutionHours: slaLevels.resolutionHours,
  calendarId: slaLevels.calendarId,
  pauseStatuses: slaLevels.pauseStatuses,
};
const selectClockRows = (db: Db | Tx) =>
  db
    .select(clockColumns)
    .from(tickets)
    .leftJoin(slaLevels, and(eq(slaLevels.tenantId, tickets.tenantId), eq(slaLevels.id, tickets.slaLevelId)));

export type TicketClockRow = Awaited<ReturnType<typeof selectClockRows>>[number];

/** A name the workspace's first calendar takes; an Admin may rename it. */
const defaultCalendarName = 'Business hours';

export const slaRepository = {
  async workspaceTimeZone(db: Db | Tx, tenantId: string): Promise<string> {
    const [row] = await db
      .select({ timeZone: workspaces.timeZone })
      .from(workspaces)
      .where(eq(workspaces.id, tenantId));
    return row?.timeZone ?? 'UTC';
  },

  /**
   * The workspace's default calendar; the first use creates it (spec 9: Monday to Friday,
   * 09:00-17:00, in the workspace's time zone), as tickets.repository creates a tier's level.
   */
  async defaultCalendar(tx: Tx, tenantId: string): Promise<CalendarRow> {
    const existing = await slaRepository.findDefaultCalendar(tx, tenantId);
    if (existing) return existing;
    const calendar = defaultBusinessCalendar(await slaRepository.workspaceTimeZone(tx, tenantId));
    await tx
      .insert(businessCalendars)
      .values({ tenantId, name: defaultCalendarName, ...calendar, isDefault: true })
      .onConflictDoNothing();
    return (await slaRepository.findDefaultCalendar(tx, tenantId))!;
  },

  async findDefaultCalendar(db: Db | Tx, tenantId: string): Promise<CalendarRow | undefined> {
    const [row] = await db
      .select()
      .from(businessCalendars)
      .where(and(eq(businessCalendars.tenantId, tenantId), eq(businessCalendars.isDefault, true)));
    return row;
  },

  async calendars(db: Db | Tx, tenantId: string): Promise<CalendarRow[]> {
    return db
      .select()
      .from(businessCalendars)
      .where(eq(businessCalendars.tenantId, tenantId))
      .orderBy(sql`${businessCalendars.isDefault} desc`, asc(businessCalendars.name));
  },

  async findCalendar(db: Db | Tx, tenantId: string, id: string): Promise<CalendarRow | undefined> {
    const [row] = await db
      .select()
      .from(businessCalendars)
      .where(and(eq(businessCalendars.tenantId, tenantId), eq(businessCalendars.id, id)));
    return row;
  },

  async insertCalendar(tx: Tx, tenantId: string, values: CalendarValues): Promise<CalendarRow> {
    const [row] = await tx
      .insert(businessCalendars)
      .values({ ...values, tenantId })
      .returning();
    return row!;
  },

  /** Undefined when the calendar does not have `version` (or does not exist). */
  async updateCalendar(
    tx: Tx,
    change: { tenantId: string; id: string; version: number; values: CalendarValues },
  ): Promise<CalendarRow | undefined> {
    const [row] = await tx
      .update(businessCalendars)
      .set({ ...change.values, version: sql`${businessCalendars.version} + 1` })
      .where(
        and(
          eq(businessCalendars.tenantId, change.tenantId),
          eq(businessCalendars.id, change.id),
          eq(businessCalendars.version, change.version),
        ),
      )
      .returning();
    return row;
  },

  /** The default calendar is no longer the default (another one is about to be). */
  async unmarkDefault(tx: Tx, tenantId: string, exceptId?: string) {
    await tx
      .update(businessCalendars)
      .set({ isDefault: false, version: sql`${businessCalendars.version} + 1` })
      .where(
        and(
          eq(businessCalendars.tenantId, tenantId),
          eq(businessCalendars.isDefault, true),
          exceptId ? sql`${businessCalendars.id} <> ${exceptId}` : undefined,
        ),
      );
  },

  async deleteCalendar(tx: Tx, tenantId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(businessCalendars)
      .where(and(eq(businessCalendars.tenantId, tenantId), eq(businessCalendars.id, id)))
      .returning({ id: businessCalendars.id });
    return rows.length > 0;
  },

  /** The workspace's four tiers, Bronze to Platinum; a tier not set up yet starts with the spec's targets. */
  async levels(tx: Tx, tenantId: string): Promise<SlaLevelRow[]> {
    await tx
      .insert(slaLevels)
      .values(slaTiers.map((tier) => ({ tenantId, name: tier, ...defaultSlaTargets[tier] })))
      .onConflictDoNothing({ target: [slaLevels.tenantId, slaLevels.name] });
    const rows = await tx.select().from(slaLevels).where(eq(slaLevels.tenantId, tenantId));
    return slaTiers.map((tier) => rows.find((row) => row.name === tier)!);
  },

  async updateLevel(
    tx: Tx,
    change: { tenantId: string; id: string; version: number; values: SlaLevelValues },
  ): Promise<SlaLevelRow | undefined> {
    const [row] = await tx
      .update(slaLevels)
      .set({ ...change.values, version: sql`${slaLevels.version} + 1` })
      .where(
        and(
          eq(slaLevels.tenantId, change.tenantId),
          eq(slaLevels.id, change.id),
          eq(slaLevels.version, change.version),
        ),
      )
      .returning();
    return row;
  },

  /** The tiers whose policy names the calendar. */
  async tiersOnCalendar(db: Db | Tx, tenantId: string, calendarId: string): Promise<SlaTier[]> {
    const rows = await db
      .select({ name: slaLevels.name })
      .from(slaLevels)
      .where(and(eq(slaLevels.tenantId, tenantId), eq(slaLevels.calendarId, calendarId)));
    return slaTiers.filter((tier) => rows.some((row) => row.name === tier));
  },

  async clockRows(db: Db | Tx, tenantId: string, ids: readonly string[]): Promise<TicketClockRow[]> {
    if (ids.length === 0) return [];
    return selectClockRows(db).where(and(eq(tickets.tenantId, tenantId), inArray(tickets.id, [...ids])));
  },

  /**
   * Writes a ticket's clocks. Not an edit of the ticket: its version and "updated" time stay, so a
   * policy change does not reorder the queue nor make every open editor stale.
   */
  async writeClocks(
    tx: Tx,
    tenantId: string,
    id: string,
    clocks: {
      slaPauses: { from: string; to: string | null }[];
      firstResponseDueAt: Date | null;
      resolutionDueAt: Date | null;
    },
  ) {
    await tx
      .update(tickets)
      .set({ ...clocks, updatedAt: sql`${tickets.updatedAt}` })
      .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
  },

  /**
   * The next `limit` unfinished tickets after `after` (by id) whose tier is among `levelIds`: the
   * tickets a policy or calendar change gives new due times, a batch at a time.
   */
  async unfinishedTicketIds(
    db: Db | Tx,
    tenantId: string,
    scope: { levelIds: readonly string[]; after: string | null; limit: number },
  ): Promise<string[]> {
    if (scope.levelIds.length === 0) return [];
    const rows = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.tenantId, tenantId),
          inArray(tickets.slaLevelId, [...scope.levelIds]),
          inArray(tickets.status, [...unfinishedTicketStatuses]),
          scope.after ? gt(tickets.id, scope.after) : undefined,
        ),
      )
      .orderBy(asc(tickets.id))
      .limit(scope.limit);
    return rows.map((row) => row.id);
  },

  /** The levels counting in a calendar: those naming it, and when it is the default, those naming none. */
  async levelIdsOnCalendar(db: Db | Tx, tenantId: string, calendar: { id: string; isDefault: boolean }) {
    const rows = await db
      .select({ id: slaLevels.id })
      .from(slaLevels)
      .where(
        and(
          eq(slaLevels.tenantId, tenantId),
          calendar.isDefault
            ? or(eq(slaLevels.calendarId, calendar.id), isNull(slaLevels.calendarId))
            : eq(slaLevels.calendarId, calendar.id),
        ),
      );
    return rows.map((row) => row.id);
  },

  async teamManagers(db: Db | Tx, tenantId: string, teamId: string): Promise<string[]> {
    const rows = await db
      .select({ employeeId: supportTeamMembers.employeeId })
      .from(supportTeamMembers)
      .where(
        and(
          eq(supportTeamMembers.tenantId, tenantId),
          eq(supportTeamMembers.teamId, teamId),
          eq(supportTeamMembers.isManager, true),
        ),
      );
    return rows.map((row) => row.employeeId);
  },

  /** The tickets with an SLA tier created in [from, to), with their assignee, for compliance. */
  async complianceRows(db: Db, tenantId: string, range: { from: Date; to: Date }) {
    return db
      .select({
        createdAt: tickets.createdAt,
        status: tickets.status,
        firstRespondedAt: tickets.firstRespondedAt,
        resolvedAt: tickets.resolvedAt,
        slaPauses: tickets.slaPauses,
        tier: slaLevels.name,
        firstResponseHours: slaLevels.firstResponseHours,
        resolutionHours: slaLevels.resolutionHours,
        calendarId: slaLevels.calendarId,
        assigneeId: tickets.assignedAgentId,
        assigneeFirstName: assignee.firstName,
        assigneeLastName: assignee.lastName,
        assigneeAvatarUrl: assignee.avatarUrl,
      })
      .from(tickets)
      .innerJoin(
        slaLevels,
        and(eq(slaLevels.tenantId, tickets.tenantId), eq(slaLevels.id, tickets.slaLevelId)),
      )
      .leftJoin(
        assignee,
        and(eq(assignee.tenantId, tickets.tenantId), eq(assignee.id, tickets.assignedAgentId)),
      )
      .where(
        and(
          eq(tickets.tenantId, tenantId),
          isNotNull(tickets.slaLevelId),
          gte(tickets.createdAt, range.from),
          lt(tickets.createdAt, range.to),
        ),
      );
  },

  /** Unfinished tickets with a clock due by `dueBy` (the Breaching soon rule), nearest first. */
  async atRiskIds(db: Db, tenantId: string, dueBy: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.tenantId, tenantId), dueByCondition(dueBy)))
      .orderBy(nearestDue, asc(tickets.id))
      .limit(limit);
    return rows.map((row) => row.id);
  },
};

/**
 * A running clock due by `dueBy`; each side a range of its partial due-time index. A due time is
 * only kept for an unfinished ticket's running clock, so the status needs no test of its own.
 */
export const dueByCondition = (dueBy: Date) =>
  or(lte(tickets.firstResponseDueAt, dueBy), lte(tickets.resolutionDueAt, dueBy))!;

/** The nearer of the two due times (least() passes over a null). */
export const nearestDue = sql`least(${tickets.firstResponseDueAt}, ${tickets.resolutionDueAt})`;
