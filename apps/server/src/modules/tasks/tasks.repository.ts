import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema, type Db, type Tx } from '@atrium/db';
import {
  containsPattern,
  dueDateCondition,
  projectProgress,
  searchWords,
  type TaskDueFilter,
  type TaskPriority,
  type TaskStatus,
} from '@atrium/shared';
import { inIdSet } from '../../platform/db/id-set';
import type { ProjectScope } from '../projects';

const { tasks, projects, employees } = schema;
export const assignee = alias(employees, 'assignee');

/** A task's own columns with its assignee's name: what a list row or a card shows but its project. */
export const taskAndAssigneeColumns = {
  id: tasks.id,
  title: tasks.title,
  projectId: tasks.projectId,
  status: tasks.status,
  priority: tasks.priority,
  assigneeId: tasks.assigneeId,
  reporterId: tasks.reporterId,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
  assigneeAvatarUrl: assignee.avatarUrl,
  startDate: tasks.startDate,
  dueDate: tasks.dueDate,
  tags: tasks.tags,
  estimatedHours: tasks.estimatedHours,
  actualHours: tasks.actualHours,
  attachmentCount: sql<number>`jsonb_array_length(${tasks.attachments})`.as('attachment_count'),
  commentCount: tasks.commentCount,
  subtaskTotal: tasks.subtaskTotal,
  subtaskDone: tasks.subtaskDone,
  position: tasks.position,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
  version: tasks.version,
};

const taskColumns = {
  ...taskAndAssigneeColumns,
  projectName: projects.name,
  projectManagerId: projects.managerId,
};

/** Tasks with their project and assignee (a list row). */
export const selectTasks = (db: Db | Tx) =>
  db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(projects, and(eq(projects.tenantId, tasks.tenantId), eq(projects.id, tasks.projectId)))
    .leftJoin(assignee, and(eq(assignee.tenantId, tasks.tenantId), eq(assignee.id, tasks.assigneeId)));

/** The same with the description (a card). */
const selectCards = (db: Db | Tx) =>
  db
    .select({ ...taskColumns, description: tasks.description })
    .from(tasks)
    .innerJoin(projects, and(eq(projects.tenantId, tasks.tenantId), eq(projects.id, tasks.projectId)))
    .leftJoin(assignee, and(eq(assignee.tenantId, tasks.tenantId), eq(assignee.id, tasks.assigneeId)));

export type TaskRow = Awaited<ReturnType<typeof selectTasks>>[number];
export type TaskCardRow = Awaited<ReturnType<typeof selectCards>>[number];

export type TaskValues = Pick<
  typeof tasks.$inferSelect,
  | 'projectId'
  | 'title'
  | 'description'
  | 'status'
  | 'priority'
  | 'assigneeId'
  | 'reporterId'
  | 'startDate'
  | 'dueDate'
  | 'estimatedHours'
  | 'actualHours'
  | 'tags'
  | 'position'
>;

export type TaskChanges = Partial<Omit<TaskValues, 'projectId' | 'reporterId'>>;

export type TaskFilter = {
  q?: string | undefined;
  projectId?: string | undefined;
  /** The statuses to keep (issue 20: several at once); empty or absent keeps every status. */
  status?: readonly TaskStatus[] | undefined;
  priority?: TaskPriority | undefined;
  /** An employee id, or 'unassigned'. */
  assigneeId?: string | undefined;
  due?: TaskDueFilter | undefined;
};

function dueWhere(filter: TaskDueFilter, today: string): SQL | undefined {
  const condition = dueDateCondition(filter, today);
  switch (condition.kind) {
    case 'all':
      return undefined;
    case 'none':
      return isNull(tasks.dueDate);
    case 'range':
      return and(
        condition.from === null ? undefined : sql`${tasks.dueDate} >= ${condition.from}`,
        condition.to === null ? undefined : sql`${tasks.dueDate} <= ${condition.to}`,
        condition.notDone ? ne(tasks.status, 'done') : undefined,
      );
  }
}

/** The tasks of the scope the filter selects (the list, its count and the board). */
export function filterWhere(scope: ProjectScope, filter: TaskFilter, today?: string): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(tasks.tenantId, scope.tenantId),
    inIdSet(tasks.projectId, scope.projectIds),
  ];
  if (filter.projectId) conditions.push(eq(tasks.projectId, filter.projectId));
  // PostgreSQL reads a one-value IN as an equality: either is a range of the status indexes.
  if (filter.status?.length) conditions.push(inArray(tasks.status, [...filter.status]));
  if (filter.priority) conditions.push(eq(tasks.priority, filter.priority));
  if (filter.assigneeId === 'unassigned') conditions.push(isNull(tasks.assigneeId));
  else if (filter.assigneeId) conditions.push(eq(tasks.assigneeId, filter.assigneeId));
  if (filter.due && today) conditions.push(dueWhere(filter.due, today));
  // ILIKE '%word%' is served by tasks_title_trgm_idx.
  for (const word of searchWords(filter.q)) conditions.push(ilike(tasks.title, containsPattern(word)));
  return and(...conditions)!;
}

export const tasksRepository = {
  /**
   * The project an activity entry about a task names: every task entry records it, so an entry
   * still finds its project's team after the task is deleted. Null when the entry holds no uuid.
   */
  loggedProject: (data: AnyPgColumn): SQL =>
    sql`(case when ${data} ->> 'projectId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (${data} ->> 'projectId')::uuid end)`,

  /** One task the scope can see, with what the detail dialog adds to a card. */
  async find(db: Db | Tx, scope: ProjectScope, id: string) {
    const [row] = await db
      .select({
        ...taskColumns,
        description: tasks.description,
        dependencies: tasks.dependencies,
        attachments: tasks.attachments,
      })
      .from(tasks)
      .innerJoin(projects, and(eq(projects.tenantId, tasks.tenantId), eq(projects.id, tasks.projectId)))
      .leftJoin(assignee, and(eq(assignee.tenantId, tasks.tenantId), eq(assignee.id, tasks.assigneeId)))
      .where(
        and(eq(tasks.tenantId, scope.tenantId), eq(tasks.id, id), inIdSet(tasks.projectId, scope.projectIds)),
      );
    return row;
  },

  async findCard(db: Db | Tx, scope: ProjectScope, id: string): Promise<TaskCardRow | undefined> {
    const [row] = await selectCards(db).where(
      and(eq(tasks.tenantId, scope.tenantId), eq(tasks.id, id), inIdSet(tasks.projectId, scope.projectIds)),
    );
    return row;
  },

  /** The tasks among `ids` the scope can see (bulk actions), by project and position. */
  findMany(db: Db | Tx, scope: ProjectScope, ids: readonly string[]) {
    return db
      .select({
        id: tasks.id,
        title: tasks.title,
        projectId: tasks.projectId,
        status: tasks.status,
        reporterId: tasks.reporterId,
        projectManagerId: projects.managerId,
      })
      .from(tasks)
      .innerJoin(projects, and(eq(projects.tenantId, tasks.tenantId), eq(projects.id, tasks.projectId)))
      .where(
        and(
          eq(tasks.tenantId, scope.tenantId),
          inArray(tasks.id, [...ids]),
          inIdSet(tasks.projectId, scope.projectIds),
        ),
      )
      .orderBy(asc(tasks.projectId), asc(tasks.status), asc(tasks.position), asc(tasks.id));
  },

  /** A live employee of the workspace (an assignee must be one). */
  async employee(db: Db, tenantId: string, id: string) {
    const [row] = await db
      .select({
        id: employees.id,
        firstName: employees.firstName,
        lastName: employees.lastName,
        avatarUrl: employees.avatarUrl,
      })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id), isNull(employees.deletedAt)));
    return row;
  },

  /** A person by id whether or not they were deleted since (reporter, comment author). */
  async people(db: Db, tenantId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: employees.id,
        firstName: employees.firstName,
        lastName: employees.lastName,
        avatarUrl: employees.avatarUrl,
      })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), inArray(employees.id, [...ids])));
  },

  /**
   * Serialises the changes to these projects' tasks until the transaction ends: positions are read
   * and written, and progress recounted, without a concurrent move slipping in between. FOR NO KEY
   * UPDATE leaves task inserts' foreign-key checks (FOR KEY SHARE) unblocked. Sorted ids: no deadlock.
   */
  async lockProjects(tx: Tx, tenantId: string, projectIds: readonly string[]) {
    if (projectIds.length === 0) return;
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.tenantId, tenantId), inArray(projects.id, [...projectIds])))
      .orderBy(asc(projects.id))
      .for('no key update');
  },

  /** Recomputes the project's stored progress from its tasks (spec 3; the cards read it). */
  async refreshProgress(tx: Tx, tenantId: string, projectId: string): Promise<number> {
    const [counted] = await tx
      .select({ total: count(), done: sql<number>`(count(*) filter (where ${tasks.status} = 'done'))::int` })
      .from(tasks)
      .where(and(eq(tasks.tenantId, tenantId), eq(tasks.projectId, projectId)));
    const total = counted?.total ?? 0;
    const progress = projectProgress(counted?.done ?? 0, total);
    // Derived data: the project's version stays, so a manager's open edit is not made stale by it.
    await tx
      .update(projects)
      .set({ progress, taskCount: total })
      .where(
        and(
          eq(projects.tenantId, tenantId),
          eq(projects.id, projectId),
          or(ne(projects.progress, progress), sql`${projects.taskCount} is distinct from ${total}`),
        ),
      );
    return progress;
  },

  async insert(tx: Tx, tenantId: string, values: TaskValues): Promise<string> {
    const [row] = await tx
      .insert(tasks)
      .values({ ...values, tenantId, completedAt: values.status === 'done' ? sql`now()` : null })
      .returning({ id: tasks.id });
    return row!.id;
  },

  /**
   * Applies the change if the task still has `version` (any when undefined); undefined if not.
   * A status change keeps completed_at (the reports' completion time): set when the task enters
   * done, kept while it stays there, cleared when it leaves.
   */
  async update(
    tx: Tx,
    change: { tenantId: string; id: string; version: number | undefined; changes: TaskChanges },
  ) {
    const { tenantId, id, version, changes } = change;
    const completedAt =
      changes.status === undefined
        ? {}
        : {
            completedAt:
              changes.status === 'done'
                ? sql`case when ${tasks.status} = 'done' then ${tasks.completedAt} else now() end`
                : null,
          };
    const [row] = await tx
      .update(tasks)
      .set({ ...changes, ...completedAt, version: sql`${tasks.version} + 1` })
      .where(
        and(
          eq(tasks.tenantId, tenantId),
          eq(tasks.id, id),
          version === undefined ? undefined : eq(tasks.version, version),
        ),
      )
      .returning({ id: tasks.id });
    return row;
  },

  async remove(tx: Tx, tenantId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await tx
      .delete(tasks)
      .where(and(eq(tasks.tenantId, tenantId), inArray(tasks.id, [...ids])))
      .returning({ id: tasks.id });
    return rows.length;
  },
};
