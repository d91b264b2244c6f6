import {
  isTaskOverdue,
  taskStatusLabels,
  type TaskCard,
  type TaskComment,
  type TaskStatus,
  type TaskSummary,
} from '@atrium/shared';
import { personRef } from '../projects';
import type { CommentRow } from './task-comments.repository';
import type { TaskCardRow, TaskRow } from './tasks.repository';

/** The project a row names; the board passes its one project to all its cards instead. */
export const projectOf = (row: TaskRow) => ({
  id: row.projectId,
  name: row.projectName,
  managerId: row.projectManagerId,
});

export function toSummary(
  row: Omit<TaskRow, 'projectName' | 'projectManagerId'>,
  project: TaskSummary['project'],
  today: string,
): TaskSummary {
  return {
    id: row.id,
    title: row.title,
    project,
    reporterId: row.reporterId,
    status: row.status,
    priority: row.priority,
    assignee:
      row.assigneeId && row.assigneeFirstName !== null && row.assigneeLastName !== null
        ? {
            ...personRef({
              id: row.assigneeId,
              firstName: row.assigneeFirstName,
              lastName: row.assigneeLastName,
              avatarUrl: row.assigneeAvatarUrl,
            }),
            firstName: row.assigneeFirstName,
            lastName: row.assigneeLastName,
          }
        : null,
    startDate: row.startDate,
    dueDate: row.dueDate,
    overdue: isTaskOverdue(row, today),
    tags: row.tags,
    estimatedHours: row.estimatedHours,
    actualHours: row.actualHours,
    commentCount: row.commentCount,
    subtaskDone: row.subtaskDone,
    subtaskTotal: row.subtaskTotal,
    attachmentCount: row.attachmentCount,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export const toCard = (
  row: Omit<TaskCardRow, 'projectName' | 'projectManagerId'>,
  project: TaskCard['project'],
  today: string,
): TaskCard => ({
  ...toSummary(row, project, today),
  description: row.description,
});

export const toComment = (row: CommentRow): TaskComment => ({
  id: row.id,
  taskId: row.taskId,
  author:
    row.authorId && row.authorFirstName !== null && row.authorLastName !== null
      ? personRef({
          id: row.authorId,
          firstName: row.authorFirstName,
          lastName: row.authorLastName,
          avatarUrl: row.authorAvatarUrl,
        })
      : null,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
});

/** The activity log's summary of a status change. */
export const movedSummary = (title: string, status: TaskStatus) =>
  `moved '${title}' to ${taskStatusLabels[status]}`;
