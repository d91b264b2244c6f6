import {
  taskStatusLabels,
  taskStatuses,
  type MoveTaskValues,
  type TaskBoard,
  type TaskBoardQuery,
  type TaskCard,
} from '@atrium/shared';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { notFound, staleVersion } from '../../platform/errors/app-error';
import { placeIn } from './card-position';
import { today, unprocessable, type TasksDeps } from './task-access';
import { taskBoardRepository as boardRepository, type Placement } from './task-board.repository';
import { movedSummary, projectOf, toCard } from './task-view';
import { tasksRepository as repository } from './tasks.repository';

/** A kanban column sends at most this many cards; `count` still tells the whole number. */
const boardColumnLimit = 500;

/** Where a kanban drop puts the card: after or before a card, at an index, or else at the end. */
function placementOf(input: MoveTaskValues): Placement {
  return input.afterId !== undefined
    ? { kind: 'after', id: input.afterId }
    : input.beforeId !== undefined
      ? { kind: 'before', id: input.beforeId }
      : input.index !== undefined
        ? { kind: 'index', index: input.index }
        : { kind: 'end' };
}

/** Spec 2 Kanban: a project's four columns, and moving cards between and within them. */
export function createTaskBoardService({ db, projects }: TasksDeps) {
  return {
    /** Spec 2 Kanban: the project's four columns with counts, cards by position. */
    async board(member: Member, query: TaskBoardQuery): Promise<TaskBoard> {
      const scope = await projects.scopeOf(member);
      const project = query.projectId
        ? await boardRepository.visibleProject(db, scope, query.projectId)
        : await boardRepository.firstProject(db, scope);
      if (query.projectId && !project) throw notFound('Project');
      if (!project) {
        return {
          project: null,
          columns: taskStatuses.map((status) => ({
            status,
            title: taskStatusLabels[status],
            count: 0,
            tasks: [],
          })),
        };
      }
      const filter = { assigneeId: query.assigneeId, priority: query.priority };
      const rows = await boardRepository.board(db, {
        scope,
        projectId: project.id,
        filter,
        limit: boardColumnLimit,
      });
      const date = today(member);
      return {
        project: { id: project.id, name: project.name },
        columns: taskStatuses.map((status) => {
          const column = rows.filter((row) => row.status === status);
          return {
            status,
            title: taskStatusLabels[status],
            count: column[0]?.columnCount ?? 0,
            tasks: column.map((row) => toCard(row, project, date)),
          };
        }),
      };
    },

    /** A kanban drop: status and place in one transaction; progress follows (spec 4: no restriction). */
    async move(member: Member, id: string, input: MoveTaskValues): Promise<TaskCard> {
      const scope = await projects.scopeOf(member);
      const before = await repository.find(db, scope, id);
      if (!before) throw notFound('Task');
      const placement = placementOf(input);
      if ((placement.kind === 'after' || placement.kind === 'before') && placement.id === id) {
        throw unprocessable('A card cannot be placed next to itself', {
          [`${placement.kind}Id`]: 'Choose another card',
        });
      }
      await db.transaction(async (tx) => {
        await repository.lockProjects(tx, member.tenantId, [before.projectId]);
        // Read again under the lock: a move without a version must compare with the current column.
        const current = await repository.find(tx, scope, id);
        if (!current) throw notFound('Task');
        if (input.version !== undefined && input.version !== current.version) throw staleVersion();
        const position = await placeIn(tx, {
          tenantId: member.tenantId,
          projectId: before.projectId,
          status: input.status,
          movingId: id,
          placement,
        });
        const moved = await repository.update(tx, {
          tenantId: member.tenantId,
          id,
          version: input.version,
          changes: { status: input.status, position },
        });
        if (!moved) throw staleVersion();
        const statusChanged = input.status !== current.status;
        if (statusChanged) await repository.refreshProgress(tx, member.tenantId, before.projectId);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'moved',
          entityType: 'task',
          entityId: id,
          summary: statusChanged
            ? movedSummary(before.title, input.status)
            : `reordered '${before.title}' in ${taskStatusLabels[input.status]}`,
          data: {
            projectId: before.projectId,
            before: { status: current.status, position: current.position },
            after: { status: input.status, position },
          },
        });
      });
      const row = await repository.findCard(db, scope, id);
      if (!row) throw notFound('Task');
      return toCard(row, projectOf(row), today(member));
    },
  };
}
