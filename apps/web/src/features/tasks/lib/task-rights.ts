import { mayDeleteTask, type Me, type TaskSummary } from '@atrium/shared';
import { hasPermission } from '../../accounts';

/** Issue 20: the signed-in member may delete this task (its reporter, its project's manager, Managers, Admins). */
export const mayDelete = (me: Me, task: Pick<TaskSummary, 'reporterId' | 'project'>) =>
  mayDeleteTask(
    { may: (action) => hasPermission(me, action), employeeId: me.employeeId },
    { reporterId: task.reporterId, projectManagerId: task.project.managerId },
  );
