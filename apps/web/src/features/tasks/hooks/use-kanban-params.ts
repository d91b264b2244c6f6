import { taskPriorities, type TaskPriority } from '@atrium/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { BoardFilters } from '../api/board.queries';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string | null): value is string => value !== null && uuidPattern.test(value);
const isPriority = (value: string | null): value is TaskPriority =>
  taskPriorities.some((priority) => priority === value);

export type KanbanParams = BoardFilters & {
  /** The card whose detail dialog is open, so a reload or a shared link opens it again. */
  taskId: string | undefined;
};

/**
 * The board's project, filters and open card live in the address: the Projects screen links here
 * with ?projectId=, and a reload shows the same board. Malformed values fall back to defaults.
 */
export function useKanbanParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const assignee = searchParams.get('assigneeId');
  const priority = searchParams.get('priority');
  const projectId = searchParams.get('projectId');
  const taskId = searchParams.get('task');
  const params: KanbanParams = {
    projectId: isUuid(projectId) ? projectId : undefined,
    assigneeId: assignee === 'unassigned' || isUuid(assignee) ? assignee : undefined,
    priority: isPriority(priority) ? priority : undefined,
    taskId: isUuid(taskId) ? taskId : undefined,
  };

  const change = useCallback(
    (changes: Partial<KanbanParams>) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const write = (name: string, value: string | undefined) =>
            value ? next.set(name, value) : next.delete(name);
          if ('projectId' in changes) write('projectId', changes.projectId);
          if ('assigneeId' in changes) write('assigneeId', changes.assigneeId);
          if ('priority' in changes) write('priority', changes.priority);
          if ('taskId' in changes) write('task', changes.taskId);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return [params, change] as const;
}
