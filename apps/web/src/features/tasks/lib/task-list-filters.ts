import {
  defaultTaskSort,
  parseTaskStatusFilter,
  taskDueFilters,
  taskPriorities,
  taskSortKeys,
  taskStatusFilterParam,
  type TaskDueFilter,
  type TaskPriority,
  type TaskSortKey,
} from '@atrium/shared';
import { isUuid, oneOf, searchParamsDifferingFrom, searchTextFrom } from '../../../lib/search-params';

/** The task list's search, filters and order (spec 2 "Task list"): kept in the address. */
export type TaskListFilters = {
  q: string;
  projectId: string;
  /** The statuses kept, as the address and the API write them: 'open', 'todo,review', or '' for all. */
  status: string;
  priority: TaskPriority | '';
  /** An employee id, 'unassigned', or '' for everyone. */
  assigneeId: string;
  due: TaskDueFilter;
  sort: TaskSortKey;
  order: 'asc' | 'desc';
};

export type TaskListView = 'list' | 'grid';

export const defaultTaskListFilters: TaskListFilters = {
  q: '',
  projectId: '',
  status: '',
  priority: '',
  assigneeId: '',
  due: 'all',
  sort: defaultTaskSort.sort,
  order: defaultTaskSort.order,
};

/** Reads the filters from the address; anything unknown (an old or hand-edited link) falls back to the default. */
export function taskListFiltersFrom(params: URLSearchParams): TaskListFilters {
  const projectId = params.get('projectId');
  const assigneeId = params.get('assigneeId');
  return {
    q: searchTextFrom(params),
    projectId: isUuid(projectId) ? projectId : '',
    status: taskStatusFilterParam(parseTaskStatusFilter(params.getAll('status')) ?? []),
    priority: oneOf(taskPriorities, params.get('priority')) ?? '',
    assigneeId: assigneeId === 'unassigned' || isUuid(assigneeId) ? assigneeId : '',
    due: oneOf(taskDueFilters, params.get('due')) ?? 'all',
    sort: oneOf(taskSortKeys, params.get('sort')) ?? defaultTaskListFilters.sort,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

export function taskListViewFrom(params: URLSearchParams): TaskListView {
  return params.get('view') === 'grid' ? 'grid' : 'list';
}

/** Only what differs from the default, so a plain /projects/tasks stays plain; also the API's query. */
export function taskListSearchParams(filters: TaskListFilters): URLSearchParams {
  return searchParamsDifferingFrom(filters, defaultTaskListFilters);
}

/** True when the list is narrowed (the order does not narrow it). */
export function hasActiveTaskFilters(filters: TaskListFilters): boolean {
  return (
    filters.q !== '' ||
    filters.projectId !== '' ||
    filters.status !== '' ||
    filters.priority !== '' ||
    filters.assigneeId !== '' ||
    filters.due !== 'all'
  );
}

/** Clearing the filters keeps the order the person chose. */
export function clearedTaskFilters(filters: TaskListFilters): TaskListFilters {
  return { ...defaultTaskListFilters, sort: filters.sort, order: filters.order };
}

/**
 * A click on a column heading: the same column flips its direction, a new column starts ascending
 * (spec 9: the default sort is due date ascending, tasks without a due date last either way).
 */
export function nextSort(
  current: Pick<TaskListFilters, 'sort' | 'order'>,
  column: TaskSortKey,
): Pick<TaskListFilters, 'sort' | 'order'> {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: 'asc' };
}
