import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNull,
  notInArray,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
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

const { projects, projectMembers, tasks, employees } = schema;
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

/**
 * The team as the cards and the dashboard show it and the detail dialog lists it (spec 9): the
 * manager first, then by name.
 */
const managerFirst = (
  member: { id: SQLWrapper; firstName: SQLWrapper; lastName: SQLWrapper },
  managerId: SQLWrapper | string | null,
) =>
  sql`(${member.id} = ${managerId}) desc nulls last, ${member.firstName}, ${member.lastName}, ${member.id}`;

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
    visible(scope, projects.id),
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
  and(eq(projects.tenantId, scope.tenantId), eq(projects.id, id), visible(scope, projects.id));

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

/** A team member as a project card and the dashboard show them (the first few, manager first). */
export type TeamAvatarRow = { id: string; firstName: string; lastName: string; avatarUrl: string | null };

/** The first `perProject` live team members, manager first, and the team's size; null for no team. */
export type TeamPreview = { members: TeamAvatarRow[]; count: number } | null;

/** A project with what its card shows beside it, read in the same statement. */
export type ProjectSummaryRow = ProjectRow & {
  /** Done, total and overdue (spec 9: due before the day asked about, not done) tasks. */
  tasks: { total: number; done: number; overdue: number };
  team: TeamPreview;
};

/** The day a card's overdue tasks are counted against, and how many team members it shows. */
export type ProjectCard = { today: string; perProject: number };

/** An active project as the dashboard lists it, with its team preview. */
export type ActiveProjectRow = {
  id: string;
  name: string;
  progress: number;
  startDate: string;
  endDate: string | null;
  team: TeamPreview;
};

/** The outer query's project, as a correlated subquery names it. */
type OuterProject = { tenantId: SQLWrapper; id: SQLWrapper; managerId: SQLWrapper };

/**
 * The team preview of the outer query's project, as a correlated subquery for the select list:
 * PostgreSQL evaluates it after the sort and the limit, for the listed projects only.
 */
const teamPreview = (project: OuterProject, perProject: number) => sql<TeamPreview>`(
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
        order by ${managerFirst(
          {
            id: sql.raw('card_e.id'),
            firstName: sql.raw('card_e.first_name'),
            lastName: sql.raw('card_e.last_name'),
          },
          project.managerId,
        )}
      ) as rank
    from project_members card_pm
    join employees card_e on card_e.tenant_id = card_pm.tenant_id and card_e.id = card_pm.employee_id
      and card_e.deleted_at is null
    where card_pm.tenant_id = ${project.tenantId} and card_pm.project_id = ${project.id}
    order by rank limit ${perProject}
  ) card_m having count(*) > 0
)`;

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
      .orderBy(managerFirst(employees, project?.managerId ?? null));
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
      .where(and(eq(projects.tenantId, scope.tenantId), visible(scope, projects.id)))
      .orderBy(asc(employees.firstName), asc(employees.lastName), asc(employees.id));
  },

  /**
   * The dashboard's list (spec 2): active projects of the scope, nearest end date first (none
   * last), each with its team preview.
   */
  async activeByEndDate(
    db: Db,
    scope: ProjectScope,
    limit: number,
    perProject: number,
  ): Promise<ActiveProjectRow[]> {
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
