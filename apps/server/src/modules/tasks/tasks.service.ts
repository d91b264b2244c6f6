import type { ActivityAudience } from '../../platform/activity/activity-audience';
import type { WorkspaceMemo } from '../../platform/db/workspace-memo';
import { projectEntries } from '../projects';
import { createSubtasksService } from './subtasks.service';
import type { TasksDeps } from './task-access';
import { createTaskBoardService } from './task-board.service';
import { createTaskCommentsService } from './task-comments.service';
import { createTaskDetailsService } from './task-details.service';
import { createTaskListService } from './task-list.service';
import { tasksRepository } from './tasks.repository';

/** Issue 17: a task's activity entries go to those who see its project, as the task itself does. */
export const tasksReadRules = {
  task: { visible: (member) => projectEntries(member, (entry) => tasksRepository.loggedProject(entry.data)) },
} satisfies Pick<ActivityAudience, 'task'>;

export function createTasksService(deps: TasksDeps & { memo: WorkspaceMemo }) {
  return {
    ...createTaskListService(deps),
    ...createTaskBoardService(deps),
    ...createTaskDetailsService(deps),
    ...createTaskCommentsService(deps),
    ...createSubtasksService(deps),
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
