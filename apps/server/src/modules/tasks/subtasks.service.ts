import {
  positionStep,
  type CreateSubtaskValues,
  type Subtask,
  type UpdateSubtaskValues,
} from '@atrium/shared';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { notFound, staleVersion } from '../../platform/errors/app-error';
import { subtasksRepository as repository, type SubtaskChanges } from './subtasks.repository';
import { checkAssignee, visibleTask, type TasksDeps } from './task-access';

/** The subtasks of a task's detail dialog: add, tick, rename, reassign and delete. */
export function createSubtasksService(deps: TasksDeps) {
  const { db } = deps;
  return {
    async addSubtask(member: Member, taskId: string, input: CreateSubtaskValues): Promise<Subtask> {
      const task = await visibleTask(deps, member, taskId);
      await checkAssignee(db, member.tenantId, input.assigneeId);
      const id = await db.transaction(async (tx) => {
        const id = await repository.insertSubtask(tx, {
          tenantId: member.tenantId,
          taskId,
          values: { title: input.title, assigneeId: input.assigneeId ?? null },
          step: positionStep,
        });
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'subtask_added',
          entityType: 'task',
          entityId: taskId,
          summary: `added subtask '${input.title}' to '${task.title}'`,
          data: { projectId: task.projectId, subtaskId: id },
        });
        return id;
      });
      return (await repository.findSubtask(db, { tenantId: member.tenantId, taskId, id }))!;
    },

    async updateSubtask(
      member: Member,
      change: { taskId: string; subtaskId: string; input: UpdateSubtaskValues },
    ): Promise<Subtask> {
      const { taskId, subtaskId, input } = change;
      const task = await visibleTask(deps, member, taskId);
      const key = { tenantId: member.tenantId, taskId, id: subtaskId };
      const before = await repository.findSubtask(db, key);
      if (!before) throw notFound('Subtask');
      await checkAssignee(db, member.tenantId, input.assigneeId);
      const { version, ...fields } = input;
      const changes = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as SubtaskChanges;
      await db.transaction(async (tx) => {
        const updated = await repository.updateSubtask(tx, { ...key, version, changes });
        if (!updated) throw staleVersion();
        const toggled = changes.completed !== undefined && changes.completed !== before.completed;
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'subtask_updated',
          entityType: 'task',
          entityId: taskId,
          summary: toggled
            ? `${changes.completed ? 'completed' : 'reopened'} subtask '${before.title}' of '${task.title}'`
            : `updated subtask '${before.title}' of '${task.title}'`,
          data: { projectId: task.projectId, subtaskId, before: { ...before }, after: changes },
        });
      });
      return (await repository.findSubtask(db, key))!;
    },

    async removeSubtask(member: Member, taskId: string, subtaskId: string): Promise<void> {
      const task = await visibleTask(deps, member, taskId);
      await db.transaction(async (tx) => {
        const removed = await repository.removeSubtask(tx, {
          tenantId: member.tenantId,
          taskId,
          id: subtaskId,
        });
        if (!removed) throw notFound('Subtask');
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'subtask_deleted',
          entityType: 'task',
          entityId: taskId,
          summary: `deleted subtask '${removed.title}' from '${task.title}'`,
          data: { projectId: task.projectId, subtaskId },
        });
      });
    },
  };
}
