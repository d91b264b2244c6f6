import { and, count, eq, sql } from 'drizzle-orm';
import { isAnyUuidOf, preparedPerDatabase, schema, type Db } from '@atrium/db';
import { searchWords, taskPriorities, taskStatuses, type TaskSortKey } from '@atrium/shared';
import { keysetCursor, keysetCursorShape, keysetPage, type KeysetSort } from '../../platform/db/keyset';
import { inIdSet } from '../../platform/db/id-set';
import type { ProjectScope } from '../projects';
import { assignee, filterWhere, selectTasks, type TaskFilter, type TaskRow } from './tasks.repository';

const { tasks, projects } = schema;

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
  !filter.status?.length &&
  !filter.priority &&
  !filter.assigneeId &&
  (filter.due === undefined || filter.due === 'all');

/** Sorts by the project's or the assignee's name order the joined rows, not the tasks alone. */
const sortsOnJoinedTable = (sort: TaskSortKey) => sort === 'project' || sort === 'assignee';

export const taskCursorShape = (sort: TaskSortKey) => keysetCursorShape(sortKeys[sort]);
export const taskCursorValues = (sort: TaskSortKey, row: TaskRow) => keysetCursor(sortKeys[sort], row);

/** Tasks by id with their project and assignee, in no particular order. */
const tasksByIdStatement = preparedPerDatabase((db) =>
  selectTasks(db)
    .where(and(eq(tasks.tenantId, sql.placeholder('tenantId')), isAnyUuidOf(tasks.id, 'ids')))
    .prepare('tasks_by_id'),
);

/** The Tasks list: which tasks, for whom, and on which day (for the due filters). */
type ListQuery = { scope: ProjectScope; filter: TaskFilter; today: string };

export const taskListRepository = {
  list(
    db: Db,
    query: ListQuery & {
      sort: TaskSortKey;
      direction: 'asc' | 'desc';
      limit: number;
      cursor: (string | number | null)[] | undefined;
    },
  ): Promise<TaskRow[]> {
    const { scope, filter, today, sort, direction, limit, cursor } = query;
    const where = filterWhere(scope, filter, today);
    if (sortsOnJoinedTable(sort)) {
      return keysetPage(
        { sort: sortKeys[sort], idColumn: sql`${tasks.id}`, direction, cursor, limit },
        (page) =>
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
    return keysetPage(
      { sort: sortKeys[sort], idColumn: sql`${tasks.id}`, direction, cursor, limit },
      async (page) => {
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
      },
    );
  },

  async count(db: Db, query: ListQuery): Promise<number> {
    const { scope, filter, today } = query;
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
};
