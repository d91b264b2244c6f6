import type { Tx } from '@atrium/db';
import type { HelpdeskDeps } from './ticket-changes';
import { teamsRepository } from './teams.repository';

/**
 * Round-robin (issue 21): when the workspace's settings name a team, a new ticket nobody assigned
 * goes to the team's next member after the one who got the last, in employee id order, skipping
 * members who left or no longer work tickets. The team's row stays locked until the creating
 * transaction ends, so tickets created at once get different members. Null when round-robin is off
 * or the team has nobody left. Every path that creates tickets calls it (an agent entering one, mail in).
 */
export async function autoAssign(
  tx: Tx,
  _deps: Pick<HelpdeskDeps, 'db'>,
  tenantId: string,
): Promise<{ assigneeId: string; teamId: string } | null> {
  const team = await teamsRepository.lockRoundRobinTeam(tx, tenantId);
  if (!team) return null;
  const members = await teamsRepository.liveMemberIds(tx, tenantId, team.id);
  const last = team.lastAssignedEmployeeId;
  const assigneeId = members.find((id) => last === null || id > last) ?? members[0];
  if (!assigneeId) return null;
  await teamsRepository.setLastAssigned(tx, tenantId, team.id, assigneeId);
  return { assigneeId, teamId: team.id };
}
