import { rowsOf } from '../../platform/db/results';
import { and, asc, desc, eq, gt, gte, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema, type Db, type Tx } from '@atrium/db';
import type { GoalStatus } from '@atrium/shared';

const { employees, performanceReviews: reviews, goals } = schema;

type Employee = typeof employees.$inferSelect;
type Review = typeof reviews.$inferSelect;

/**
 * Whose performance a query covers: one employee (any status, not deleted), or — without one —
 * the workspace's active employees (inactive and pending people are not reviewed).
 */
export type PeopleScope = { employeeId?: string | undefined };

/** Reviews between two instants [from, to); null = all time. */
export type Range = { from: Date; to: Date } | null;

/** The population as a condition on `employees` (query builder). */
const inScope = (tenantId: string, scope: PeopleScope) =>
  and(
    eq(employees.tenantId, tenantId),
    isNull(employees.deletedAt),
    scope.employeeId ? eq(employees.id, scope.employeeId) : eq(employees.status, 'active'),
  );

/** The same population as raw SQL on an `employees e` alias. */
const inScopeSql = (tenantId: string, scope: PeopleScope) =>
  sql`e.tenant_id = ${tenantId} and e.deleted_at is null and ${
    scope.employeeId ? sql`e.id = ${scope.employeeId}` : sql`e.status = 'active'`
  }`;

const rangeSql = (column: string, range: Range) =>
  range
    ? sql`and ${sql.raw(column)} >= ${range.from.toISOString()}::timestamptz and ${sql.raw(column)} < ${range.to.toISOString()}::timestamptz`
    : sql``;

const reviewer = alias(employees, 'reviewer');

const fullName = (table: typeof employees) => sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

const reviewColumns = {
  id: reviews.id,
  employeeId: reviews.employeeId,
  employeeName: fullName(employees),
  employeeCode: employees.employeeCode,
  department: employees.department,
  reviewerId: reviewer.id,
  reviewerName: sql<string | null>`${reviewer.firstName} || ' ' || ${reviewer.lastName}`,
  period: reviews.period,
  overallRating: reviews.overallRating,
  categories: reviews.categories,
  feedback: reviews.feedback,
  nextPeriodGoals: reviews.nextPeriodGoals,
  reviewedAt: reviews.reviewedAt,
};

const goalColumns = {
  id: goals.id,
  employeeId: goals.employeeId,
  employeeName: fullName(employees),
  employeeCode: employees.employeeCode,
  department: employees.department,
  title: goals.title,
  description: goals.description,
  targetDate: goals.targetDate,
  progress: goals.progress,
  status: goals.status,
  completedAt: goals.completedAt,
  createdAt: goals.createdAt,
  version: goals.version,
};

/**
 * A goal's status as of `today` in SQL: only `completed` is a stored decision; overdue is past
 * the target date. Mirrors goalStatus in packages/shared (performance-rules.ts).
 */
const goalStatusIs = (status: GoalStatus, today: string): SQL =>
  status === 'completed'
    ? eq(goals.status, 'completed')
    : and(
        ne(goals.status, 'completed'),
        status === 'overdue' ? lt(goals.targetDate, today) : gte(goals.targetDate, today),
      )!;

export type ReviewFilter = PeopleScope & { range: Range; rating?: number | undefined };
export type GoalFilter = PeopleScope & { status?: GoalStatus | undefined; today: string };

/** Employees whose average rating rounds to `average`. */
export type AverageBucket = { average: number; employees: number; sumOfAverages: number; reviews: number };
/** A bucket row of reviewStats: average null holds the people without a review in the period. */
type AverageRow = Omit<AverageBucket, 'average'> & { average: number | null; reviewedRecently: number };

/** An employee card of the Overview tab: the employee, their reviews' aggregates and their latest review. */
export type OverviewRow = Pick<
  Employee,
  'id' | 'firstName' | 'lastName' | 'employeeCode' | 'department' | 'jobTitle'
> & {
  ratingSum: number | null;
  reviewCount: number;
  latestId: Review['id'] | null;
  latestAtMs: number | null;
  latestPeriod: Review['period'] | null;
  latestRating: Review['overallRating'] | null;
  goalsTotal: number;
  goalsCompleted: number;
};

/** Reviews with the reviewed employee and the reviewer (the list and the single review read the same). */
const reviewsWithPeople = (db: Db) =>
  db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(employees, and(eq(employees.tenantId, reviews.tenantId), eq(employees.id, reviews.employeeId)))
    .leftJoin(reviewer, and(eq(reviewer.tenantId, reviews.tenantId), eq(reviewer.id, reviews.reviewerId)));
export type ReviewRow = Awaited<ReturnType<typeof reviewsWithPeople>>[number];

/** Goals with their employee (the list and the single goal read the same). */
const goalsWithPeople = (db: Db | Tx) =>
  db
    .select(goalColumns)
    .from(goals)
    .innerJoin(employees, and(eq(employees.tenantId, goals.tenantId), eq(employees.id, goals.employeeId)));
export type GoalRow = Awaited<ReturnType<typeof goalsWithPeople>>[number];

export const performanceRepository = {
  /** "This review is one of the employee's", for a review id held elsewhere (the activity log). */
  reviewOf: (tenantId: string, employeeId: string, reviewId: AnyPgColumn): SQL =>
    sql`${reviewId} in (select ${reviews.id} from ${reviews}
      where ${reviews.tenantId} = ${tenantId} and ${reviews.employeeId} = ${employeeId})`,

  /** "This goal is one of the employee's", for a goal id held elsewhere (the activity log). */
  goalOf: (tenantId: string, employeeId: string, goalId: AnyPgColumn): SQL =>
    sql`${goalId} in (select ${goals.id} from ${goals}
      where ${goals.tenantId} = ${tenantId} and ${goals.employeeId} = ${employeeId})`,

  async findEmployee(db: Db | Tx, tenantId: string, id: string) {
    const [row] = await db
      .select({
        id: employees.id,
        firstName: employees.firstName,
        lastName: employees.lastName,
        employeeCode: employees.employeeCode,
        department: employees.department,
        jobTitle: employees.jobTitle,
        status: employees.status,
      })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id), isNull(employees.deletedAt)));
    return row;
  },

  // ---- stats (aggregated in the database) -----------------------------------------------------

  /**
   * The review side of the stat cards in one pass over the people in scope, each left-joined to
   * their reviews aggregated per employee (an index-only scan of performance_reviews_employee_idx):
   * the period's rating sum and count, and the latest review of any period. Grouped by the rounded
   * average (1 decimal, like roundedAverage in packages/shared; null for no review in the period):
   * at most 42 rows whatever the team size, carrying the head count and the recently reviewed
   * count too, so the employees are read once. The service applies the shared band and
   * high-performer rules to the histogram.
   */
  async reviewStats(
    db: Db,
    query: { tenantId: string; scope: PeopleScope; range: Range; needsReviewCutoff: Date },
  ) {
    const { tenantId, scope, range, needsReviewCutoff } = query;
    const inRange = range
      ? sql`r.reviewed_at >= ${range.from.toISOString()}::timestamptz and r.reviewed_at < ${range.to.toISOString()}::timestamptz`
      : sql`true`;
    const result = await db.execute(sql`
      select case when p.n > 0 then (round(p.s * 10::numeric / p.n) / 10)::float8 end as "average",
        count(*)::int as "employees",
        coalesce(sum(p.s::float8 / p.n) filter (where p.n > 0), 0)::float8 as "sumOfAverages",
        coalesce(sum(p.n), 0)::int as "reviews",
        (count(*) filter (where p.latest >= ${needsReviewCutoff.toISOString()}::timestamptz))::int as "reviewedRecently"
      from employees e
      left join (
        select r.employee_id,
          sum(r.overall_rating) filter (where ${inRange}) as s,
          count(*) filter (where ${inRange}) as n,
          max(r.reviewed_at) as latest
        from performance_reviews r
        where r.tenant_id = ${tenantId} ${scope.employeeId ? sql`and r.employee_id = ${scope.employeeId}` : sql``}
        group by r.employee_id
      ) p on p.employee_id = e.id
      where ${inScopeSql(tenantId, scope)}
      group by 1
    `);
    const rows = rowsOf<AverageRow>(result);
    const employees = rows.reduce((sum, row) => sum + row.employees, 0);
    const reviewedRecently = rows.reduce((sum, row) => sum + row.reviewedRecently, 0);
    const histogram: AverageBucket[] = rows
      .filter((row): row is AverageRow & { average: number } => row.average !== null)
      .map((row) => ({
        average: row.average,
        employees: row.employees,
        sumOfAverages: row.sumOfAverages,
        reviews: row.reviews,
      }));
    return {
      employees,
      /** Spec 9 Needs Review: no review since the cutoff (latest older than 6 months, or none). */
      needReview: employees - reviewedRecently,
      histogram,
    };
  },

  /** Goals of the people in scope: all, completed, and overdue as of `today` (spec 4). */
  async goalStats(db: Db, query: { tenantId: string; scope: PeopleScope; today: string }) {
    const { tenantId, scope, today } = query;
    const result = await db.execute(sql`
      select count(*)::int as "total",
        (count(*) filter (where g.status = 'completed'))::int as "completed",
        (count(*) filter (where g.status <> 'completed' and g.target_date < ${today}::date))::int as "overdue"
      from goals g join employees e on e.tenant_id = g.tenant_id and e.id = g.employee_id
      where g.tenant_id = ${tenantId} and ${inScopeSql(tenantId, scope)}
    `);
    return rowsOf<{ total: number; completed: number; overdue: number }>(result)[0]!;
  },

  async ratingCounts(db: Db, query: { tenantId: string; scope: PeopleScope; range: Range }) {
    const { tenantId, scope, range } = query;
    const result = await db.execute(sql`
      select r.overall_rating::int as "rating", count(*)::int as "count"
      from performance_reviews r join employees e on e.tenant_id = r.tenant_id and e.id = r.employee_id
      where r.tenant_id = ${tenantId} and ${inScopeSql(tenantId, scope)} ${rangeSql('r.reviewed_at', range)}
      group by 1
    `);
    return rowsOf<{ rating: number; count: number }>(result);
  },

  /** One page of employee cards by name (keyset), each with its aggregates (lateral, index-backed). */
  async overviewPage(
    db: Db,
    page: {
      tenantId: string;
      scope: PeopleScope;
      range: Range;
      limit: number;
      after?: [string, string, string] | undefined;
    },
  ) {
    const { tenantId, scope, range, after } = page;
    const result = await db.execute(sql`
      select e.id, e.first_name as "firstName", e.last_name as "lastName", e.employee_code as "employeeCode",
        e.department, e.job_title as "jobTitle",
        r.s as "ratingSum", coalesce(r.n, 0) as "reviewCount",
        l.id as "latestId", (extract(epoch from l.reviewed_at) * 1000)::float8 as "latestAtMs",
        l.period as "latestPeriod", l.overall_rating::int as "latestRating",
        coalesce(g.total, 0) as "goalsTotal", coalesce(g.completed, 0) as "goalsCompleted"
      from employees e
      left join lateral (
        select sum(r.overall_rating)::int as s, count(*)::int as n from performance_reviews r
        where r.tenant_id = e.tenant_id and r.employee_id = e.id ${rangeSql('r.reviewed_at', range)}
      ) r on true
      left join lateral (
        select r.id, r.reviewed_at, r.period, r.overall_rating from performance_reviews r
        where r.tenant_id = e.tenant_id and r.employee_id = e.id
        order by r.reviewed_at desc, r.id desc limit 1
      ) l on true
      left join lateral (
        select count(*)::int as total, (count(*) filter (where g.status = 'completed'))::int as completed
        from goals g where g.tenant_id = e.tenant_id and g.employee_id = e.id
      ) g on true
      where ${inScopeSql(tenantId, scope)}
        ${after ? sql`and (e.last_name, e.first_name, e.id) > (${after[0]}, ${after[1]}, ${after[2]}::uuid)` : sql``}
      order by e.last_name, e.first_name, e.id
      limit ${page.limit}
    `);
    return rowsOf<OverviewRow>(result);
  },

  // ---- reviews ---------------------------------------------------------------------------------

  /** Newest first; `after` is the (reviewedAt, id) of the last row already shown. */
  listReviews(
    db: Db,
    page: {
      tenantId: string;
      filter: ReviewFilter;
      limit: number;
      after?: { at: Date; id: string } | undefined;
    },
  ) {
    const { tenantId, filter, limit, after } = page;
    return reviewsWithPeople(db)
      .where(
        and(
          eq(reviews.tenantId, tenantId),
          reviewConditions(tenantId, filter),
          after
            ? or(
                lt(reviews.reviewedAt, after.at),
                and(eq(reviews.reviewedAt, after.at), lt(reviews.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(reviews.reviewedAt), desc(reviews.id))
      .limit(limit);
  },

  async findReview(db: Db, tenantId: string, id: string) {
    const [row] = await reviewsWithPeople(db).where(and(eq(reviews.tenantId, tenantId), eq(reviews.id, id)));
    return row;
  },

  /** Sum, count and latest date of all of one employee's reviews (details dialog). */
  async reviewTotals(db: Db, tenantId: string, employeeId: string) {
    const [row] = await db
      .select({
        sum: sql<number | null>`sum(${reviews.overallRating})::int`,
        count: sql<number>`count(*)::int`,
        latestMs: sql<number | null>`(extract(epoch from max(${reviews.reviewedAt})) * 1000)::float8`,
      })
      .from(reviews)
      .where(and(eq(reviews.tenantId, tenantId), eq(reviews.employeeId, employeeId)));
    return row!;
  },

  async insertReview(tx: Tx, values: typeof reviews.$inferInsert) {
    const [row] = await tx.insert(reviews).values(values).returning({ id: reviews.id });
    return row!.id;
  },

  // ---- goals -----------------------------------------------------------------------------------

  /** By target date, soonest first; `after` is the (targetDate, id) of the last row shown. */
  listGoals(
    db: Db,
    page: {
      tenantId: string;
      filter: GoalFilter;
      limit: number;
      after?: { targetDate: string; id: string } | undefined;
    },
  ) {
    const { tenantId, filter, limit, after } = page;
    return goalsWithPeople(db)
      .where(
        and(
          eq(goals.tenantId, tenantId),
          goalConditions(tenantId, filter),
          after
            ? or(
                gt(goals.targetDate, after.targetDate),
                and(eq(goals.targetDate, after.targetDate), gt(goals.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(goals.targetDate), asc(goals.id))
      .limit(limit);
  },

  /** A goal of a (not deleted) employee. */
  async findGoal(db: Db | Tx, tenantId: string, id: string) {
    const [row] = await goalsWithPeople(db).where(
      and(eq(goals.tenantId, tenantId), eq(goals.id, id), isNull(employees.deletedAt)),
    );
    return row;
  },

  async insertGoal(tx: Tx, values: typeof goals.$inferInsert) {
    const [row] = await tx.insert(goals).values(values).returning({ id: goals.id });
    return row!.id;
  },

  /** Applies the change only if the row still has `version` (any version when omitted). */
  async updateGoal(
    tx: Tx,
    change: {
      tenantId: string;
      id: string;
      version: number | undefined;
      changes: Partial<
        Pick<
          typeof goals.$inferInsert,
          'title' | 'description' | 'targetDate' | 'progress' | 'status' | 'completedAt'
        >
      >;
    },
  ) {
    const { tenantId, id, version, changes } = change;
    const [row] = await tx
      .update(goals)
      .set({ ...changes, version: sql`${goals.version} + 1` })
      .where(
        and(
          eq(goals.tenantId, tenantId),
          eq(goals.id, id),
          version === undefined ? undefined : eq(goals.version, version),
        ),
      )
      .returning({ id: goals.id });
    return row;
  },
};

function reviewConditions(tenantId: string, filter: ReviewFilter) {
  return and(
    inScope(tenantId, filter),
    filter.range ? gte(reviews.reviewedAt, filter.range.from) : undefined,
    filter.range ? lt(reviews.reviewedAt, filter.range.to) : undefined,
    filter.rating !== undefined ? eq(reviews.overallRating, filter.rating) : undefined,
  );
}

function goalConditions(tenantId: string, filter: GoalFilter) {
  return and(
    inScope(tenantId, filter),
    filter.status ? goalStatusIs(filter.status, filter.today) : undefined,
  );
}
