import { and, eq, inArray, isNull, notInArray, sql, type SQLWrapper } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';

const { projects, projectMembers, employees } = schema;

/**
 * The team as the cards and the dashboard show it and the detail dialog lists it (spec 9): the
 * manager first, then by name.
 */
const managerFirst = (
  member: { id: SQLWrapper; firstName: SQLWrapper; lastName: SQLWrapper },
  managerId: SQLWrapper | string | null,
) =>
  sql`(${member.id} = ${managerId}) desc nulls last, ${member.firstName}, ${member.lastName}, ${member.id}`;

/** A team member as a project card and the dashboard show them (the first few, manager first). */
export type TeamAvatarRow = Pick<
  typeof employees.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'avatarUrl'
>;

/** The first `perProject` live team members, manager first, and the team's size; null for no team. */
export type TeamPreview = { members: TeamAvatarRow[]; count: number } | null;

/** The outer query's project, as a correlated subquery names it. */
type OuterProject = { tenantId: SQLWrapper; id: SQLWrapper; managerId: SQLWrapper };

/**
 * The team preview of the outer query's project, as a correlated subquery for the select list:
 * PostgreSQL evaluates it after the sort and the limit, for the listed projects only.
 */
export const teamPreview = (project: OuterProject, perProject: number) => sql<TeamPreview>`(
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

/** What a team member shows: their employee record's name, picture, title and department. */
const teamMemberColumns = {
  projectId: projectMembers.projectId,
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

/** Some employees of one project's team. */
type TeamChange = { tenantId: string; projectId: string; employeeIds: readonly string[] };

export const projectTeamRepository = {
  /** The whole team of one project (detail dialog), manager first, then by name. */
  async teamMembers(db: Db, tenantId: string, projectId: string) {
    const [project] = await db
      .select({ managerId: projects.managerId })
      .from(projects)
      .where(and(eq(projects.tenantId, tenantId), eq(projects.id, projectId)));
    return db
      .select(teamMemberColumns)
      .from(projectMembers)
      .innerJoin(employees, liveMemberEmployee)
      .where(and(eq(projectMembers.tenantId, tenantId), eq(projectMembers.projectId, projectId)))
      .orderBy(managerFirst(employees, project?.managerId ?? null));
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

  /** Makes the team exactly `employeeIds`. */
  async setTeam(tx: Tx, team: TeamChange) {
    const { tenantId, projectId, employeeIds } = team;
    await tx
      .delete(projectMembers)
      .where(
        and(
          eq(projectMembers.tenantId, tenantId),
          eq(projectMembers.projectId, projectId),
          employeeIds.length > 0 ? notInArray(projectMembers.employeeId, [...employeeIds]) : undefined,
        ),
      );
    await projectTeamRepository.addToTeam(tx, team);
  },

  async addToTeam(tx: Tx, { tenantId, projectId, employeeIds }: TeamChange) {
    if (employeeIds.length === 0) return;
    await tx
      .insert(projectMembers)
      .values(employeeIds.map((employeeId) => ({ tenantId, projectId, employeeId })))
      .onConflictDoNothing();
  },
};

export type TeamMemberRow = Awaited<ReturnType<typeof projectTeamRepository.teamMembers>>[number];
