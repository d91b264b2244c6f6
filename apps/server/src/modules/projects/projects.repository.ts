import { and, asc, count, eq, ilike, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema, type Db, type Tx } from '@atrium/db';
import {
  containsPattern,
  projectPriorities,
  searchWords,
  type ProjectFilter,
  type ProjectSortKey,
  type ProjectStatus,
} from '@atrium/shared';
import { keysetCursor, keysetCursorShape, keysetPage, type KeysetSort } from '../../platform/db/keyset';

const { projects, projectMembers, tasks, employees } = schema;
const manager = alias(employees, 'manager');

/**
 * Who is asking: members with projects:view-all see every project; the others (Contractors) only
 * the projects they are on — as a team member or as the assignee of one of its tasks (issue 3).
 */
/** Whose projects a request sees, and the workspace time zone its dates are read in. */
export type ProjectScope = {
  tenantId: string;
  employeeId: string | null;
  seesAll: boolean;
  timeZone: string;
};

/** Which projects a scope sees, as part of a kept answer's key: all of them, or one employee's. */
export const projectViewKey = (scope: ProjectScope) => scope.seesAll || scope.employeeId;

/**
 * The condition "this project id is visible to the scope", or undefined when everything is. The
 * subquery reads project_members by (tenant_id, employee_id) and tasks by tasks_assignee_idx.
 */
export function projectVisible(scope: ProjectScope, projectId: SQL | AnyPgColumn): SQL | undefined {
  if (scope.seesAll) return undefined;
  if (!scope.employeeId) return sql`false`;
  return sql`${projectId} in (
    select vis_pm.project_id from project_members vis_pm
      where vis_pm.tenant_id = ${scope.tenantId} and vis_pm.employee_id = ${scope.employeeId}
    union
    select vis_t.project_id from tasks vis_t
      where vis_t.tenant_id = ${scope.tenantId} and vis_t.assignee_id = ${scope.employeeId}
  )`;
}

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

export type ProjectRow = {
  id: string;
  name: string;
  description: string;
  status: ProjectStatus;
  priority: (typeof projects.$inferSelect)['priority'];
  progress: number;
  budget: number | null;
  client: string | null;
  startDate: string;
  endDate: string | null;
  tags: string[];
  managerId: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  managerFirstName: string | null;
  managerLastName: string | null;
  managerAvatarUrl: string | null;
};

export type ProjectValues = {
  name: string;
  description: string;
  status: ProjectStatus;
  priority: ProjectRow['priority'];
  startDate: string;
  endDate: string | null;
  budget: number | null;
  managerId: string | null;
  client: string | null;
  tags: string[];
};

export type ProjectChanges = Partial<ProjectValues>;

export type TeamMemberRow = {
  projectId: string;
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  jobTitle: string;
  department: string;
};

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
    projectVisible(scope, projects.id),
  ];
  if (filter.status) conditions.push(eq(projects.status, filter.status));
  if (filter.priority) conditions.push(eq(projects.priority, filter.priority));
  if (filter.managerId) conditions.push(eq(projects.managerId, filter.managerId));
  for (const word of searchWords(filter.q)) conditions.push(ilike(projects.name, containsPattern(word)));
  return and(...conditions)!;
}

/** A project's manager, as `manager`. */
const projectManager = and(eq(manager.tenantId, projects.tenantId), eq(manager.id, projects.managerId));

/** One project by id, if the scope sees it. */
const oneProject = (scope: ProjectScope, id: string) =>
  and(eq(projects.tenantId, scope.tenantId), eq(projects.id, id), projectVisible(scope, projects.id));

const selectProjects = (db: Db | Tx) =>
  db.select(projectColumns).from(projects).leftJoin(manager, projectManager);

/** What a team member shows: their employee record's name, picture, title and department. */
const teamMemberColumns = {
  id: employees.id,
  firstName: employees.firstName,
  lastName: employees.lastName,
  avatarUrl: employees.avatarUrl,
  jobTitle: employees.jobTitle,
  department: employees.department,
};

/** A member's employee record; deleted employees are no longer on a team. */
const liveMemberEmployee = and(
  eq(employees.tenantId, projectMembers.tenantId),
  eq(employees.id, projectMembers.employeeId),
  isNull(employees.deletedAt),
);

/** A team member as a project card shows them (the first few, manager first). */
export type TeamAvatarRow = { id: string; firstName: string; lastName: string; avatarUrl: string | null };

/** A project with what its card shows beside it, read in the same statement. */
export type ProjectSummaryRow = ProjectRow & {
  /** Done, total and overdue (spec 9: due before the day asked about, not done) tasks. */
  tasks: { total: number; done: number; overdue: number };
  /** The first `perProject` live team members and the team's size; null for no team. */
  team: { members: TeamAvatarRow[]; count: number } | null;
};

/** The day a card's overdue tasks are counted against, and how many team members it shows. */
export type ProjectCard = { today: string; perProject: number };

/**
 * Correlated subqueries in the select list: PostgreSQL evaluates them after the sort and the limit,
 * so only the page's projects are counted, in one round trip with the page itself.
 */
const summaryColumns = (card: ProjectCard) => ({
  ...projectColumns,
  tasks: sql<ProjectSummaryRow['tasks']>`(
    select json_build_object(
      'total', count(*),
      'done', count(*) filter (where card_t.status = 'done'),
      'overdue', count(*) filter (where card_t.status <> 'done' and card_t.due_date < ${card.today}::date)
    ) from tasks card_t where card_t.tenant_id = ${projects.tenantId} and card_t.project_id = ${projects.id}
  )`,
  team: sql<ProjectSummaryRow['team']>`(
    select json_build_object(
      'count', max(card_m.team_count),
      'members', json_agg(json_build_object(
        'id', card_m.id, 'firstName', card_m.first_name, 'lastName', card_m.last_name,
        'avatarUrl', card_m.avatar_url
      ) order by card_m.rank)
    ) from (
      select card_e.id, card_e.first_name, card_e.last_name, card_e.avatar_url,
        count(*) over () as team_count,
        row_number() over (
          order by (card_e.id = ${projects.managerId}) desc nulls last,
            card_e.first_name, card_e.last_name, card_e.id
        ) as rank
      from project_members card_pm
      join employees card_e on card_e.tenant_id = card_pm.tenant_id and card_e.id = card_pm.employee_id
        and card_e.deleted_at is null
      where card_pm.tenant_id = ${projects.tenantId} and card_pm.project_id = ${projects.id}
      order by rank limit ${card.perProject}
    ) card_m having count(*) > 0
  )`,
});

const selectSummaries = (db: Db | Tx, card: ProjectCard) =>
  db.select(summaryColumns(card)).from(projects).leftJoin(manager, projectManager);

export const projectsRepository = {
  /** One page of the list, each project with its card's counts and first team members. */
  list(
    db: Db,
    scope: ProjectScope,
    page: {
      filter: ProjectFilter;
      sort: ProjectSortKey;
      direction: 'asc' | 'desc';
      limit: number;
      cursor: (string | number | null)[] | undefined;
    },
    card: ProjectCard,
  ): Promise<ProjectSummaryRow[]> {
    const { filter, sort, direction, limit, cursor } = page;
    const where = filterWhere(scope, filter);
    return keysetPage(sortKeys[sort], sql`${projects.id}`, direction, cursor, limit, (keyset) =>
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
    scope: ProjectScope,
    id: string,
    card: ProjectCard,
  ): Promise<ProjectSummaryRow | undefined> {
    const [row] = await selectSummaries(db, card).where(oneProject(scope, id));
    return row;
  },

  /** The whole team of one project (detail dialog), manager first, then by name. */
  async teamMembers(db: Db, tenantId: string, projectId: string): Promise<TeamMemberRow[]> {
    const [project] = await db
      .select({ managerId: projects.managerId })
      .from(projects)
      .where(and(eq(projects.tenantId, tenantId), eq(projects.id, projectId)));
    return db
      .select({ projectId: projectMembers.projectId, ...teamMemberColumns })
      .from(projectMembers)
      .innerJoin(employees, liveMemberEmployee)
      .where(and(eq(projectMembers.tenantId, tenantId), eq(projectMembers.projectId, projectId)))
      .orderBy(
        sql`${employees.id} = ${project?.managerId ?? null} desc nulls last`,
        asc(employees.firstName),
        asc(employees.lastName),
        asc(employees.id),
      );
  },

  /** Spec 2 cards over the filtered projects: counts by status, progress sum, overdue tasks. */
  async stats(db: Db, scope: ProjectScope, filter: ProjectFilter, today: string) {
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
      .where(and(eq(projects.tenantId, scope.tenantId), projectVisible(scope, projects.id)))
      .orderBy(asc(employees.firstName), asc(employees.lastName), asc(employees.id));
  },

  /** Which of `ids` are live (not deleted) employees of the workspace. */
  async existingEmployees(db: Db, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: employees.id })
      .from(employees)
      .where(
        and(eq(employees.tenantId, tenantId), inArray(employees.id, [...ids]), isNull(employees.deletedAt)),
      );
    return new Set(rows.map((row) => row.id));
  },

  async insert(tx: Tx, tenantId: string, values: ProjectValues): Promise<string> {
    const [row] = await tx
      .insert(projects)
      .values({ ...values, tenantId, taskCount: 0 })
      .returning({ id: projects.id });
    return row!.id;
  },

  /** Makes the team exactly `employeeIds`. */
  async setTeam(tx: Tx, tenantId: string, projectId: string, employeeIds: readonly string[]) {
    await tx
      .delete(projectMembers)
      .where(
        and(
          eq(projectMembers.tenantId, tenantId),
          eq(projectMembers.projectId, projectId),
          employeeIds.length > 0 ? notInArray(projectMembers.employeeId, [...employeeIds]) : undefined,
        ),
      );
    await projectsRepository.addToTeam(tx, tenantId, projectId, employeeIds);
  },

  async addToTeam(tx: Tx, tenantId: string, projectId: string, employeeIds: readonly string[]) {
    if (employeeIds.length === 0) return;
    await tx
      .insert(projectMembers)
      .values(employeeIds.map((employeeId) => ({ tenantId, projectId, employeeId })))
      .onConflictDoNothing();
  },

  async teamIds(db: Db | Tx, tenantId: string, projectId: string): Promise<string[]> {
    const rows = await db
      .select({ id: projectMembers.employeeId })
      .from(projectMembers)
      .where(and(eq(projectMembers.tenantId, tenantId), eq(projectMembers.projectId, projectId)));
    return rows.map((row) => row.id);
  },

  /**
   * Applies the change if the row still has `version` (any version when undefined); undefined means
   * the project is gone or someone changed it first.
   */
  async update(tx: Tx, tenantId: string, id: string, version: number | undefined, changes: ProjectChanges) {
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
