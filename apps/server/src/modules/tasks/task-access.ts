import type { Db } from '@atrium/db';
import { allows, mayDeleteTask, todayIn } from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { AppError, forbidden, notFound } from '../../platform/errors/app-error';
import type { Notifier } from '../../platform/notifications/notifications.service';
import type { ProjectsService } from '../projects';
import { tasksRepository as repository } from './tasks.repository';

/**
 * What every task service needs: the database, the projects service that says who sees which
 * project, and the notification centre (assignees and reporters hear of their tasks).
 */
export type TasksDeps = { db: Db; projects: ProjectsService; notifier: Notifier };

/** Where a task opens: its card's detail dialog on its project's board. */
export const taskLink = (task: { id: string; projectId: string }) =>
  `/projects/kanban?projectId=${task.projectId}&task=${task.id}`;

// The workspace time zone decides when a due date has passed (ARCHITECTURE.md: dates are shown
// in the workspace time zone).
export const today = (member: Member) => todayIn(member.timeZone);

export const unprocessable = (message: string, fields: Record<string, string>) =>
  new AppError('unprocessable', message, fields);

/** A visible task, or 404 (Contractors: tasks of other projects do not exist for them). */
export async function visibleTask({ db, projects }: TasksDeps, member: Member, id: string) {
  const row = await repository.find(db, await projects.scopeOf(member), id);
  if (!row) throw notFound('Task');
  return row;
}

/** An assignee, when one is given, must be a live employee of the workspace (422 otherwise). */
export async function checkAssignee(db: Db, tenantId: string, assigneeId: string | null | undefined) {
  if (assigneeId && !(await repository.employee(db, tenantId, assigneeId))) {
    throw unprocessable('The assignee is not an employee of this workspace', {
      assigneeId: 'Choose an assignee from the list',
    });
  }
}

/** Issue 20: the reporter, the project's manager, Managers and Admins delete a task (mayDeleteTask). */
export const deletesTask = (
  member: Member,
  task: { reporterId: string | null; projectManagerId: string | null },
) => mayDeleteTask({ may: (action) => allows(member, action), employeeId: member.employeeId }, task);

export const mayNotDelete =
  'Only its reporter, its project’s manager, a Manager or an Admin may delete a task';

export const cannotDelete = () => forbidden(mayNotDelete);
