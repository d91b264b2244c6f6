import type { CreateTaskValues, TaskDetails, UpdateTaskValues } from '@atrium/shared';
import { activityLog, actorOf, changedFields } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { notFound, staleVersion } from '../../platform/errors/app-error';
import { personRef } from '../projects';
import { placeIn } from './card-position';
import { subtasksRepository } from './subtasks.repository';
import {
  cannotDelete,
  checkAssignee,
  deletesTask,
  taskLink,
  today,
  unprocessable,
  visibleTask,
  type TasksDeps,
} from './task-access';
import { taskBoardRepository } from './task-board.repository';
import { commentsOf } from './task-comments.service';
import { movedSummary, projectOf, toCard } from './task-view';
import { tasksRepository as repository, type TaskChanges } from './tasks.repository';

/** Fields an update logs, before and after. */
const loggedFields = [
  'title',
  'description',
  'status',
  'priority',
  'assigneeId',
  'startDate',
  'dueDate',
  'estimatedHours',
  'actualHours',
  'tags',
] as const;

/** A task's detail dialog: read, create, edit and delete. */
export function createTaskDetailsService(deps: TasksDeps) {
  const { db, projects, notifier } = deps;

  /** A task as the detail dialog shows it, read with the member's scope as it is now (after a change). */
  async function details(member: Member, id: string): Promise<TaskDetails> {
    const row = await repository.find(db, await projects.scopeOf(member), id);
    if (!row) throw notFound('Task');
    const { tenantId } = member;
    const [commentList, subtaskRows, reporter] = await Promise.all([
      commentsOf(db, tenantId, id),
      subtasksRepository.subtasks(db, tenantId, id),
      row.reporterId ? repository.people(db, tenantId, [row.reporterId]) : Promise.resolve([]),
    ]);
    const date = today(member);
    return {
      ...toCard(row, projectOf(row), date),
      reporter: reporter[0] ? personRef(reporter[0]) : null,
      dependencies: row.dependencies,
      attachments: row.attachments.map((file) => ({ name: file.name, sizeBytes: file.sizeBytes })),
      comments: commentList,
      subtasks: subtaskRows,
    };
  }

  return {
    get: details,

    async create(member: Member, input: CreateTaskValues): Promise<TaskDetails> {
      const project = await taskBoardRepository.visibleProject(
        db,
        await projects.scopeOf(member),
        input.projectId,
      );
      if (!project) throw unprocessable('This project does not exist', { projectId: 'Choose a project' });
      await checkAssignee(db, member.tenantId, input.assigneeId);
      const id = await db.transaction(async (tx) => {
        await repository.lockProjects(tx, member.tenantId, [project.id]);
        const position = await placeIn(tx, {
          tenantId: member.tenantId,
          projectId: project.id,
          status: input.status,
          movingId: null,
          placement: { kind: 'end' },
        });
        const id = await repository.insert(tx, member.tenantId, {
          projectId: project.id,
          title: input.title,
          description: input.description,
          status: input.status,
          priority: input.priority,
          assigneeId: input.assigneeId ?? null,
          reporterId: member.employeeId,
          startDate: input.startDate ?? null,
          dueDate: input.dueDate ?? null,
          estimatedHours: input.estimatedHours,
          actualHours: input.actualHours ?? null,
          tags: input.tags,
          position,
        });
        await repository.refreshProgress(tx, member.tenantId, project.id);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'created',
          entityType: 'task',
          entityId: id,
          summary: `created task '${input.title}'`,
          data: {
            projectId: project.id,
            after: {
              title: input.title,
              status: input.status,
              priority: input.priority,
              assigneeId: input.assigneeId ?? null,
            },
          },
        });
        await notifier.notify({
          tx,
          tenantId: member.tenantId,
          actor: actorOf(member),
          recipients: { employees: [input.assigneeId] },
          kind: 'task_assigned',
          record: { type: 'task', id, link: taskLink({ id, projectId: project.id }) },
          title: `${member.name} assigned you '${input.title}'`,
          body: `In ${project.name}`,
        });
        return id;
      });
      return details(member, id);
    },

    /** Edit; a new status sends the card to the end of that column and recounts progress. */
    async update(member: Member, id: string, input: UpdateTaskValues): Promise<TaskDetails> {
      const before = await visibleTask(deps, member, id);
      const { version, ...fields } = input;
      const changes: TaskChanges = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      await checkAssignee(db, member.tenantId, changes.assigneeId);
      const statusChanged = changes.status !== undefined && changes.status !== before.status;
      await db.transaction(async (tx) => {
        await repository.lockProjects(tx, member.tenantId, [before.projectId]);
        if (statusChanged) {
          changes.position = await placeIn(tx, {
            tenantId: member.tenantId,
            projectId: before.projectId,
            status: changes.status!,
            movingId: id,
            placement: { kind: 'end' },
          });
        }
        if (!(await repository.update(tx, { tenantId: member.tenantId, id, version, changes }))) {
          throw staleVersion();
        }
        if (statusChanged) await repository.refreshProgress(tx, member.tenantId, before.projectId);
        const changed = changedFields(loggedFields, changes, before);
        const onlyStatus = changed.length === 1 && statusChanged;
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: onlyStatus ? 'moved' : 'updated',
          entityType: 'task',
          entityId: id,
          summary: onlyStatus
            ? movedSummary(before.title, changes.status!)
            : `updated task '${before.title}'`,
          data: {
            projectId: before.projectId,
            before: Object.fromEntries(changed.map((field) => [field, before[field]])),
            after: Object.fromEntries(changed.map((field) => [field, changes[field]])),
          },
        });
        if (changes.assigneeId && changes.assigneeId !== before.assigneeId) {
          await notifier.notify({
            tx,
            tenantId: member.tenantId,
            actor: actorOf(member),
            recipients: { employees: [changes.assigneeId] },
            kind: 'task_assigned',
            record: { type: 'task', id, link: taskLink(before) },
            title: `${member.name} assigned you '${changes.title ?? before.title}'`,
            body: `In ${before.projectName}`,
          });
        }
      });
      // Read with the scope as it is now: a contractor who gave the task away may no longer see it.
      return details(member, id);
    },

    async remove(member: Member, id: string): Promise<void> {
      const task = await visibleTask(deps, member, id);
      if (!deletesTask(member, task)) throw cannotDelete();
      await db.transaction(async (tx) => {
        await repository.lockProjects(tx, member.tenantId, [task.projectId]);
        if ((await repository.remove(tx, member.tenantId, [id])) === 0) throw notFound('Task');
        await repository.refreshProgress(tx, member.tenantId, task.projectId);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'deleted',
          entityType: 'task',
          entityId: id,
          summary: `deleted task '${task.title}'`,
          data: { projectId: task.projectId, before: { title: task.title, status: task.status } },
        });
      });
    },
  };
}
