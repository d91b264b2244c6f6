import {
  employeeFullName,
  type CreateTeamValues,
  type HelpdeskSettings,
  type HelpdeskSettingsValues,
  type SupportTeam,
  type UpdateTeamValues,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { conflict, notFound, staleVersion } from '../../platform/errors/app-error';
import { helpdeskSettingsRepository as settingsRepository } from './helpdesk-settings.repository';
import { unprocessable, type HelpdeskDeps } from './ticket-changes';
import { teamsRepository as repository, type TeamMemberRow, type TeamRow } from './teams.repository';

const duplicateName = () => conflict('A team with this name exists', { name: 'Choose another name' });

function toTeam(team: TeamRow, members: readonly TeamMemberRow[]): SupportTeam {
  return {
    id: team.id,
    name: team.name,
    members: members
      .filter((member) => member.teamId === team.id)
      .map((member) => ({
        id: member.employeeId,
        name: employeeFullName(member),
        avatarUrl: member.avatarUrl,
        isManager: member.isManager,
      })),
    version: team.version,
  };
}

/** Support teams and the help desk settings (issue 21): round-robin and auto-close. */
export function createTeamsService(deps: HelpdeskDeps) {
  const { db } = deps;

  /** Only live employees who work tickets may be members (422, per member otherwise). */
  async function checkMembers(member: Member, members: CreateTeamValues['members']) {
    const agents = await repository.agentsAmong(
      db,
      member.tenantId,
      members.map((entry) => entry.employeeId),
    );
    const fields = Object.fromEntries(
      members.flatMap((entry, index) =>
        agents.has(entry.employeeId)
          ? []
          : [[`members.${index}.employeeId`, 'Choose an agent who works tickets']],
      ),
    );
    if (Object.keys(fields).length > 0) {
      throw unprocessable('Only employees who work tickets can be on a team', fields);
    }
  }

  async function team(member: Member, id: string): Promise<SupportTeam> {
    const row = await repository.find(db, member.tenantId, id);
    if (!row) throw notFound('Team');
    return toTeam(row, await repository.members(db, member.tenantId, [id]));
  }

  return {
    async listTeams(member: Member): Promise<{ data: SupportTeam[] }> {
      const teams = await repository.list(db, member.tenantId);
      const members = await repository.members(
        db,
        member.tenantId,
        teams.map((row) => row.id),
      );
      return { data: teams.map((row) => toTeam(row, members)) };
    },

    async createTeam(member: Member, input: CreateTeamValues): Promise<SupportTeam> {
      await checkMembers(member, input.members);
      try {
        const id = await db.transaction(async (tx) => {
          const id = await repository.insert(tx, member.tenantId, input.name);
          await repository.replaceMembers(tx, member.tenantId, id, input.members);
          return id;
        });
        return team(member, id);
      } catch (error) {
        if (repository.isDuplicateName(error)) throw duplicateName();
        throw error;
      }
    },

    /** 412 when the version is stale; `members`, when sent, replaces the list. */
    async updateTeam(member: Member, id: string, input: UpdateTeamValues): Promise<SupportTeam> {
      if (input.members) await checkMembers(member, input.members);
      try {
        await db.transaction(async (tx) => {
          const changed = await repository.update(tx, {
            tenantId: member.tenantId,
            id,
            version: input.version,
            name: input.name,
          });
          if (!changed) {
            throw (await repository.find(tx, member.tenantId, id)) ? staleVersion() : notFound('Team');
          }
          if (input.members) await repository.replaceMembers(tx, member.tenantId, id, input.members);
        });
      } catch (error) {
        if (repository.isDuplicateName(error)) throw duplicateName();
        throw error;
      }
      return team(member, id);
    },

    /** Round-robin over the team stops with it, in the same transaction. */
    async deleteTeam(member: Member, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await settingsRepository.forgetTeam(tx, member.tenantId, id);
        if (!(await repository.delete(tx, member.tenantId, id))) throw notFound('Team');
      });
    },

    helpdeskSettings(member: Member): Promise<HelpdeskSettings> {
      return settingsRepository.get(db, member.tenantId);
    },

    /** 412 when the version is stale; the round-robin team must be one of the workspace's (422). */
    async saveHelpdeskSettings(member: Member, input: HelpdeskSettingsValues): Promise<HelpdeskSettings> {
      return db.transaction(async (tx) => {
        const teamId = input.roundRobinTeamId;
        if (teamId && !(await settingsRepository.lockTeam(tx, member.tenantId, teamId))) {
          throw unprocessable('The round-robin team is not a team of this workspace', {
            roundRobinTeamId: 'Choose a team from the list',
          });
        }
        const saved = await settingsRepository.save(tx, member.tenantId, input);
        if (!saved) throw staleVersion();
        return saved;
      });
    },
  };
}
