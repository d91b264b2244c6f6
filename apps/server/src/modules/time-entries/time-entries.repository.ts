import { violatesUnique } from '../../platform/db/results';
import { and, asc, count, eq, exists, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema, type Db, type Tx } from '@atrium/db';
import type { TimeEntryStatus, TimesheetAggregate } from '@atrium/shared';

const { timeEntries, employees } = schema;
const decider = alias(employees, 'decider');

const entryColumns = {
  id: timeEntries.id,
  employeeId: timeEntries.employeeId,
  employeeFirstName: employees.firstName,
  employeeLastName: employees.lastName,
  employeeCode: employees.employeeCode,
  employeeDeletedAt: employees.deletedAt,
  clockIn: timeEntries.clockIn,
  clockOut: timeEntries.clockOut,
  totalHours: timeEntries.totalHours,
  overtimeHours: timeEntries.overtimeHours,
  status: timeEntries.status,
  notes: timeEntries.notes,
  location: timeEntries.location,
  decidedBy: timeEntries.approvedBy,
  deciderFirstName: decider.firstName,
  deciderLastName: decider.lastName,
  decidedAt: timeEntries.approvedAt,
  createdAt: timeEntries.createdAt,
  updatedAt: timeEntries.updatedAt,
  version: timeEntries.version,
};

/** Which entries a query sees: the timesheet filters plus, for people without time:manage, their own only. */
export type EntryScope = {
  employeeId?: string | undefined;
  /** Set for people who see only their own entries. */
  ownEmployeeId?: string | undefined;
  status?: TimeEntryStatus | undefined;
  from?: Date | null;
  to?: Date | null;
};

export type TimeEntryChanges = Partial<
  Pick<
    typeof timeEntries.$inferInsert,
    'clockIn' | 'clockOut' | 'totalHours' | 'overtimeHours' | 'status' | 'notes'
  >
>;

function scopeWhere(tenantId: string, scope: EntryScope): SQL {
  return and(
    eq(timeEntries.tenantId, tenantId),
    scope.employeeId ? eq(timeEntries.employeeId, scope.employeeId) : undefined,
    scope.ownEmployeeId ? eq(timeEntries.employeeId, scope.ownEmployeeId) : undefined,
    scope.status ? eq(timeEntries.status, scope.status) : undefined,
    scope.from ? gte(timeEntries.clockIn, scope.from) : undefined,
    scope.to ? lt(timeEntries.clockIn, scope.to) : undefined,
  )!;
}

function selectEntries(db: Db | Tx) {
  return db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(
      employees,
      and(eq(employees.tenantId, timeEntries.tenantId), eq(employees.id, timeEntries.employeeId)),
    )
    .leftJoin(
      decider,
      and(eq(decider.tenantId, timeEntries.tenantId), eq(decider.id, timeEntries.approvedBy)),
    )
    .$dynamic();
}

export type EntryRow = NonNullable<Awaited<ReturnType<typeof timeEntriesRepository.find>>>;

const livePerson = {
  employeeId: employees.id,
  firstName: employees.firstName,
  lastName: employees.lastName,
  employeeCode: employees.employeeCode,
  department: employees.department,
  jobTitle: employees.jobTitle,
};

/** What the payroll export pays: approved entries whose clock-in falls in [from, to). */
const paidBetween = (from: Date, to: Date) =>
  and(eq(timeEntries.status, 'approved'), gte(timeEntries.clockIn, from), lt(timeEntries.clockIn, to));

/** Where a page of the payroll export's employees ends (their name order). */
export type PayrollKey = Pick<typeof employees.$inferSelect, 'lastName' | 'firstName' | 'id'>;

/** The workspace and the period [from, to) whose approved entries the payroll export pays. */
type PaidQuery = { tenantId: string; from: Date; to: Date };

export const timeEntriesRepository = {
  /** "This entry is in the scope", for an entry id held elsewhere (the activity log). */
  entryIn: (tenantId: string, scope: EntryScope, entryId: AnyPgColumn): SQL =>
    sql`${entryId} in (select ${timeEntries.id} from ${timeEntries} where ${scopeWhere(tenantId, scope)})`,

  /** Newest clock-in first; `after` is the (clockIn, id) of the last row already shown. */
  list(
    db: Db,
    page: {
      tenantId: string;
      scope: EntryScope;
      limit: number;
      after?: { clockIn: string; id: string } | undefined;
    },
  ) {
    const { tenantId, scope, limit, after } = page;
    const where = scopeWhere(tenantId, scope);
    return selectEntries(db)
      .where(
        after
          ? and(
              where,
              // Row comparison: one index seek however deep the page.
              sql`(${timeEntries.clockIn}, ${timeEntries.id}) < (cast(${after.clockIn} as timestamptz), cast(${after.id} as uuid))`,
            )
          : where,
      )
      .orderBy(sql`${timeEntries.clockIn} desc`, sql`${timeEntries.id} desc`)
      .limit(limit);
  },

  async find(db: Db | Tx, tenantId: string, id: string) {
    const [row] = await selectEntries(db).where(
      and(eq(timeEntries.tenantId, tenantId), eq(timeEntries.id, id)),
    );
    return row;
  },

  listByIds(db: Db, tenantId: string, ids: string[]) {
    return selectEntries(db)
      .where(and(eq(timeEntries.tenantId, tenantId), inArray(timeEntries.id, ids)))
      .orderBy(sql`${timeEntries.clockIn} desc`, sql`${timeEntries.id} desc`);
  },

  /** Locks the entries for a decision: a concurrent approval waits, then sees the outcome. */
  lockForDecision(tx: Tx, tenantId: string, ids: string[]) {
    return tx
      .select({ id: timeEntries.id, employeeId: timeEntries.employeeId, status: timeEntries.status })
      .from(timeEntries)
      .where(and(eq(timeEntries.tenantId, tenantId), inArray(timeEntries.id, ids)))
      .for('update');
  },

  /** The sums behind the five timesheet cards. */
  async aggregate(db: Db, tenantId: string, scope: EntryScope): Promise<TimesheetAggregate> {
    const [row] = await db
      .select({
        entries: sql<number>`count(*)::int`,
        entriesWithHours: sql<number>`count(${timeEntries.totalHours})::int`,
        totalHours: sql<number>`coalesce(sum(${timeEntries.totalHours}), 0)::float8`.mapWith(Number),
        overtimeHours: sql<number>`coalesce(sum(${timeEntries.overtimeHours}), 0)::float8`.mapWith(Number),
        active: sql<number>`(count(*) filter (where ${timeEntries.status} = 'active'))::int`,
        completed: sql<number>`(count(*) filter (where ${timeEntries.status} = 'completed'))::int`,
      })
      .from(timeEntries)
      .where(scopeWhere(tenantId, scope));
    return (
      row ?? { entries: 0, entriesWithHours: 0, totalHours: 0, overtimeHours: 0, active: 0, completed: 0 }
    );
  },

  /** Who may clock in: the employee's status and whether they are deleted. */
  async employee(db: Db, tenantId: string, employeeId: string) {
    const [row] = await db
      .select({ ...livePerson, status: employees.status, deletedAt: employees.deletedAt })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, employeeId)));
    return row;
  },

  /** Refused with 23505 by time_entries_one_active_idx when the employee is already clocked in. */
  async insert(tx: Tx, values: typeof timeEntries.$inferInsert) {
    const [row] = await tx.insert(timeEntries).values(values).returning({ id: timeEntries.id });
    return row!;
  },

  isAlreadyClockedIn: (error: unknown) => violatesUnique(error, 'time_entries_one_active_idx'),

  /** Closes the entry only while it is still open; undefined when someone clocked it out first. */
  async clockOut(tx: Tx, clockOut: { tenantId: string; id: string; changes: TimeEntryChanges }) {
    const { tenantId, id, changes } = clockOut;
    const [row] = await tx
      .update(timeEntries)
      .set({ ...changes, version: sql`${timeEntries.version} + 1` })
      .where(
        and(eq(timeEntries.tenantId, tenantId), eq(timeEntries.id, id), eq(timeEntries.status, 'active')),
      )
      .returning({ id: timeEntries.id });
    return row;
  },

  /** Approves or rejects completed entries only; returns the ids it changed. */
  async decide(
    tx: Tx,
    decision: {
      tenantId: string;
      ids: string[];
      status: 'approved' | 'rejected';
      decidedBy: string | null;
      at: Date;
    },
  ) {
    const { tenantId, ids } = decision;
    return tx
      .update(timeEntries)
      .set({
        status: decision.status,
        approvedBy: decision.decidedBy,
        approvedAt: decision.at,
        version: sql`${timeEntries.version} + 1`,
      })
      .where(
        and(
          eq(timeEntries.tenantId, tenantId),
          inArray(timeEntries.id, ids),
          eq(timeEntries.status, 'completed'),
        ),
      )
      .returning({ id: timeEntries.id });
  },

  /** A correction, applied only if the row still has `version` and is not decided. */
  async correct(
    tx: Tx,
    correction: { tenantId: string; id: string; version: number; changes: TimeEntryChanges },
  ) {
    const { tenantId, id, version, changes } = correction;
    const [row] = await tx
      .update(timeEntries)
      .set({ ...changes, version: sql`${timeEntries.version} + 1` })
      .where(
        and(
          eq(timeEntries.tenantId, tenantId),
          eq(timeEntries.id, id),
          eq(timeEntries.version, version),
          inArray(timeEntries.status, ['active', 'completed']),
        ),
      )
      .returning({ id: timeEntries.id });
    return row;
  },

  /** True when another entry of the employee overlaps [from, to); an open entry runs until now. */
  async overlaps(
    db: Db,
    span: { tenantId: string; employeeId: string; from: Date; to: Date; exceptId?: string | undefined },
  ) {
    const { tenantId, employeeId, from, to, exceptId } = span;
    const [row] = await db
      .select({ id: timeEntries.id })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.tenantId, tenantId),
          eq(timeEntries.employeeId, employeeId),
          exceptId ? sql`${timeEntries.id} <> cast(${exceptId} as uuid)` : undefined,
          lt(timeEntries.clockIn, to),
          sql`coalesce(${timeEntries.clockOut}, now()) > ${from.toISOString()}::timestamptz`,
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Open entries with their employee, longest running first (Live Clock). */
  clockedIn(db: Db, query: { tenantId: string; limit: number; ownEmployeeId?: string | undefined }) {
    const { tenantId, limit, ownEmployeeId } = query;
    return db
      .select({
        ...livePerson,
        entryId: timeEntries.id,
        clockIn: timeEntries.clockIn,
        version: timeEntries.version,
      })
      .from(timeEntries)
      .innerJoin(
        employees,
        and(eq(employees.tenantId, timeEntries.tenantId), eq(employees.id, timeEntries.employeeId)),
      )
      .where(
        and(
          eq(timeEntries.tenantId, tenantId),
          eq(timeEntries.status, 'active'),
          ownEmployeeId ? eq(timeEntries.employeeId, ownEmployeeId) : undefined,
        ),
      )
      .orderBy(asc(timeEntries.clockIn), asc(timeEntries.id))
      .limit(limit);
  },

  async countClockedIn(db: Db, tenantId: string, ownEmployeeId?: string) {
    const [row] = await db
      .select({ count: count() })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.tenantId, tenantId),
          eq(timeEntries.status, 'active'),
          ownEmployeeId ? eq(timeEntries.employeeId, ownEmployeeId) : undefined,
        ),
      );
    return row?.count ?? 0;
  },

  /** Active, not deleted, not clocked in; by name (Quick Clock In). */
  notClockedIn(db: Db, query: { tenantId: string; limit: number; ownEmployeeId?: string | undefined }) {
    const { tenantId, limit, ownEmployeeId } = query;
    return db
      .select(livePerson)
      .from(employees)
      .where(
        and(
          eq(employees.tenantId, tenantId),
          eq(employees.status, 'active'),
          isNull(employees.deletedAt),
          ownEmployeeId ? eq(employees.id, ownEmployeeId) : undefined,
          sql`not exists (select 1 from ${timeEntries} where ${timeEntries.tenantId} = ${employees.tenantId} and ${timeEntries.employeeId} = ${employees.id} and ${timeEntries.status} = 'active')`,
        ),
      )
      .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id))
      .limit(limit);
  },

  /** How many employees the workspace has, deleted ones included: the payroll export's progress. */
  async countEmployees(db: Db, tenantId: string): Promise<number> {
    const [row] = await db.select({ count: count() }).from(employees).where(eq(employees.tenantId, tenantId));
    return row?.count ?? 0;
  },

  /**
   * Whether more than `limit` approved entries clock in within [from, to): a count that stops at
   * limit + 1, so it costs the same for a year of a large workspace as for a week.
   */
  async paidEntriesExceed(db: Db, query: PaidQuery & { limit: number }): Promise<boolean> {
    const { tenantId, from, to, limit } = query;
    const firstOnes = db
      .select({ one: sql`1` })
      .from(timeEntries)
      .where(and(eq(timeEntries.tenantId, tenantId), paidBetween(from, to)))
      .limit(limit + 1)
      .as('first_ones');
    const [row] = await db.select({ count: count() }).from(firstOnes);
    return (row?.count ?? 0) > limit;
  },

  /**
   * One page of the payroll export's employees in the file's name order, after the previous page's
   * last (lastName, firstName, id): deleted ones included (payroll still owes them), each with
   * whether they have an approved entry whose clock-in falls in [from, to).
   */
  payrollEmployees(db: Db, page: PaidQuery & { limit: number; after?: PayrollKey | undefined }) {
    const { tenantId, from, to, limit, after } = page;
    return db
      .select({
        id: employees.id,
        employeeCode: employees.employeeCode,
        firstName: employees.firstName,
        lastName: employees.lastName,
        hourlyRate: employees.hourlyRate,
        paid: exists(
          db
            .select({ one: sql`1` })
            .from(timeEntries)
            .where(
              and(
                eq(timeEntries.tenantId, employees.tenantId),
                eq(timeEntries.employeeId, employees.id),
                paidBetween(from, to),
              ),
            ),
        ).mapWith(Boolean),
      })
      .from(employees)
      .where(
        and(
          eq(employees.tenantId, tenantId),
          after
            ? sql`(${employees.lastName}, ${employees.firstName}, ${employees.id}) > (${after.lastName}, ${after.firstName}, cast(${after.id} as uuid))`
            : undefined,
        ),
      )
      .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id))
      .limit(limit);
  },

  /** These employees' approved entries whose clock-in falls in [from, to), each one's in clock-in order. */
  approvedHoursOf(db: Db, query: PaidQuery & { employeeIds: string[] }) {
    const { tenantId, employeeIds, from, to } = query;
    return db
      .select({
        employeeId: timeEntries.employeeId,
        clockIn: timeEntries.clockIn,
        totalHours: timeEntries.totalHours,
        overtimeHours: timeEntries.overtimeHours,
      })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.tenantId, tenantId),
          inArray(timeEntries.employeeId, employeeIds),
          paidBetween(from, to),
        ),
      )
      .orderBy(asc(timeEntries.employeeId), asc(timeEntries.clockIn));
  },
};
