import type { BulkTaskResult, BulkTaskValues, TaskListQuery, TaskListResponse } from '@atrium/shared';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { keptTotal, type WorkspaceMemo } from '../../platform/db/workspace-memo';
import { AppError } from '../../platform/errors/app-error';
import { placeIn } from './card-position';
import { deletesTask, mayNotDelete, today, type TasksDeps } from './task-access';
import { taskCursorShape, taskCursorValues, taskListRepository } from './task-list.repository';
import { movedSummary, projectOf, toSummary } from './task-view';
import { tasksRepository as repository } from './tasks.repository';

/** The Tasks list (spec 2 Tasks & Workflows): search, filters, sorts, keyset pages and the bulk bar. */
export function createTaskListService({ db, memo, projects }: TasksDeps & { memo: WorkspaceMemo }) {
  return {
    async list(member: Member, query: TaskListQuery): Promise<TaskListResponse> {
      const scope = await projects.scopeOf(member);
      const date = today(member);
      const cursor = query.cursor ? decodeCursor(query.cursor, taskCursorShape(query.sort)) : undefined;
      const totalKey = [
        'task-total',
        scope.projectIds,
        query.projectId,
        query.status,
        query.priority,
        query.assigneeId,
        query.due,
        // Which tasks are due or overdue moves with the date.
        query.due && date,
      ];
      const [rows, total] = await Promise.all([
        taskListRepository.list(db, {
          scope,
          filter: query,
          today: date,
          sort: query.sort,
          direction: query.order,
          limit: query.limit + 1,
          cursor,
        }),
        cursor
          ? undefined
          : keptTotal(memo, member.tenantId, { searchText: query.q, key: totalKey }, () =>
              taskListRepository.count(db, { scope, filter: query, today: date }),
            ),
      ]);
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) =>
        taskCursorValues(query.sort, last),
      );
      return {
        data: page.map((row) => toSummary(row, projectOf(row), date)),
        nextCursor,
        ...(total === undefined ? {} : { total }),
      };
    },

    /**
     * Spec 2 bulk bar. All or nothing: any id that is not a visible task fails the whole request
     * (404, `ids.<n>` per failing id) before anything changes; so does, for a delete, any task the
     * member may not delete (403, issue 20).
     */
    async bulk(member: Member, input: BulkTaskValues): Promise<BulkTaskResult> {
      const scope = await projects.scopeOf(member);
      return db.transaction(async (tx) => {
        const found = await repository.findMany(tx, scope, input.ids);
        const foundIds = new Set(found.map((task) => task.id));
        const missing: Record<string, string> = {};
        input.ids.forEach((taskId, i) => {
          if (!foundIds.has(taskId)) missing[`ids.${i}`] = 'Task not found';
        });
        if (Object.keys(missing).length > 0) {
          throw new AppError('not_found', 'Some selected tasks were not found; nothing was changed', missing);
        }
        if (input.action === 'delete') {
          const kept = new Set(found.filter((task) => !deletesTask(member, task)).map((task) => task.id));
          const refused: Record<string, string> = {};
          input.ids.forEach((taskId, i) => {
            if (kept.has(taskId)) refused[`ids.${i}`] = mayNotDelete;
          });
          if (Object.keys(refused).length > 0) {
            throw new AppError(
              'forbidden',
              'Some selected tasks are not yours to delete; nothing was deleted',
              refused,
            );
          }
        }
        const projectIds = [...new Set(found.map((task) => task.projectId))].sort();
        await repository.lockProjects(tx, member.tenantId, projectIds);

        if (input.action === 'delete') {
          await repository.remove(tx, member.tenantId, input.ids);
          for (const task of found) {
            await activityLog.record(tx, {
              tenantId: member.tenantId,
              actor: actorOf(member),
              action: 'deleted',
              entityType: 'task',
              entityId: task.id,
              summary: `deleted task '${task.title}'`,
              data: { projectId: task.projectId, bulk: true },
            });
          }
        } else {
          const status = input.action;
          // Cards keep their relative order at the end of the target column.
          for (const task of found.filter((t) => t.status !== status)) {
            const position = await placeIn(tx, {
              tenantId: member.tenantId,
              projectId: task.projectId,
              status,
              movingId: task.id,
              placement: { kind: 'end' },
            });
            await repository.update(tx, {
              tenantId: member.tenantId,
              id: task.id,
              version: undefined,
              changes: { status, position },
            });
            await activityLog.record(tx, {
              tenantId: member.tenantId,
              actor: actorOf(member),
              action: 'moved',
              entityType: 'task',
              entityId: task.id,
              summary: movedSummary(task.title, status),
              data: {
                projectId: task.projectId,
                before: { status: task.status },
                after: { status },
                bulk: true,
              },
            });
          }
        }
        for (const projectId of projectIds) await repository.refreshProgress(tx, member.tenantId, projectId);
        return { action: input.action, count: found.length, ids: input.ids };
      });
    },
  };
}
