import type { Db } from '@atrium/db';
import type { CreateCommentValues, TaskComment, TaskCommentList } from '@atrium/shared';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { taskLink, visibleTask, type TasksDeps } from './task-access';
import { taskCommentsRepository } from './task-comments.repository';
import { toComment } from './task-view';

/** The start of a comment, as a notification quotes it. */
const excerpt = (content: string) => (content.length > 200 ? `${content.slice(0, 199)}…` : content);

/** A task's comments, oldest first (the detail dialog reads them too). */
export async function commentsOf(db: Db, tenantId: string, taskId: string): Promise<TaskComment[]> {
  const rows = await taskCommentsRepository.comments(db, tenantId, taskId);
  return rows.map(toComment);
}

/** The comments of a task's detail dialog. */
export function createTaskCommentsService(deps: TasksDeps) {
  const { db, notifier } = deps;
  return {
    async comments(member: Member, taskId: string): Promise<TaskCommentList> {
      await visibleTask(deps, member, taskId);
      return { data: await commentsOf(db, member.tenantId, taskId) };
    },

    /** The author is the signed-in member's employee record (none for members without one). */
    async addComment(member: Member, taskId: string, input: CreateCommentValues): Promise<TaskComment> {
      const task = await visibleTask(deps, member, taskId);
      const id = await db.transaction(async (tx) => {
        const id = await taskCommentsRepository.insertComment(tx, {
          tenantId: member.tenantId,
          taskId,
          authorId: member.employeeId,
          content: input.content,
        });
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'commented',
          entityType: 'task',
          entityId: taskId,
          summary: `commented on '${task.title}'`,
          data: { projectId: task.projectId, commentId: id },
        });
        await notifier.notify({
          tx,
          tenantId: member.tenantId,
          actor: actorOf(member),
          recipients: { employees: [task.assigneeId, task.reporterId] },
          kind: 'task_commented',
          record: { type: 'task', id: taskId, link: taskLink(task) },
          title: `${member.name} commented on '${task.title}'`,
          body: excerpt(input.content),
        });
        return id;
      });
      const all = await commentsOf(db, member.tenantId, taskId);
      return all.find((comment) => comment.id === id)!;
    },
  };
}
