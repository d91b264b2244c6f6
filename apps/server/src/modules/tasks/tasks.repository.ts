import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { isAnyUuidOf, preparedPerDatabase, schema, type Db, type Tx } from '@atrium/db';
import {
  containsPattern,
  dueDateCondition,
  projectProgress,
  searchWords,
  taskPriorities,
  taskStatuses,
  type TaskDueFilter,
  type TaskPriority,
  type TaskSortKey,
  type TaskStatus,
} from '@atrium/shared';
import { keysetCursor, keysetCursorShape, keysetPage, type KeysetSort } from '../../platform/db/keyset';
import { inIdSet } from '../../platform/db/id-set';
import type { ProjectScope } from '../projects';

const { tasks, projects, employees, taskComments, subtasks } = schema;
const assignee = alias(employees, 'assignee');

/** A task's own columns with its assignee's name: what a list row or a card shows but its project. */
const taskAndAssigneeColumns = {
  id: tasks.id,
  title: tasks.title,
  projectId: tasks.projectId,
  status: tasks.status,
  priority: tasks.priority,
  assigneeId: tasks.assigneeId,
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

const taskColumns = { ...taskAndAssigneeColumns, projectName: projects.name };

export type TaskRow = {
  id: string;
  title: string;
  projectId: string;
  projectName: string;
  status: TaskStatus;
  priority: TaskPriority;
  assigneeId: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeAvatarUrl: string | null;
  startDate: string | null;
  dueDate: string | null;
  tags: string[];
  estimatedHours: number;
  actualHours: number | null;
  attachmentCount: number;
  commentCount: number;
  subtaskTotal: number;
  subtaskDone: number;
  position: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

export type TaskCardRow = TaskRow & { description: string };

export type TaskValues = {
  projectId: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  assigneeId: string | null;
  reporterId: string | null;
  startDate: string | null;
  dueDate: string | null;
  estimatedHours: number;
  actualHours: number | null;
  tags: string[];
  position: number;
};

export type TaskChanges = Partial<Omit<TaskValues, 'projectId' | 'reporterId'>>;

export type TaskFilter = {
  q?: string | undefined;
  projectId?: string | undefined;
  status?: TaskStatus | undefined;
  priority?: TaskPriority | undefined;
  /** An employee id, or 'unassigned'. */
  assigneeId?: string | undefined;
  due?: TaskDueFilter | undefined;
};

/** Where a moved card goes in its column (see moveTaskSchema). */
export type Placement =
  | { kind: 'end' }
  | { kind: 'index'; index: number }
  | { kind: 'after'; id: string }
  | { kind: 'before'; id: string };

const sortKeys: Record<TaskSortKey, KeysetSort<TaskRow>> = {
  // Served by tasks_due_date_idx (tenant_id, due_date, id); tasks without a due date are the
  // second segment (spec 9: last).
  dueDate: {
    exprs: [sql`${tasks.dueDate}`],
    casts: [{ type: 'date' }],
    values: (row) => [row.dueDate],
    nullsLast: { condition: sql`${tasks.dueDate} is null`, rowIsNull: (row) => row.dueDate === null },
  },
  // The enums are declared in the spec 9 order: low < medium < high, todo < ... < done. Each sort
  // has its (tenant_id, key, id) index, so a page is an index range whatever the depth.
  priority: {
    exprs: [sql`${tasks.priority}`],
    casts: [{ type: 'enum', name: 'task_priority', values: taskPriorities }],
    values: (row) => [row.priority],
  },
  status: {
    exprs: [sql`${tasks.status}`],
    casts: [{ type: 'enum', name: 'task_status', values: taskStatuses }],
    values: (row) => [row.status],
  },
  title: { exprs: [sql`${tasks.title}`], casts: [{ type: 'text' }], values: (row) => [row.title] },
  // Projects in name order (projects_name_order_idx), then the tasks of each.
  project: { exprs: [sql`${projects.name}`], casts: [{ type: 'text' }], values: (row) => [row.projectName] },
  // Last name, first name: served by employees_name_order_idx, then the tasks of each assignee.
  assignee: {
    exprs: [sql`${assignee.lastName}`, sql`${assignee.firstName}`],
    casts: [{ type: 'text' }, { type: 'text' }],
    values: (row) => [row.assigneeLastName, row.assigneeFirstName],
    nullsLast: {
      condition: sql`${tasks.assigneeId} is null`,
      // On the joined row, so the outer join becomes an inner one that starts from the index.
      present: sql`${assignee.id} is not null`,
      rowIsNull: (row) => row.assigneeId === null,
    },
  },
  // Spec 9: the hours shown are the actual ones if present, else the estimate (tasks_hours_idx).
  hours: {
    exprs: [sql`coalesce(${tasks.actualHours}, ${tasks.estimatedHours})`],
    casts: [{ type: 'numeric' }],
    values: (row) => [row.actualHours ?? row.estimatedHours],
  },
};

/** A filter that selects whole projects' tasks (or all of them), nothing within a project. */
const onlyNarrowsProjects = (filter: TaskFilter) =>
  searchWords(filter.q).length === 0 &&
  !filter.status &&
  !filter.priority &&
  !filter.assigneeId &&
  (filter.due === undefined || filter.due === 'all');

/** Sorts by the project's or the assignee's name order the joined rows, not the tasks alone. */
const sortsOnJoinedTable = (sort: TaskSortKey) => sort === 'project' || sort === 'assignee';

export const taskCursorShape = (sort: TaskSortKey) => keysetCursorShape(sortKeys[sort]);
export const taskCursorValues = (sort: TaskSortKey, row: TaskRow) => keysetCursor(sortKeys[sort], row);

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

function filterWhere(scope: ProjectScope, filter: TaskFilter, today?: string): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(tasks.tenantId, scope.tenantId),
    inIdSet(tasks.projectId, scope.projectIds),
  ];
  if (filter.projectId) conditions.push(eq(tasks.projectId, filter.projectId));
  if (filter.status) conditions.push(eq(tasks.status, filter.status));
  if (filter.priority) conditions.push(eq(tasks.priority, filter.priority));
  if (filter.assigneeId === 'unassigned') conditions.push(isNull(tasks.assigneeId));
  else if (filter.assigneeId) conditions.push(eq(tasks.assigneeId, filter.assigneeId));
  if (filter.due && today) conditions.push(dueWhere(filter.due, today));
  // ILIKE '%word%' is served by tasks_title_trgm_idx.
  for (const word of searchWords(filter.q)) conditions.push(ilike(tasks.title, containsPattern(word)));
  return and(...conditions)!;
}

const selectTasks = (db: Db | Tx) =>
  db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(projects, and(eq(projects.tenantId, tasks.tenantId), eq(projects.id, tasks.projectId)))
    .leftJoin(assignee, and(eq(assignee.tenantId, tasks.tenantId), eq(assignee.id, tasks.assigneeId)));

const selectCards = (db: Db | Tx) =>
  db
    .select({ ...taskColumns, description: tasks.description })
    .from(tasks)
    .innerJoin(projects, and(eq(projects.tenantId, tasks.tenantId), eq(projects.id, tasks.projectId)))
    .leftJoin(assignee, and(eq(assignee.tenantId, tasks.tenantId), eq(assignee.id, tasks.assigneeId)));

/** Tasks by id with their project and assignee, in no particular order. */
const tasksByIdStatement = preparedPerDatabase((db) =>
  selectTasks(db)
    .where(and(eq(tasks.tenantId, sql.placeholder('tenantId')), isAnyUuidOf(tasks.id, 'ids')))
    .prepare('tasks_by_id'),
);

/** The cards of one kanban column. */
const inColumn = (tenantId: string, projectId: string, status: TaskStatus) =>
  and(eq(tasks.tenantId, tenantId), eq(tasks.projectId, projectId), eq(tasks.status, status));

type BoardFilter = Pick<TaskFilter, 'assigneeId' | 'priority'>;

/**
 * The board's statement over the tasks `where` selects. The caller has the project, so it is not
 * joined: that took PostgreSQL's planning and execution of the board from 2.2 to 1.4 ms.
 */
function boardQuery(db: Db, where: SQL, tenantId: string | Placeholder, limit: number | Placeholder) {
  const ranked = db
    .select({
      id: tasks.id,
      columnCount: sql<number>`(count(*) over (partition by ${tasks.status}))::int`.as('column_count'),
      rank: sql<number>`row_number() over (partition by ${tasks.status} order by ${tasks.position}, ${tasks.id})`.as(
        'rank',
      ),
    })
    .from(tasks)
    .where(where)
    .as('ranked');
  return db
    .select({ ...taskAndAssigneeColumns, description: tasks.description, columnCount: ranked.columnCount })
    .from(ranked)
    .innerJoin(tasks, and(eq(tasks.tenantId, tenantId), eq(tasks.id, ranked.id)))
    .leftJoin(assignee, and(eq(assignee.tenantId, tasks.tenantId), eq(assignee.id, tasks.assigneeId)))
    .where(lte(ranked.rank, limit))
    .orderBy(asc(tasks.position), asc(tasks.id));
}

const wholeBoardStatement = preparedPerDatabase((db) => {
  const tenantId = sql.placeholder('tenantId');
  const where = and(eq(tasks.tenantId, tenantId), eq(tasks.projectId, sql.placeholder('projectId')))!;
  return boardQuery(db, where, tenantId, sql.placeholder('limit')).prepare('task_board');
});

/** A project's id and name, where `visible` (absent: every project) allows. */
const selectProject = (
  db: Db,
  tenantId: string | Placeholder,
  projectId: string | Placeholder,
  visible?: SQL,
) =>
  db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.tenantId, tenantId), eq(projects.id, projectId), visible));

/** The same for a scope that sees every project, as every board load asks for it. */
const projectByIdStatement = preparedPerDatabase((db) =>
  selectProject(db, sql.placeholder('tenantId'), sql.placeholder('projectId')).prepare('project_by_id'),
);

export const tasksRepository = {
  /**
   * The project an activity entry about a task names: every task entry records it, so an entry
   * still finds its project's team after the task is deleted. Null when the entry holds no uuid.
   */
  loggedProject: (data: AnyPgColumn): SQL =>
    sql`(case when ${data} ->> 'projectId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (${data} ->> 'projectId')::uuid end)`,

  list(
    db: Db,
    scope: ProjectScope,
    filter: TaskFilter,
    today: string,
    sort: TaskSortKey,
    direction: 'asc' | 'desc',
    limit: number,
    cursor: (string | number | null)[] | undefined,
  ): Promise<TaskRow[]> {
    const where = filterWhere(scope, filter, today);
    if (sortsOnJoinedTable(sort)) {
      return keysetPage(sortKeys[sort], sql`${tasks.id}`, direction, cursor, limit, (page) =>
        selectTasks(db)
          .where(and(where, page.where))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      );
    }
    // The page's ids first, from tasks alone, then their rows by one prepared statement. Planned as
    // one statement with its joins, a filtered page spent 1.6 ms planning and 3 ms running; and
    // when a filter's index (not the sort's) finds the matches, the planner would otherwise join
    // every match before sorting.
    return keysetPage(sortKeys[sort], sql`${tasks.id}`, direction, cursor, limit, async (page) => {
      const pageIds = await db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(where, page.where))
        .orderBy(...page.orderBy)
        .limit(page.limit);
      const ids = pageIds.map((row) => row.id);
      if (ids.length === 0) return [];
      const rows = await tasksByIdStatement(db).execute({ tenantId: scope.tenantId, ids });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    });
  },

  async count(db: Db, scope: ProjectScope, filter: TaskFilter, today: string): Promise<number> {
    if (onlyNarrowsProjects(filter)) {
      // Every task of the projects in scope: their kept counts added up, not the tasks counted.
      const result = await db.execute(sql`
        select coalesce(sum(coalesce(p.task_count, (
          select count(*) from tasks t where t.tenant_id = p.tenant_id and t.project_id = p.id
        ))), 0)::int as "count"
        from projects p
        where p.tenant_id = ${scope.tenantId} and ${inIdSet(sql`p.id`, scope.projectIds) ?? sql`true`}
          ${filter.projectId ? sql`and p.id = ${filter.projectId}` : sql``}`);
      return (result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
    }
    const [row] = await db
      .select({ count: count() })
      .from(tasks)
      .where(filterWhere(scope, filter, today));
    return row?.count ?? 0;
  },

  /**
   * The kanban board in one statement: each column's first `limit` cards by position, with the
   * column's full count. A board without filters for someone who sees every project, the common
   * case, runs as a prepared statement.
   */
  board(db: Db, scope: ProjectScope, projectId: string, filter: BoardFilter, limit: number) {
    if (scope.projectIds === 'all' && !filter.assigneeId && !filter.priority) {
      return wholeBoardStatement(db).execute({ tenantId: scope.tenantId, projectId, limit });
    }
    return boardQuery(db, filterWhere(scope, { ...filter, projectId }), scope.tenantId, limit);
  },

  /** One task the scope can see, with what the detail dialog adds to a card. */
  async find(db: Db | Tx, scope: ProjectScope, id: string) {
    const [row] = await db
      .select({
        ...taskColumns,
        description: tasks.description,
        reporterId: tasks.reporterId,
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
      .select({ id: tasks.id, title: tasks.title, projectId: tasks.projectId, status: tasks.status })
      .from(tasks)
      .where(
        and(
          eq(tasks.tenantId, scope.tenantId),
          inArray(tasks.id, [...ids]),
          inIdSet(tasks.projectId, scope.projectIds),
        ),
      )
      .orderBy(asc(tasks.projectId), asc(tasks.status), asc(tasks.position), asc(tasks.id));
  },

  /** A project the scope can see, or undefined. */
  async visibleProject(db: Db, scope: ProjectScope, projectId: string) {
    if (scope.projectIds === 'all') {
      const [row] = await projectByIdStatement(db).execute({ tenantId: scope.tenantId, projectId });
      return row;
    }
    const [row] = await selectProject(db, scope.tenantId, projectId, inIdSet(projects.id, scope.projectIds));
    return row;
  },

  /** The kanban's default project (spec 2: the first project): the first the scope can see, by name. */
  async firstProject(db: Db, scope: ProjectScope) {
    const [row] = await db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(and(eq(projects.tenantId, scope.tenantId), inIdSet(projects.id, scope.projectIds)))
      .orderBy(asc(projects.name), asc(projects.id))
      .limit(1);
    return row;
  },

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

  /** The neighbours' positions where a card would land (null = no card on that side). */
  async neighbours(
    tx: Tx,
    tenantId: string,
    projectId: string,
    status: TaskStatus,
    movingId: string | null,
    placement: Placement,
  ): Promise<{ before: number | null; after: number | null } | 'no-anchor'> {
    const column = and(inColumn(tenantId, projectId, status), movingId ? ne(tasks.id, movingId) : undefined);
    const last = async () => {
      const [row] = await tx
        .select({ position: tasks.position })
        .from(tasks)
        .where(column)
        .orderBy(desc(tasks.position), desc(tasks.id))
        .limit(1);
      return { before: row?.position ?? null, after: null };
    };
    switch (placement.kind) {
      case 'end':
        return last();
      case 'index': {
        const rows = await tx
          .select({ position: tasks.position })
          .from(tasks)
          .where(column)
          .orderBy(asc(tasks.position), asc(tasks.id))
          .offset(Math.max(0, placement.index - 1))
          .limit(2);
        if (placement.index === 0) return { before: null, after: rows[0]?.position ?? null };
        if (rows.length === 0) return last();
        return { before: rows[0]!.position, after: rows[1]?.position ?? null };
      }
      case 'after':
      case 'before': {
        const [anchor] = await tx
          .select({ position: tasks.position, id: tasks.id })
          .from(tasks)
          .where(and(column, eq(tasks.id, placement.id)));
        if (!anchor) return 'no-anchor';
        const key = sql`(${tasks.position}, ${tasks.id})`;
        const anchorKey = sql`(cast(${anchor.position} as double precision), cast(${anchor.id} as uuid))`;
        if (placement.kind === 'after') {
          const [next] = await tx
            .select({ position: tasks.position })
            .from(tasks)
            .where(and(column, sql`${key} > ${anchorKey}`))
            .orderBy(asc(tasks.position), asc(tasks.id))
            .limit(1);
          return { before: anchor.position, after: next?.position ?? null };
        }
        const [previous] = await tx
          .select({ position: tasks.position })
          .from(tasks)
          .where(and(column, sql`${key} < ${anchorKey}`))
          .orderBy(desc(tasks.position), desc(tasks.id))
          .limit(1);
        return { before: previous?.position ?? null, after: anchor.position };
      }
    }
  },

  /**
   * Spreads a column's cards `step` apart in their current order, when a midpoint gap has worn out.
   * Only positions change: versions stay, so nobody's open edit of those cards is made stale.
   */
  async renumber(tx: Tx, tenantId: string, projectId: string, status: TaskStatus, step: number) {
    await tx.execute(sql`
      update tasks set position = numbered.rank * ${step}
      from (
        select id, row_number() over (order by position, id) as rank
        from tasks
        where tenant_id = ${tenantId} and project_id = ${projectId} and status = ${status}
      ) numbered
      where tasks.tenant_id = ${tenantId} and tasks.id = numbered.id
    `);
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
  async update(tx: Tx, tenantId: string, id: string, version: number | undefined, changes: TaskChanges) {
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

  // --- comments ---------------------------------------------------------------------------------

  comments(db: Db, tenantId: string, taskId: string) {
    return db
      .select({
        id: taskComments.id,
        taskId: taskComments.taskId,
        content: taskComments.content,
        createdAt: taskComments.createdAt,
        authorId: taskComments.authorId,
        authorFirstName: employees.firstName,
        authorLastName: employees.lastName,
        authorAvatarUrl: employees.avatarUrl,
      })
      .from(taskComments)
      .leftJoin(
        employees,
        and(eq(employees.tenantId, taskComments.tenantId), eq(employees.id, taskComments.authorId)),
      )
      .where(and(eq(taskComments.tenantId, tenantId), eq(taskComments.taskId, taskId)))
      .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
  },

  async insertComment(tx: Tx, tenantId: string, taskId: string, authorId: string | null, content: string) {
    const [row] = await tx
      .insert(taskComments)
      .values({ tenantId, taskId, authorId, content })
      .returning({ id: taskComments.id });
    return row!.id;
  },

  // --- subtasks ---------------------------------------------------------------------------------

  subtasks(db: Db | Tx, tenantId: string, taskId: string) {
    return db
      .select({
        id: subtasks.id,
        taskId: subtasks.taskId,
        title: subtasks.title,
        completed: subtasks.completed,
        assigneeId: subtasks.assigneeId,
        position: subtasks.position,
        version: subtasks.version,
      })
      .from(subtasks)
      .where(and(eq(subtasks.tenantId, tenantId), eq(subtasks.taskId, taskId)))
      .orderBy(asc(subtasks.position), asc(subtasks.id));
  },

  async findSubtask(db: Db | Tx, tenantId: string, taskId: string, id: string) {
    const [row] = await db
      .select({
        id: subtasks.id,
        taskId: subtasks.taskId,
        title: subtasks.title,
        completed: subtasks.completed,
        assigneeId: subtasks.assigneeId,
        position: subtasks.position,
        version: subtasks.version,
      })
      .from(subtasks)
      .where(and(eq(subtasks.tenantId, tenantId), eq(subtasks.taskId, taskId), eq(subtasks.id, id)));
    return row;
  },

  async insertSubtask(
    tx: Tx,
    tenantId: string,
    taskId: string,
    values: { title: string; assigneeId: string | null },
    step: number,
  ) {
    const [last] = await tx
      .select({ position: sql<number | null>`max(${subtasks.position})` })
      .from(subtasks)
      .where(and(eq(subtasks.tenantId, tenantId), eq(subtasks.taskId, taskId)));
    const [row] = await tx
      .insert(subtasks)
      .values({ tenantId, taskId, ...values, position: Number(last?.position ?? 0) + step })
      .returning({ id: subtasks.id });
    return row!.id;
  },

  async updateSubtask(
    tx: Tx,
    tenantId: string,
    taskId: string,
    id: string,
    version: number | undefined,
    changes: { title?: string; completed?: boolean; assigneeId?: string | null },
  ) {
    const [row] = await tx
      .update(subtasks)
      .set({ ...changes, version: sql`${subtasks.version} + 1` })
      .where(
        and(
          eq(subtasks.tenantId, tenantId),
          eq(subtasks.taskId, taskId),
          eq(subtasks.id, id),
          version === undefined ? undefined : eq(subtasks.version, version),
        ),
      )
      .returning({ id: subtasks.id });
    return row;
  },

  async removeSubtask(tx: Tx, tenantId: string, taskId: string, id: string) {
    const [row] = await tx
      .delete(subtasks)
      .where(and(eq(subtasks.tenantId, tenantId), eq(subtasks.taskId, taskId), eq(subtasks.id, id)))
      .returning({ id: subtasks.id, title: subtasks.title });
    return row;
  },
};
