import { violatesUnique } from '../../platform/db/results';
import { and, asc, eq, ilike, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedPerDatabase, schema, type Db, type Tx } from '@atrium/db';
import {
  containsPattern,
  formatEmployeeCode,
  searchWords,
  type EmployeeFilter,
  type EmployeeSortKey,
  type UserStatus,
} from '@atrium/shared';
import { employeesWhoMay } from '../../platform/auth/membership.repository';
import type { CursorShape } from '../../platform/db/cursor';

const { employees, documents, employeeSearchText } = schema;
const manager = alias(employees, 'manager');

const employeeColumns = {
  id: employees.id,
  employeeCode: employees.employeeCode,
  firstName: employees.firstName,
  lastName: employees.lastName,
  email: employees.email,
  phone: employees.phone,
  department: employees.department,
  jobTitle: employees.jobTitle,
  status: employees.status,
  startDate: employees.startDate,
  managerId: employees.managerId,
  timeZone: employees.timeZone,
  avatarUrl: employees.avatarUrl,
  userId: employees.userId,
  salary: employees.salary,
  hourlyRate: employees.hourlyRate,
  createdAt: employees.createdAt,
  updatedAt: employees.updatedAt,
  version: employees.version,
  deletedAt: employees.deletedAt,
};

export type EmployeeRow = {
  [K in keyof typeof employeeColumns]: (typeof employees.$inferSelect)[K];
};
export type EmployeeInsert = Omit<typeof employees.$inferInsert, 'tenantId' | 'employeeCode'>;
export type EmployeeChanges = Partial<
  Pick<
    typeof employees.$inferInsert,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'department'
    | 'jobTitle'
    | 'status'
    | 'startDate'
    | 'managerId'
    | 'salary'
    | 'hourlyRate'
  >
>;

/**
 * Keyset sort keys: the ORDER BY expressions (all in one direction) and how to read the same
 * values off a row for the cursor. Each ends with id so the order is total. The SQL casts make
 * the cursor's JSON values comparable on both drivers, and are the cursor's shape.
 */
const sortKeys: Record<
  EmployeeSortKey,
  {
    exprs: SQL[];
    casts: ('text' | 'int' | 'uuid' | 'date')[];
    values: (row: EmployeeRow) => (string | number)[];
  }
> = {
  // Served by employees_name_order_idx (tenant_id, last_name, first_name, id).
  name: {
    exprs: [sql`${employees.lastName}`, sql`${employees.firstName}`, sql`${employees.id}`],
    casts: ['text', 'text', 'uuid'],
    values: (row) => [row.lastName, row.firstName, row.id],
  },
  // EMP999 before EMP1000: shorter codes first, then alphabetically.
  employeeCode: {
    exprs: [sql`length(${employees.employeeCode})`, sql`${employees.employeeCode}`, sql`${employees.id}`],
    casts: ['int', 'text', 'uuid'],
    values: (row) => [row.employeeCode.length, row.employeeCode, row.id],
  },
  department: {
    exprs: [
      sql`${employees.department}`,
      sql`${employees.lastName}`,
      sql`${employees.firstName}`,
      sql`${employees.id}`,
    ],
    casts: ['text', 'text', 'text', 'uuid'],
    values: (row) => [row.department, row.lastName, row.firstName, row.id],
  },
  startDate: {
    exprs: [sql`${employees.startDate}`, sql`${employees.id}`],
    casts: ['date', 'uuid'],
    values: (row) => [row.startDate, row.id],
  },
};

export const employeeCursorShape = (sort: EmployeeSortKey): CursorShape => sortKeys[sort].casts;
export const employeeCursorValues = (sort: EmployeeSortKey, row: EmployeeRow) => sortKeys[sort].values(row);

/** The directory's filters; deleted employees are never listed. */
function filterWhere(
  tenantId: string | Placeholder,
  filter: Pick<EmployeeFilter, 'q' | 'department' | 'status' | 'may'>,
) {
  const conditions: SQL[] = [eq(employees.tenantId, tenantId), isNull(employees.deletedAt)];
  if (filter.department) conditions.push(eq(employees.department, filter.department));
  if (filter.status) conditions.push(eq(employees.status, filter.status));
  if (filter.may) conditions.push(employeesWhoMay(filter.may));
  // Each word must match one of the five fields; ILIKE '%word%' is served by their trigram index.
  for (const word of searchWords(filter.q)) {
    conditions.push(ilike(employeeSearchText(employees), containsPattern(word)));
  }
  return and(...conditions)!;
}

function orderBy(sort: EmployeeSortKey, direction: 'asc' | 'desc') {
  return sortKeys[sort].exprs.map((expr) => (direction === 'asc' ? sql`${expr} asc` : sql`${expr} desc`));
}

/** Row comparison `(a, b, id) > (x, y, z)`: one index seek, however deep the page. */
function after(sort: EmployeeSortKey, direction: 'asc' | 'desc', cursor: (string | number | null)[]) {
  const { exprs, casts } = sortKeys[sort];
  const values = cursor.map((value, i) => sql`cast(${value} as ${sql.raw(casts[i]!)})`);
  const op = sql.raw(direction === 'asc' ? '>' : '<');
  return sql`(${sql.join(exprs, sql`, `)}) ${op} (${sql.join(values, sql`, `)})`;
}

/** One page of the directory: the employees `where` selects, in the sort's order. */
const selectPage = (
  db: Db,
  page: { where: SQL; sort: Pick<EmployeeFilter, 'sort' | 'order'>; limit: number | Placeholder },
) =>
  db
    .select(employeeColumns)
    .from(employees)
    .where(page.where)
    .orderBy(...orderBy(page.sort.sort, page.sort.order))
    .limit(page.limit);

/** The directory as it opens (everyone, by name), its most asked page: one prepared statement. */
const firstPageStatement = preparedPerDatabase((db) =>
  selectPage(db, {
    where: filterWhere(sql.placeholder('tenantId'), {}),
    sort: { sort: 'name', order: 'asc' },
    limit: sql.placeholder('limit'),
  }).prepare('directory_first_page'),
);

export const employeesRepository = {
  async list(
    db: Db,
    page: {
      tenantId: string;
      filter: EmployeeFilter;
      limit: number;
      cursor?: (string | number | null)[] | undefined;
    },
  ): Promise<EmployeeRow[]> {
    const { tenantId, filter, limit, cursor } = page;
    const { q, department, status, may, sort, order } = filter;
    if (!cursor && !q && !department && !status && !may && sort === 'name' && order === 'asc') {
      return firstPageStatement(db).execute({ tenantId, limit });
    }
    const where = filterWhere(tenantId, filter);
    return selectPage(db, {
      where: cursor ? and(where, after(sort, order, cursor))! : where,
      sort: filter,
      limit,
    });
  },

  async count(db: Db, tenantId: string, filter: EmployeeFilter): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(employees)
      .where(filterWhere(tenantId, filter));
    return row?.count ?? 0;
  },

  async countByStatus(db: Db, tenantId: string, filter: Pick<EmployeeFilter, 'q' | 'department' | 'status'>) {
    const rows = await db
      .select({ status: employees.status, count: sql<number>`count(*)::int` })
      .from(employees)
      .where(filterWhere(tenantId, filter))
      .groupBy(employees.status);
    return Object.fromEntries(rows.map((row) => [row.status, row.count])) as Partial<
      Record<UserStatus, number>
    >;
  },

  async departments(db: Db, tenantId: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ department: employees.department })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), isNull(employees.deletedAt)));
    return rows.map((row) => row.department);
  },

  /** One employee with their manager's name; deleted ones only when asked for. */
  async find(db: Db | Tx, query: { tenantId: string; id: string; includeDeleted?: boolean }) {
    const { tenantId, id, includeDeleted } = query;
    const [row] = await db
      .select({
        ...employeeColumns,
        managerFirstName: manager.firstName,
        managerLastName: manager.lastName,
        managerDeletedAt: manager.deletedAt,
      })
      .from(employees)
      .leftJoin(manager, and(eq(manager.tenantId, employees.tenantId), eq(manager.id, employees.managerId)))
      .where(
        and(
          eq(employees.tenantId, tenantId),
          eq(employees.id, id),
          includeDeleted ? undefined : isNull(employees.deletedAt),
        ),
      );
    return row;
  },

  /** The ids up the reporting line from `id` (itself first); stops at a loop or 100 levels. */
  async reportingLine(db: Db, tenantId: string, id: string): Promise<string[]> {
    const line: string[] = [];
    for (let next: string | null = id; next && !line.includes(next) && line.length < 100;) {
      line.push(next);
      const [row]: { managerId: string | null }[] = await db
        .select({ managerId: employees.managerId })
        .from(employees)
        .where(and(eq(employees.tenantId, tenantId), eq(employees.id, next)));
      next = row?.managerId ?? null;
    }
    return line;
  },

  /** Documents the employee uploaded (the details dialog's Documents tab), by name. */
  documentsOf(db: Db, tenantId: string, employeeId: string) {
    return db
      .select({
        id: documents.id,
        name: documents.name,
        type: documents.type,
        sizeBytes: documents.sizeBytes,
        createdAt: documents.createdAt,
        updatedAt: documents.updatedAt,
      })
      .from(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.uploadedBy, employeeId)))
      .orderBy(asc(documents.name), asc(documents.id));
  },

  async insert(tx: Tx, tenantId: string, values: EmployeeInsert): Promise<{ id: string }> {
    const employeeCode = await allocateEmployeeCode(tx, tenantId);
    const [row] = await tx
      .insert(employees)
      .values({ ...values, tenantId, employeeCode })
      .returning({ id: employees.id });
    return row!;
  },

  /** Applies the change only if the row still has `version`; undefined means someone changed it first. */
  async update(tx: Tx, change: { tenantId: string; id: string; version: number; changes: EmployeeChanges }) {
    const { tenantId, id, version, changes } = change;
    const [row] = await tx
      .update(employees)
      .set({ ...changes, version: sql`${employees.version} + 1` })
      .where(
        and(
          eq(employees.tenantId, tenantId),
          eq(employees.id, id),
          eq(employees.version, version),
          isNull(employees.deletedAt),
        ),
      )
      .returning({ id: employees.id });
    return row;
  },

  async softDelete(tx: Tx, tenantId: string, id: string) {
    const [row] = await tx
      .update(employees)
      .set({ deletedAt: new Date(), version: sql`${employees.version} + 1` })
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id), isNull(employees.deletedAt)))
      .returning({ id: employees.id });
    return row;
  },

  async restore(tx: Tx, tenantId: string, id: string) {
    const [row] = await tx
      .update(employees)
      .set({ deletedAt: null, version: sql`${employees.version} + 1` })
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id), isNotNull(employees.deletedAt)))
      .returning({ id: employees.id });
    return row;
  },

  /** True when the error is the "one live employee per email and workspace" index refusing a row. */
  isDuplicateEmail: (error: unknown) => violatesUnique(error, 'employees_email_unique'),
};

/**
 * The next employee code of the workspace (spec 2: EMP001, EMP002 ...): one more than the highest
 * in use, deleted employees included, so a code is never given twice. A transaction-scoped
 * advisory lock per workspace serialises concurrent creations, which would otherwise read the same
 * highest code. Call inside the transaction that inserts the employee.
 */
export async function allocateEmployeeCode(tx: Tx, tenantId: string): Promise<string> {
  // 'EMPC' as a 32-bit number: the lock space of employee codes; the second key is the workspace.
  await tx.execute(sql`select pg_advisory_xact_lock(1162694723, hashtext(${tenantId}))`);
  const [row] = await tx
    .select({
      highest: sql<number>`coalesce(max(nullif(regexp_replace(${employees.employeeCode}, '\\D', '', 'g'), '')::int), 0)`,
    })
    .from(employees)
    .where(eq(employees.tenantId, tenantId));
  return formatEmployeeCode(Number(row?.highest ?? 0) + 1);
}
