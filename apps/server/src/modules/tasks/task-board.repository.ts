import { and, asc, desc, eq, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedPerDatabase, schema, type Db, type Tx } from '@atrium/db';
import type { TaskStatus } from '@atrium/shared';
import { inIdSet } from '../../platform/db/id-set';
import type { ProjectScope } from '../projects';
import { assignee, filterWhere, taskAndAssigneeColumns, type TaskFilter } from './tasks.repository';

const { tasks, projects } = schema;

type BoardFilter = Pick<TaskFilter, 'assigneeId' | 'priority'>;

/** Where a moved card goes in its column (see moveTaskSchema). */
export type Placement =
  | { kind: 'end' }
  | { kind: 'index'; index: number }
  | { kind: 'after'; id: string }
  | { kind: 'before'; id: string };

/** One kanban column: a project's tasks of one status. */
type Column = { tenantId: string; projectId: string; status: TaskStatus };

/**
 * The board's statement over the tasks `where` selects. The caller has the project, so it is not
 * joined: that took PostgreSQL's planning and execution of the board from 2.2 to 1.4 ms.
 */
function boardQuery(
  db: Db,
  board: { where: SQL; tenantId: string | Placeholder; limit: number | Placeholder },
) {
  const { where, tenantId, limit } = board;
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
  return boardQuery(db, { where, tenantId, limit: sql.placeholder('limit') }).prepare('task_board');
});

/** A project's id, name and manager, where `visible` (absent: every project) allows. */
const selectProject = (
  db: Db,
  project: { tenantId: string | Placeholder; projectId: string | Placeholder; visible?: SQL },
) =>
  db
    .select({ id: projects.id, name: projects.name, managerId: projects.managerId })
    .from(projects)
    .where(and(eq(projects.tenantId, project.tenantId), eq(projects.id, project.projectId), project.visible));

/** The same for a scope that sees every project, as every board load asks for it. */
const projectByIdStatement = preparedPerDatabase((db) =>
  selectProject(db, {
    tenantId: sql.placeholder('tenantId'),
    projectId: sql.placeholder('projectId'),
  }).prepare('project_by_id'),
);

/** The cards of one kanban column. */
const inColumn = ({ tenantId, projectId, status }: Column) =>
  and(eq(tasks.tenantId, tenantId), eq(tasks.projectId, projectId), eq(tasks.status, status));

export const taskBoardRepository = {
  /**
   * The kanban board in one statement: each column's first `limit` cards by position, with the
   * column's full count. A board without filters for someone who sees every project, the common
   * case, runs as a prepared statement.
   */
  board(db: Db, board: { scope: ProjectScope; projectId: string; filter: BoardFilter; limit: number }) {
    const { scope, projectId, filter, limit } = board;
    if (scope.projectIds === 'all' && !filter.assigneeId && !filter.priority) {
      return wholeBoardStatement(db).execute({ tenantId: scope.tenantId, projectId, limit });
    }
    return boardQuery(db, {
      where: filterWhere(scope, { ...filter, projectId }),
      tenantId: scope.tenantId,
      limit,
    });
  },

  /** A project the scope can see, or undefined. */
  async visibleProject(db: Db, scope: ProjectScope, projectId: string) {
    if (scope.projectIds === 'all') {
      const [row] = await projectByIdStatement(db).execute({ tenantId: scope.tenantId, projectId });
      return row;
    }
    const [row] = await selectProject(db, {
      tenantId: scope.tenantId,
      projectId,
      visible: inIdSet(projects.id, scope.projectIds),
    });
    return row;
  },

  /** The kanban's default project (spec 2: the first project): the first the scope can see, by name. */
  async firstProject(db: Db, scope: ProjectScope) {
    const [row] = await db
      .select({ id: projects.id, name: projects.name, managerId: projects.managerId })
      .from(projects)
      .where(and(eq(projects.tenantId, scope.tenantId), inIdSet(projects.id, scope.projectIds)))
      .orderBy(asc(projects.name), asc(projects.id))
      .limit(1);
    return row;
  },

  /** The neighbours' positions where a card would land (null = no card on that side). */
  async neighbours(
    tx: Tx,
    landing: Column & { movingId: string | null; placement: Placement },
  ): Promise<{ before: number | null; after: number | null } | 'no-anchor'> {
    const { movingId, placement } = landing;
    const column = and(inColumn(landing), movingId ? ne(tasks.id, movingId) : undefined);
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
  async renumber(tx: Tx, column: Column & { step: number }) {
    const { tenantId, projectId, status, step } = column;
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
};
