import { rowsOf } from '../../platform/db/results';
import { and, asc, eq, gte, inArray, isNull, lte, ne, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isAnyUuidOf, preparedPerDatabase, schema, type Db, type Tx } from '@atrium/db';

const { shifts, employees } = schema;

// Dates travel as 'YYYY-MM-DD' text and times as 'HH:MM:SS' text, as Drizzle's date and time
// columns read them on both drivers; raw queries cast to text so neither turns a date into a Date.

const shiftColumns = {
  id: shifts.id,
  employeeId: shifts.employeeId,
  date: shifts.date,
  startTime: shifts.startTime,
  endTime: shifts.endTime,
  breakMinutes: shifts.breakMinutes,
  isActive: shifts.isActive,
  version: shifts.version,
};

type Shift = typeof shifts.$inferSelect;

export type ShiftRow = Pick<Shift, keyof typeof shiftColumns>;

/** What a shift is made of: the columns Add Shift sets, all of them given. */
export type ShiftValues = Pick<
  Shift,
  'employeeId' | 'date' | 'startTime' | 'endTime' | 'breakMinutes' | 'isActive'
>;

/**
 * Spec 5 shift length in SQL, in hundredths of an hour (roundHours' 2 decimals) as an integer: the
 * span crosses midnight when the end is earlier (Night Shift), the break comes off, never below 0.
 * round(5m/3) for m minutes is floor((10m + 3) / 6), and with whole minutes it never lands on a
 * half, so this equals shiftHours in packages/shared (scheduling-rules.ts) x 100; the integration
 * tests compare the two. Integer arithmetic keeps the week's aggregate cheap.
 */
const shiftHundredthsSql = (alias: string) =>
  sql.raw(
    `((greatest(0, ((date_part('epoch', ${alias}.end_time - ${alias}.start_time)::int / 60 + 1440) % 1440) - ${alias}.break_minutes) * 10 + 3) / 6)`,
  );

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

type CopyWeek = {
  tenantId: string;
  source: { from: string; to: string };
  offsetDays: number;
  employeeIds?: readonly string[] | undefined;
};

type CopyOutcome = 'create' | 'already_scheduled' | 'inactive_employee';

function countsOf(rows: readonly { outcome: CopyOutcome; count: number }[]) {
  const count = (outcome: CopyOutcome) => rows.find((row) => row.outcome === outcome)?.count ?? 0;
  return {
    created: count('create'),
    skipped: { alreadyScheduled: count('already_scheduled'), inactiveEmployees: count('inactive_employee') },
  };
}

/**
 * What Copy Schedule does with each source shift, in one statement whatever the team size:
 * `create`, or skipped because the employee is no longer active or already has a shift on the
 * target day. Deleted employees' shifts are left out altogether. The preview counts these rows
 * and the copy inserts the `create` ones, so the two never disagree.
 */
function copyOutcomesSql(copy: CopyWeek) {
  const { tenantId, source, offsetDays, employeeIds } = copy;
  return sql`
    select s.id,
      case
        when e.status <> 'active' then 'inactive_employee'
        when exists (
          select 1 from shifts t
          where t.tenant_id = s.tenant_id and t.employee_id = s.employee_id
            and t.date = s.date + ${offsetDays}::int
        ) then 'already_scheduled'
        else 'create'
      end as outcome
    from shifts s
    join employees e on e.tenant_id = s.tenant_id and e.id = s.employee_id and e.deleted_at is null
    where s.tenant_id = ${tenantId} and s.date between ${source.from} and ${source.to}
      ${employeeIds ? sql`and s.employee_id in (${list(employeeIds)})` : sql``}`;
}

type WeekScope = { from: string; to: string; employeeId?: string | undefined };

/** A value, or a prepared statement's placeholder for it. */
type Value<T> = T | Placeholder;

/**
 * Who the week view lists, as a condition on `employees e`: active employees, and anyone else
 * (not deleted) with a shift that week. `offset 0` keeps the planner from turning the EXISTS into
 * a hashed scan of the whole week's shifts: a page of 50 needs ~50 index probes, not 40,000 rows.
 */
const listedSql = (tenantId: Value<string>, scope: { from: Value<string>; to: Value<string> }) => sql`
  e.tenant_id = ${tenantId} and e.deleted_at is null
    and (e.status = 'active' or exists (
      select 1 from shifts s where s.tenant_id = e.tenant_id and s.employee_id = e.id
        and s.date between ${scope.from} and ${scope.to} offset 0))`;

/** Employees as `e`, the name listedSql's condition uses. */
const listedEmployee = alias(employees, 'e');

/** One page of the week's employees, by last name, first name, id; `after` is the keyset cursor. */
function weekEmployeesQuery(
  db: Db,
  page: {
    tenantId: Value<string>;
    scope: { from: Value<string>; to: Value<string>; employeeId?: string | undefined };
    after?: [string, string, string] | undefined;
    limit: Value<number>;
  },
) {
  const { tenantId, scope, after, limit } = page;
  const e = listedEmployee;
  return db
    .select({
      id: e.id,
      firstName: e.firstName,
      lastName: e.lastName,
      employeeCode: e.employeeCode,
      department: e.department,
      jobTitle: e.jobTitle,
      status: e.status,
    })
    .from(e)
    .where(
      and(
        listedSql(tenantId, scope),
        scope.employeeId ? eq(e.id, scope.employeeId) : undefined,
        after &&
          sql`(${e.lastName}, ${e.firstName}, ${e.id}) > (${after[0]}, ${after[1]}, ${after[2]}::uuid)`,
      ),
    )
    .orderBy(asc(e.lastName), asc(e.firstName), asc(e.id))
    .limit(limit);
}

/** The first page of everyone's week, the view as it opens. */
const firstWeekPageStatement = preparedPerDatabase((db) =>
  weekEmployeesQuery(db, {
    tenantId: sql.placeholder('tenantId'),
    scope: { from: sql.placeholder('from'), to: sql.placeholder('to') },
    limit: sql.placeholder('limit'),
  }).prepare('schedule_week_first_page'),
);

const shiftsOfStatement = preparedPerDatabase((db) =>
  db
    .select(shiftColumns)
    .from(shifts)
    .where(
      and(
        eq(shifts.tenantId, sql.placeholder('tenantId')),
        isAnyUuidOf(shifts.employeeId, 'employeeIds'),
        gte(shifts.date, sql.placeholder('from')),
        lte(shifts.date, sql.placeholder('to')),
      ),
    )
    .orderBy(asc(shifts.date), asc(shifts.startTime), asc(shifts.id))
    .prepare('schedule_shifts_of'),
);

export const schedulingRepository = {
  async findEmployee(db: Db | Tx, tenantId: string, id: string) {
    const [row] = await db
      .select({
        id: employees.id,
        firstName: employees.firstName,
        lastName: employees.lastName,
        status: employees.status,
      })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id), isNull(employees.deletedAt)));
    return row;
  },

  /** The ids among `ids` that name a (not deleted) employee of the workspace. */
  async existingEmployeeIds(db: Db | Tx, tenantId: string, ids: readonly string[]) {
    if (ids.length === 0) return new Set<string>();
    const rows = await db
      .select({ id: employees.id })
      .from(employees)
      .where(
        and(eq(employees.tenantId, tenantId), inArray(employees.id, [...ids]), isNull(employees.deletedAt)),
      );
    return new Set(rows.map((row) => row.id));
  },

  /**
   * The four cards for the week, aggregated in the database in one pass over the week's active
   * shifts, grouped per employee (conflicts are flagged per employee-day on the page instead: a
   * second grouping per day would triple the cost at 10,000 employees).
   */
  async weekStats(db: Db, week: { tenantId: string; scope: WeekScope; overScheduledAbove: number }) {
    const { tenantId, scope, overScheduledAbove } = week;
    const oneEmployee = scope.employeeId ? sql`and e.id = ${scope.employeeId}` : sql``;
    const result = await db.execute(sql`
      with per_employee as (
        select s.employee_id, count(*) as shifts, sum(${shiftHundredthsSql('s')}) as hundredths
        from shifts s
        where s.tenant_id = ${tenantId} and s.date between ${scope.from} and ${scope.to} and s.is_active
          ${scope.employeeId ? sql`and s.employee_id = ${scope.employeeId}` : sql``}
        group by s.employee_id
      )
      -- Aggregated first, joined after (8,000 employee rows to match, not 40,000 shifts), in one
      -- pass over the people: unassigned = active and without an active shift.
      select coalesce(sum(p.shifts), 0)::int as "totalShifts",
        coalesce(sum(p.hundredths), 0)::int as "scheduledHundredths",
        (count(*) filter (where p.hundredths > ${overScheduledAbove * 100}))::int as "overScheduled",
        (count(*) filter (where e.status = 'active' and p.employee_id is null))::int as "unassigned"
      from employees e left join per_employee p on p.employee_id = e.id
      where e.tenant_id = ${tenantId} and e.deleted_at is null ${oneEmployee}
    `);
    return rowsOf<{
      totalShifts: number;
      scheduledHundredths: number;
      overScheduled: number;
      unassigned: number;
    }>(result)[0]!;
  },

  /** One page of the week's employees, by last name, first name, id (keyset). */
  async weekEmployees(
    db: Db,
    page: {
      tenantId: string;
      scope: WeekScope;
      limit: number;
      after?: [string, string, string] | undefined;
    },
  ) {
    const { tenantId, scope } = page;
    if (!scope.employeeId && !page.after) {
      return firstWeekPageStatement(db).execute({
        tenantId,
        from: scope.from,
        to: scope.to,
        limit: page.limit,
      });
    }
    return weekEmployeesQuery(db, page);
  },

  /** The shifts of these employees between two dates (inclusive), in calendar order. */
  async shiftsOf(
    db: Db,
    query: { tenantId: string; employeeIds: readonly string[]; from: string; to: string },
  ): Promise<ShiftRow[]> {
    if (query.employeeIds.length === 0) return [];
    return shiftsOfStatement(db).execute(query);
  },

  async findShift(db: Db | Tx, tenantId: string, id: string) {
    const [row] = await db
      .select(shiftColumns)
      .from(shifts)
      .where(and(eq(shifts.tenantId, tenantId), eq(shifts.id, id)));
    return row;
  },

  /** Other active shifts of the employee on that day (spec 9 conflict). */
  async otherActiveShiftsOn(
    db: Db | Tx,
    query: { tenantId: string; employeeId: string; date: string; exceptId: string },
  ) {
    const { tenantId, employeeId, date, exceptId } = query;
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(shifts)
      .where(
        and(
          eq(shifts.tenantId, tenantId),
          eq(shifts.employeeId, employeeId),
          eq(shifts.date, date),
          eq(shifts.isActive, true),
          ne(shifts.id, exceptId),
        ),
      );
    return row?.count ?? 0;
  },

  async insertShift(tx: Tx, tenantId: string, values: ShiftValues) {
    const [row] = await tx
      .insert(shifts)
      .values({ tenantId, ...values })
      .returning({ id: shifts.id });
    return row!.id;
  },

  async insertShifts(tx: Tx, tenantId: string, rows: readonly ShiftValues[]) {
    // Bounded statements: 1000 rows x 7 parameters stays far below PostgreSQL's 65535.
    for (let i = 0; i < rows.length; i += 1000) {
      await tx.insert(shifts).values(rows.slice(i, i + 1000).map((row) => ({ tenantId, ...row })));
    }
  },

  /** Applies the change only if the row still has `version`; undefined means someone changed it first. */
  async updateShift(tx: Tx, change: { tenantId: string; id: string; version: number; values: ShiftValues }) {
    const { tenantId, id, version, values } = change;
    const [row] = await tx
      .update(shifts)
      .set({ ...values, version: sql`${shifts.version} + 1` })
      .where(and(eq(shifts.tenantId, tenantId), eq(shifts.id, id), eq(shifts.version, version)))
      .returning({ id: shifts.id });
    return row;
  },

  async deleteShift(tx: Tx, tenantId: string, id: string) {
    const [row] = await tx
      .delete(shifts)
      .where(and(eq(shifts.tenantId, tenantId), eq(shifts.id, id)))
      .returning({ id: shifts.id });
    return row;
  },

  /** Removes the employees' shifts on these dates; returns how many went. */
  async deleteShiftsOn(
    tx: Tx,
    shiftsOn: { tenantId: string; employeeIds: readonly string[]; dates: readonly string[] },
  ) {
    const { tenantId, employeeIds, dates } = shiftsOn;
    if (employeeIds.length === 0 || dates.length === 0) return 0;
    const rows = await tx
      .delete(shifts)
      .where(
        and(
          eq(shifts.tenantId, tenantId),
          inArray(shifts.employeeId, [...employeeIds]),
          inArray(shifts.date, [...dates]),
        ),
      )
      .returning({ id: shifts.id });
    return rows.length;
  },

  async copyWeekPreview(db: Db | Tx, copy: CopyWeek) {
    const rows = rowsOf<{ outcome: CopyOutcome; count: number }>(
      await db.execute(sql`
        select o.outcome, count(*)::int as count
        from (${copyOutcomesSql(copy)}) o
        group by o.outcome
      `),
    );
    return countsOf(rows);
  },

  /** Writes the `create` shifts `offsetDays` later; returns what it did with every source shift. */
  async copyWeek(tx: Tx, copy: CopyWeek) {
    const rows = rowsOf<{ outcome: CopyOutcome; count: number }>(
      await tx.execute(sql`
        with outcomes as (${copyOutcomesSql(copy)}),
        copied as (
          insert into shifts (tenant_id, employee_id, date, start_time, end_time, break_minutes, is_active)
          select s.tenant_id, s.employee_id, s.date + ${copy.offsetDays}::int, s.start_time, s.end_time,
            s.break_minutes, s.is_active
          from shifts s join outcomes o on o.id = s.id and o.outcome = 'create'
          where s.tenant_id = ${copy.tenantId}
          order by s.date, s.start_time
          returning id
        )
        select 'create' as outcome, count(*)::int as count from copied
        union all
        select o.outcome, count(*)::int from outcomes o where o.outcome <> 'create' group by o.outcome
      `),
    );
    return countsOf(rows);
  },
};
