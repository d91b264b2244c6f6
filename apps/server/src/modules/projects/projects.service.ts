import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from '@atrium/db';
import {
  employeeFullName,
  isProjectPastDue,
  projectDatesProblem,
  projectReach,
  projectStats,
  projectStatusLabels,
  teamAvatarLimit,
  teamAvatars,
  todayIn,
  type PersonRef,
  type ProjectDetails,
  type ProjectFilter,
  type ProjectListQuery,
  type ProjectListResponse,
  type ProjectManagersResponse,
  type ProjectStats,
  type ProjectStatus,
  type ProjectSummary,
  type CreateProjectValues,
  type UpdateProjectValues,
} from '@atrium/shared';
import type {
  ActivityAudience,
  EntryColumns,
  EntryVisibility,
} from '../../platform/activity/activity-audience';
import { activityLog, actorOf, changedFields } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, notFound, staleVersion } from '../../platform/errors/app-error';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { keptTotal, type WorkspaceMemo } from '../../platform/db/workspace-memo';
import type { ProjectScope } from './project-scope';
import {
  projectCursorShape,
  projectCursorValues,
  projectsRepository as repository,
  type ProjectChanges,
  type ProjectSummaryRow,
} from './projects.repository';
import { projectTeamRepository as teamRepository, type TeamMemberRow } from './project-team.repository';

type CreateInput = CreateProjectValues;
/** An edit; the card's status select may leave the version out (last write wins). */
type UpdateInput = Omit<UpdateProjectValues, 'version'> & { version: number | undefined };

/** The fields an update may log, before and after (budget included: the log is staff-only). */
const loggedFields = [
  'name',
  'description',
  'status',
  'priority',
  'startDate',
  'endDate',
  'budget',
  'managerId',
  'client',
  'tags',
] as const;

/**
 * Issue 17: the activity entries about a project, or about a record of one, that the member may see:
 * those of the projects the member sees. `projectOf` names the project of an entry. The condition is
 * evaluated with each entry, so an event stream follows the member's involvement as it changes.
 */
export function projectEntries(
  member: Member,
  projectOf: (entry: EntryColumns) => SQLWrapper,
): EntryVisibility {
  const reach = projectReach(member);
  if (reach !== 'involved') return reach === 'all';
  const { tenantId, employeeId } = member;
  if (!employeeId) return false;
  return (entry) => repository.involves(tenantId, employeeId, projectOf(entry));
}

export const projectsReadRules = {
  project: { visible: (member) => projectEntries(member, (entry) => entry.entityId) },
} satisfies Pick<ActivityAudience, 'project'>;

const invalidFields = (fields: Record<string, string>) =>
  new AppError('validation_failed', 'Some fields are not valid', fields);

const unknownPeople = (fields: Record<string, string>) =>
  new AppError('unprocessable', 'Some people are not employees of this workspace', fields);

/** An employee as the project and task answers name them. */
export const personRef = (person: {
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
}): PersonRef => ({
  id: person.id,
  name: employeeFullName(person),
  avatarUrl: person.avatarUrl,
});

export function createProjectsService({ db, memo }: { db: Db; memo: WorkspaceMemo }) {
  const today = (member: Member) => todayIn(member.timeZone);

  /** The projects the member sees (shared projectReach): one small indexed query for contractors. */
  async function scopeOf(member: Member): Promise<ProjectScope> {
    const { tenantId, employeeId } = member;
    const reach = projectReach(member);
    if (reach === 'all') return { tenantId, projectIds: 'all' };
    if (reach === 'none' || !employeeId) return { tenantId, projectIds: [] };
    return { tenantId, projectIds: await repository.involvedProjectIds(db, tenantId, employeeId) };
  }

  /** A project as its card shows it. */
  function summary(row: ProjectSummaryRow, date: string): ProjectSummary {
    const team = row.team ?? { members: [], count: 0 };
    const avatars = teamAvatars(team.members, team.count);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      status: row.status,
      priority: row.priority,
      progress: row.progress,
      tasksDone: row.tasks.done,
      tasksTotal: row.tasks.total,
      overdueTasks: row.tasks.overdue,
      teamCount: team.count,
      team: avatars.shown.map(personRef),
      moreTeamMembers: avatars.more,
      manager:
        row.managerId && row.managerFirstName !== null && row.managerLastName !== null
          ? personRef({
              id: row.managerId,
              firstName: row.managerFirstName,
              lastName: row.managerLastName,
              avatarUrl: row.managerAvatarUrl,
            })
          : null,
      budget: row.budget,
      client: row.client,
      startDate: row.startDate,
      endDate: row.endDate,
      pastDue: isProjectPastDue(row, date),
      tags: row.tags,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    };
  }

  async function details(member: Member, id: string): Promise<ProjectDetails> {
    const scope = await scopeOf(member);
    const date = today(member);
    const [row, members] = await Promise.all([
      repository.findSummary(db, { scope, id, card: { today: date, perProject: teamAvatarLimit } }),
      teamRepository.teamMembers(db, scope.tenantId, id),
    ]);
    if (!row) throw notFound('Project');
    return {
      ...summary(row, date),
      teamMembers: members.map((person: TeamMemberRow) => ({
        ...personRef(person),
        jobTitle: person.jobTitle,
        department: person.department,
      })),
    };
  }

  /** The manager and team must be live employees of the workspace (422 with the field otherwise). */
  async function checkPeople(
    tenantId: string,
    managerId: string | null | undefined,
    teamIds: readonly string[],
  ) {
    const wanted = [...new Set([...(managerId ? [managerId] : []), ...teamIds])];
    const found = await teamRepository.existingEmployees(db, tenantId, wanted);
    const fields: Record<string, string> = {};
    if (managerId && !found.has(managerId)) fields.managerId = 'Choose a project manager from the list';
    teamIds.forEach((id, i) => {
      if (!found.has(id)) fields[`teamMemberIds.${i}`] = 'Choose team members from the list';
    });
    if (Object.keys(fields).length > 0) throw unknownPeople(fields);
  }

  async function update(member: Member, id: string, input: UpdateInput): Promise<ProjectDetails> {
    const before = await repository.find(db, await scopeOf(member), id);
    if (!before) throw notFound('Project');
    const { version, teamMemberIds, ...fields } = input;
    const changes: ProjectChanges = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    );
    const datesProblem = projectDatesProblem(
      changes.startDate ?? before.startDate,
      changes.endDate === undefined ? before.endDate : changes.endDate,
    );
    if (datesProblem) throw invalidFields({ endDate: datesProblem });
    await checkPeople(member.tenantId, changes.managerId, teamMemberIds ?? []);

    await db.transaction(async (tx) => {
      if (!(await repository.update(tx, { tenantId: member.tenantId, id, version, changes }))) {
        throw staleVersion();
      }
      const managerId = changes.managerId === undefined ? before.managerId : changes.managerId;
      // The manager is always on the team (spec 2 shows them among the card's avatars).
      if (teamMemberIds) {
        await teamRepository.setTeam(tx, {
          tenantId: member.tenantId,
          projectId: id,
          employeeIds: [...(managerId ? [managerId] : []), ...teamMemberIds],
        });
      } else if (changes.managerId) {
        await teamRepository.addToTeam(tx, {
          tenantId: member.tenantId,
          projectId: id,
          employeeIds: [changes.managerId],
        });
      }
      const changed = changedFields(loggedFields, changes, before);
      const onlyStatus = changed.length === 1 && changed[0] === 'status' && !teamMemberIds;
      await activityLog.record(tx, {
        tenantId: member.tenantId,
        actor: actorOf(member),
        action: onlyStatus ? 'status_changed' : 'updated',
        entityType: 'project',
        entityId: id,
        summary: onlyStatus
          ? `changed the status of '${before.name}' to ${projectStatusLabels[changes.status!]}`
          : `updated project '${before.name}'`,
        data: {
          before: Object.fromEntries(changed.map((field) => [field, before[field]])),
          after: Object.fromEntries(changed.map((field) => [field, changes[field]])),
          ...(teamMemberIds ? { teamChanged: true } : {}),
        },
      });
    });
    return details(member, id);
  }

  return {
    scopeOf,

    async list(member: Member, query: ProjectListQuery): Promise<ProjectListResponse> {
      const scope = await scopeOf(member);
      const direction = query.order ?? (query.sort === 'createdAt' ? 'desc' : 'asc');
      const cursor = query.cursor ? decodeCursor(query.cursor, projectCursorShape(query.sort)) : undefined;
      const totalKey = ['project-total', scope.projectIds, query.status, query.priority, query.managerId];
      const date = today(member);
      const [rows, total] = await Promise.all([
        repository.list(db, {
          scope,
          filter: query,
          sort: query.sort,
          direction,
          limit: query.limit + 1,
          cursor,
          card: { today: date, perProject: teamAvatarLimit },
        }),
        cursor
          ? undefined
          : keptTotal(memo, member.tenantId, { searchText: query.q, key: totalKey }, () =>
              repository.count(db, scope, query),
            ),
      ]);
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) =>
        projectCursorValues(query.sort, last),
      );
      return {
        data: page.map((row) => summary(row, date)),
        nextCursor,
        ...(total === undefined ? {} : { total }),
      };
    },

    async stats(member: Member, filter: ProjectFilter): Promise<ProjectStats> {
      const scope = await scopeOf(member);
      return projectStats(await repository.stats(db, { scope, filter, today: today(member) }));
    },

    async managers(member: Member): Promise<ProjectManagersResponse> {
      const rows = await repository.managers(db, await scopeOf(member));
      return { data: rows.map(personRef) };
    },

    get: details,

    async create(member: Member, input: CreateInput): Promise<ProjectDetails> {
      const startDate = input.startDate ?? today(member);
      const endDate = input.endDate ?? null;
      const datesProblem = projectDatesProblem(startDate, endDate);
      if (datesProblem) throw invalidFields({ endDate: datesProblem });
      const managerId = input.managerId ?? null;
      await checkPeople(member.tenantId, managerId, input.teamMemberIds);
      const id = await db.transaction(async (tx) => {
        const id = await repository.insert(tx, member.tenantId, {
          name: input.name,
          description: input.description,
          status: input.status,
          priority: input.priority,
          startDate,
          endDate,
          budget: input.budget ?? null,
          managerId,
          client: input.client ?? null,
          tags: input.tags,
        });
        await teamRepository.addToTeam(tx, {
          tenantId: member.tenantId,
          projectId: id,
          employeeIds: [...(managerId ? [managerId] : []), ...input.teamMemberIds],
        });
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'created',
          entityType: 'project',
          entityId: id,
          summary: `created project '${input.name}'`,
          data: { after: { name: input.name, status: input.status, priority: input.priority, managerId } },
        });
        return id;
      });
      return details(member, id);
    },

    update,

    /** The card's status select (spec 4: any status may be set directly). */
    changeStatus(member: Member, id: string, input: { status: ProjectStatus; version?: number | undefined }) {
      return update(member, id, { status: input.status, version: input.version });
    },

    async remove(member: Member, id: string): Promise<void> {
      const row = await repository.find(db, await scopeOf(member), id);
      if (!row) throw notFound('Project');
      await db.transaction(async (tx) => {
        const removed = await repository.remove(tx, member.tenantId, id);
        if (!removed) throw notFound('Project');
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'deleted',
          entityType: 'project',
          entityId: id,
          summary: `deleted project '${row.name}'`,
          data: { before: { name: row.name, status: row.status }, tasksDeleted: removed.tasks },
        });
      });
    },

    /**
     * The dashboard's project list (spec 2): the active projects of the scope, nearest end date
     * first, each with its first team members in the cards' order.
     */
    async activeProjects(scope: ProjectScope, limit: number) {
      const rows = await repository.activeByEndDate(db, { scope, limit, perProject: teamAvatarLimit });
      return rows.map(({ team, ...project }) => ({
        ...project,
        teamSize: team?.count ?? 0,
        team: (team?.members ?? []).map(personRef),
      }));
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
