import { taskPriorities } from '@atrium/shared';
import { useCallback } from 'react';
import { copyParams, isUuid, oneOf, searchParamsWith, useAddressState } from '../../../lib/search-params';
import type { BoardFilters } from '../api/board.queries';

export type KanbanParams = BoardFilters & {
  /** The card whose detail dialog is open, so a reload or a shared link opens it again. */
  taskId: string | undefined;
};

/**
 * The board's project, filters and open card live in the address: the Projects screen links here
 * with ?projectId=, and a reload shows the same board. Malformed values fall back to defaults.
 */
export function useKanbanParams() {
  const [searchParams, show] = useAddressState(copyParams, copyParams);
  const assignee = searchParams.get('assigneeId');
  const projectId = searchParams.get('projectId');
  const taskId = searchParams.get('task');
  const params: KanbanParams = {
    projectId: isUuid(projectId) ? projectId : undefined,
    assigneeId: assignee === 'unassigned' || isUuid(assignee) ? assignee : undefined,
    priority: oneOf(taskPriorities, searchParams.get('priority')),
    taskId: isUuid(taskId) ? taskId : undefined,
  };

  const change = useCallback(
    (changes: Partial<KanbanParams>) =>
      show((current) =>
        searchParamsWith(current, {
          ...('projectId' in changes && { projectId: changes.projectId }),
          ...('assigneeId' in changes && { assigneeId: changes.assigneeId }),
          ...('priority' in changes && { priority: changes.priority }),
          ...('taskId' in changes && { task: changes.taskId }),
        }),
      ),
    [show],
  );

  return [params, change] as const;
}
