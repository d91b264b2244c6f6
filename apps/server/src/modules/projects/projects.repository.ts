import { and, asc, count, eq, ilike, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type Db, type Tx } from '@atrium/db';
import {
  containsPattern,
  projectPriorities,
  searchWords,
  type ProjectFilter,
  type ProjectSortKey,
  type ProjectStatus,
} from '@atrium/shared';
import { inIdSet } from '../../platform/db/id-set';
import { rowsOf } from '../../platform/db/results';
import { keysetCursor, keysetCursorShape, keysetPage, type KeysetSort } from '../../platform/db/keyset';
import type { ProjectScope } from './project-scope';
import { teamPreview, type TeamPreview } from './project-team.repository';

const { projects, tasks, employees } = schema;
const manager = alias(employees, 'manager');

/**
 * The projects an employee is involved in, as the shared seesProject has it: on the team, or the
 * assignee of one of its tasks. Reads project_members by (tenant_id, employee_id) and tasks by
 * tasks_assignee_idx.
 */
const involvedProjects = (tenantId: string, employeeId: string) => sql`
  select inv_pm.project_id from project_members inv_pm
    where inv_pm.tenant_id = ${tenantId} and inv_pm.employee_id = ${employeeId}
  union
  select inv_t.project_id from tasks inv_t
    where inv_t.tenant_id = ${tenantId} and inv_t.assignee_id = ${employeeId}`;

/** A project id column or expression is one the scope sees (no condition when it sees all). */
const visible = (scope: ProjectScope, projectId: SQLWrapper) => inIdSet(projectId, scope.projectIds);

const projectColumns = {
  id: projects.id,
  name: projects.name,
  description: projects.description,
  status: projects.status,
  priority: projects.priority,
  progress: projects.progress,
  budget: projects.budget,
  client: projects.client,
  startDate: projects.startDate,
  endDate: projects.endDate,
  tags: projects.tags,
  managerId: projects.managerId,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  version: projects.version,
  managerFirstName: manager.firstName,
  managerLastName: manager.lastName,
  managerAvatarUrl: manager.avatarUrl,
};

/** A project's manager, as `manager`. */
const projectManager = and(eq(manager.tenantId, projects.tenantId), eq(manager.id, projects.managerId));

const selectProjects = (db: Db | Tx) =>
  db.select(projectColumns).from(projects).leftJoin(manager, projectManager);

export type ProjectRow = Awaited<ReturnType<typeof selectProjects>>[number];

export type ProjectValues = Pick<
  typeof projects.$inferSelect,
  | 'name'
  | 'description'
  | 'status'
  | 'priority'
  | 'startDate'
  | 'endDate'
  | 'budget'
  | 'managerId'
  | 'client'
  | 'tags'
>;

export type ProjectChanges = Partial<ProjectValues>;

const sortKeys: Record<ProjectSortKey, KeysetSort<ProjectRow>> = {
  name: { exprs: [sql`${projects.name}`], casts: [{ type: 'text' }], values: (row) => [row.name] },
  createdAt: {
    exprs: [sql`${projects.createdAt}`],
    casts: [{ type: 'timestamptz' }],
    values: (row) => [row.createdAt.toISOString()],
  },
  endDate: {
    exprs: [sql`${projects.endDate}`],
    casts: [{ type: 'date' }],
    values: (row) => [row.endDate],
    nullsLast: { condition: sql`${projects.endDate} is null`, rowIsNull: (row) => row.endDate === null },
  },
  // The enum's order is the spec 9 order: low < medium < high < critical.
  priority: {
    exprs: [sql`${projects.priority}`],
    casts: [{ type: 'enum', name: 'project_priority', values: projectPriorities }],
    values: (row) => [row.priority],
  },
  progress: { exprs: [sql`${projects.progress}`], casts: [{ type: 'int' }], values: (row) => [row.progress] },
};

export const projectCursorShape = (sort: ProjectSortKey) => keysetCursorShape(sortKeys[sort]);
export const projectCursorValues = (sort: ProjectSortKey, row: ProjectRow) =>
  keysetCursor(sortKeys[sort], row);

function filterWhere(scope: ProjectScope, filter: ProjectFilter): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(projects.tenantId, scope.tenantId),
    visible(scope, projects.id),
  ];
  if (filter.status) conditions.push(eq(projects.status, filter.status));
  if (filter.priority) conditions.push(eq(projects.priority, filter.priority));
  if (filter.managerId) conditions.push(eq(projects.managerId, filter.managerId));
  for (const word of searchWords(filter.q)) conditions.push(ilike(projects.name, containsPattern(word)));
  return and(...conditions)!;
}

/** One project by id, if the scope sees it. */
const oneProject = (scope: ProjectScope, id: string) =>
  and(eq(projects.tenantId, scope.tenantId), eq(projects.id, id), visible(scope, projects.id));

/** A project with what its card shows beside it, read in the same statement. */
export type ProjectSummaryRow = ProjectRow & {
  /** Done, total and overdue (spec 9: due before the day asked about, not done) tasks. */
  tasks: { total: number; done: number; overdue: number };
  team: TeamPreview;
};

/** The day a card's overdue tasks are counted against, and how many team members it shows. */
export type ProjectCard = { today: string; perProject: number };

/** An active project as the dashboard lists it, with its team preview. */
export type ActiveProjectRow = Pick<
  typeof projects.$inferSelect,
  'id' | 'name' | 'progress' | 'startDate' | 'endDate'
> & { team: TeamPreview };

/** Correlated subqueries in the select list, counted for the page's projects only (see teamPreview). */
const summaryColumns = (card: ProjectCard) => ({
  ...projectColumns,
  tasks: sql<ProjectSummaryRow['tasks']>`(
    select json_build_object(
      'total', count(*),
      'done', count(*) filter (where card_t.status = 'done'),
      'overdue', count(*) filter (where card_t.status <> 'done' and card_t.due_date < ${card.today}::date)
    ) from tasks card_t where card_t.tenant_id = ${projects.tenantId} and card_t.project_id = ${projects.id}
  )`,
  team: teamPreview(projects, card.perProject),
});

const selectSummaries = (db: Db | Tx, card: ProjectCard) =>
  db.select(summaryColumns(card)).from(projects).leftJoin(manager, projectManager);

export const projectsRepository = {
  /** The ids of the projects an employee is involved in (the scope of a contractor). */
  async involvedProjectIds(db: Db, tenantId: string, employeeId: string): Promise<string[]> {
    const result = await db.execute(involvedProjects(tenantId, employeeId));
    return rowsOf<{ project_id: string }>(result).map((row) => row.project_id);
  },

  /**
   * "The project `projectId` names is one the employee is involved in", for a condition the
   * database evaluates later (who hears of an activity entry, however long a stream stays open).
   */
  involves: (tenantId: string, employeeId: string, projectId: SQLWrapper): SQL =>
    sql`${projectId} in (${involvedProjects(tenantId, employeeId)})`,

  /** One page of the list, each project with its card's counts and first team members. */
  list(
    db: Db,
    page: {
      scope: ProjectScope;
      filter: ProjectFilter;
      sort: ProjectSortKey;
      direction: 'asc' | 'desc';
      limit: number;
      cursor: (string | number | null)[] | undefined;
      card: ProjectCard;
    },
  ): Promise<ProjectSummaryRow[]> {
    const { scope, filter, sort, direction, limit, cursor, card } = page;
    const where = filterWhere(scope, filter);
    return keysetPage(
      { sort: sortKeys[sort], idColumn: sql`${projects.id}`, direction, cursor, limit },
      (keyset) =>
        selectSummaries(db, card)
          .where(and(where, keyset.where))
          .orderBy(...keyset.orderBy)
          .limit(keyset.limit),
    );
  },

  async count(db: Db, scope: ProjectScope, filter: ProjectFilter): Promise<number> {
    const [row] = await db.select({ count: count() }).from(projects).where(filterWhere(scope, filter));
    return row?.count ?? 0;
  },

  async find(db: Db | Tx, scope: ProjectScope, id: string): Promise<ProjectRow | undefined> {
    const [row] = await selectProjects(db).where(oneProject(scope, id));
    return row;
  },

  /** One project with its card's counts and first team members, as the list reads it. */
  async findSummary(
    db: Db,
    query: { scope: ProjectScope; id: string; card: ProjectCard },
  ): Promise<ProjectSummaryRow | undefined> {
    const [row] = await selectSummaries(db, query.card).where(oneProject(query.scope, query.id));
    return row;
  },

  /** Spec 2 cards over the filtered projects: counts by status, progress sum, overdue tasks. */
  async stats(db: Db, query: { scope: ProjectScope; filter: ProjectFilter; today: string }) {
    const { scope, filter, today } = query;
    const where = filterWhere(scope, filter);
    const [byStatus, [overdue]] = await Promise.all([
      db
        .select({
          status: projects.status,
          count: count(),
          progressSum: sql<number>`coalesce(sum(${projects.progress}), 0)::int`,
        })
        .from(projects)
        .where(where)
        .groupBy(projects.status),
      db
        .select({ count: count() })
        .from(tasks)
        .where(
          and(
            eq(tasks.tenantId, scope.tenantId),
            sql`${tasks.status} <> 'done'`,
            sql`${tasks.dueDate} < ${today}`,
            inArray(tasks.projectId, db.select({ id: projects.id }).from(projects).where(where)),
          ),
        ),
    ]);
    return {
      countsByStatus: Object.fromEntries(byStatus.map((row) => [row.status, row.count])) as Partial<
        Record<ProjectStatus, number>
      >,
      progressSum: byStatus.reduce((sum, row) => sum + row.progressSum, 0),
      overdueTasks: overdue?.count ?? 0,
    };
  },

  /** The Manager filter: the people managing a project the scope can see, by name. */
  managers(db: Db, scope: ProjectScope) {
    return db
      .selectDistinct({
        id: employees.id,
        firstName: employees.firstName,
        lastName: employees.lastName,
        avatarUrl: employees.avatarUrl,
      })
      .from(projects)
      .innerJoin(
        employees,
        and(eq(employees.tenantId, projects.tenantId), eq(employees.id, projects.managerId)),
      )
      .where(and(eq(projects.tenantId, scope.tenantId), visible(scope, projects.id)))
      .orderBy(asc(employees.firstName), asc(employees.lastName), asc(employees.id));
  },

  /**
   * The dashboard's list (spec 2): active projects of the scope, nearest end date first (none
   * last), each with its team preview.
   */
  async activeByEndDate(
    db: Db,
    query: { scope: ProjectScope; limit: number; perProject: number },
  ): Promise<ActiveProjectRow[]> {
    const { scope, limit, perProject } = query;
    const p = { tenantId: sql`p.tenant_id`, id: sql`p.id`, managerId: sql`p.manager_id` };
    const seen = visible(scope, p.id);
    const result = await db.execute(sql`
      select p.id, p.name, p.progress, p.start_date::text as "startDate", p.end_date::text as "endDate",
        ${teamPreview(p, perProject)} as "team"
      from projects p
      where p.tenant_id = ${scope.tenantId} and p.status = 'active' ${seen ? sql`and ${seen}` : sql``}
      order by p.end_date asc nulls last, p.name, p.id
      limit ${limit}`);
    return rowsOf<ActiveProjectRow>(result);
  },

  async insert(tx: Tx, tenantId: string, values: ProjectValues): Promise<string> {
    const [row] = await tx
      .insert(projects)
      .values({ ...values, tenantId, taskCount: 0 })
      .returning({ id: projects.id });
    return row!.id;
  },

  /**
   * Applies the change if the row still has `version` (any version when undefined); undefined means
   * the project is gone or someone changed it first.
   */
  async update(
    tx: Tx,
    change: { tenantId: string; id: string; version: number | undefined; changes: ProjectChanges },
  ) {
    const { tenantId, id, version, changes } = change;
    const [row] = await tx
      .update(projects)
      .set({ ...changes, version: sql`${projects.version} + 1` })
      .where(
        and(
          eq(projects.tenantId, tenantId),
          eq(projects.id, id),
          version === undefined ? undefined : eq(projects.version, version),
        ),
      )
      .returning({ id: projects.id });
    return row;
  },

  /** Deletes the project; its members, tasks, comments and subtasks go with it (foreign keys cascade). */
  async remove(tx: Tx, tenantId: string, id: string) {
    const [counted] = await tx
      .select({ count: count() })
      .from(tasks)
      .where(and(eq(tasks.tenantId, tenantId), eq(tasks.projectId, id)));
    const [row] = await tx
      .delete(projects)
      .where(and(eq(projects.tenantId, tenantId), eq(projects.id, id)))
      .returning({ id: projects.id });
    return row ? { id: row.id, tasks: counted?.count ?? 0 } : undefined;
  },
};
