import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import { violatesUnique } from '../../platform/db/results';
import { employeesWhoMay } from '../../platform/auth/membership.repository';

const { supportTeams, supportTeamMembers, employees, tickets } = schema;

/** Live employees whose member account works tickets: only they may be on a team or assigned. */
const isAgent = and(sql`${employees.deletedAt} is null`, employeesWhoMay('helpdesk:view'));

export type TeamRow = { id: string; name: string; version: number };

export type TeamMemberRow = {
  teamId: string;
  employeeId: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  isManager: boolean;
};

export const teamsRepository = {
  async list(db: Db, tenantId: string): Promise<TeamRow[]> {
    return db
      .select({ id: supportTeams.id, name: supportTeams.name, version: supportTeams.version })
      .from(supportTeams)
      .where(eq(supportTeams.tenantId, tenantId))
      .orderBy(asc(supportTeams.name));
  },

  async find(db: Db | Tx, tenantId: string, id: string): Promise<TeamRow | undefined> {
    const [row] = await db
      .select({ id: supportTeams.id, name: supportTeams.name, version: supportTeams.version })
      .from(supportTeams)
      .where(and(eq(supportTeams.tenantId, tenantId), eq(supportTeams.id, id)));
    return row;
  },

  /** The members of the teams, by name (employees removed since are still listed, to be taken off). */
  async members(db: Db, tenantId: string, teamIds: readonly string[]): Promise<TeamMemberRow[]> {
    if (teamIds.length === 0) return [];
    return db
      .select({
        teamId: supportTeamMembers.teamId,
        employeeId: supportTeamMembers.employeeId,
        firstName: employees.firstName,
        lastName: employees.lastName,
        avatarUrl: employees.avatarUrl,
        isManager: supportTeamMembers.isManager,
      })
      .from(supportTeamMembers)
      .innerJoin(
        employees,
        and(
          eq(employees.tenantId, supportTeamMembers.tenantId),
          eq(employees.id, supportTeamMembers.employeeId),
        ),
      )
      .where(and(eq(supportTeamMembers.tenantId, tenantId), inArray(supportTeamMembers.teamId, [...teamIds])))
      .orderBy(asc(employees.firstName), asc(employees.lastName), asc(employees.id));
  },

  /** Which of `ids` may be on a team: live employees who work tickets. */
  /** An agent of the workspace: a live employee whose active member account works tickets. */
  async isAgent(db: Db | Tx, tenantId: string, id: string): Promise<boolean> {
    return (await teamsRepository.agentsAmong(db, tenantId, [id])).has(id);
  },

  async agentsAmong(db: Db | Tx, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), inArray(employees.id, [...ids]), isAgent));
    return new Set(rows.map((row) => row.id));
  },

  async insert(tx: Tx, tenantId: string, name: string): Promise<string> {
    const [row] = await tx.insert(supportTeams).values({ tenantId, name }).returning({ id: supportTeams.id });
    return row!.id;
  },

  /** Renames (when `name` is given) and moves the version if the team still has `version`. */
  async update(tx: Tx, change: { tenantId: string; id: string; version: number; name?: string | undefined }) {
    const { tenantId, id, version, name } = change;
    const [row] = await tx
      .update(supportTeams)
      .set({ ...(name === undefined ? {} : { name }), version: sql`${supportTeams.version} + 1` })
      .where(
        and(eq(supportTeams.tenantId, tenantId), eq(supportTeams.id, id), eq(supportTeams.version, version)),
      )
      .returning({ id: supportTeams.id });
    return row;
  },

  async replaceMembers(
    tx: Tx,
    tenantId: string,
    teamId: string,
    members: readonly { employeeId: string; isManager: boolean }[],
  ) {
    await tx
      .delete(supportTeamMembers)
      .where(and(eq(supportTeamMembers.tenantId, tenantId), eq(supportTeamMembers.teamId, teamId)));
    if (members.length > 0) {
      await tx.insert(supportTeamMembers).values(members.map((member) => ({ tenantId, teamId, ...member })));
    }
  },

  /** Deletes the team; its tickets keep their assignee and lose the team. */
  async delete(tx: Tx, tenantId: string, id: string): Promise<boolean> {
    await tx
      .update(tickets)
      .set({ teamId: null })
      .where(and(eq(tickets.tenantId, tenantId), eq(tickets.teamId, id)));
    const rows = await tx
      .delete(supportTeams)
      .where(and(eq(supportTeams.tenantId, tenantId), eq(supportTeams.id, id)))
      .returning({ id: supportTeams.id });
    return rows.length > 0;
  },

  isDuplicateName: (error: unknown) => violatesUnique(error, 'support_teams_name_unique'),

  /**
   * The round-robin team's row, locked until the transaction ends so that tickets created at once
   * take turns with its pointer; undefined when round-robin is off.
   */
  async lockRoundRobinTeam(tx: Tx, tenantId: string) {
    const [row] = await tx
      .select({ id: supportTeams.id, lastAssignedEmployeeId: supportTeams.lastAssignedEmployeeId })
      .from(supportTeams)
      .innerJoin(
        schema.helpdeskSettings,
        and(
          eq(schema.helpdeskSettings.tenantId, supportTeams.tenantId),
          eq(schema.helpdeskSettings.roundRobinTeamId, supportTeams.id),
        ),
      )
      .where(eq(supportTeams.tenantId, tenantId))
      .for('update', { of: supportTeams });
    return row;
  },

  /** The team's members who still work tickets, in employee id order (the round-robin order). */
  async liveMemberIds(tx: Tx, tenantId: string, teamId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: employees.id })
      .from(supportTeamMembers)
      .innerJoin(
        employees,
        and(
          eq(employees.tenantId, supportTeamMembers.tenantId),
          eq(employees.id, supportTeamMembers.employeeId),
        ),
      )
      .where(and(eq(supportTeamMembers.tenantId, tenantId), eq(supportTeamMembers.teamId, teamId), isAgent))
      .orderBy(asc(employees.id));
    return rows.map((row) => row.id);
  },

  async setLastAssigned(tx: Tx, tenantId: string, teamId: string, employeeId: string) {
    await tx
      .update(supportTeams)
      .set({ lastAssignedEmployeeId: employeeId })
      .where(and(eq(supportTeams.tenantId, tenantId), eq(supportTeams.id, teamId)));
  },
};
