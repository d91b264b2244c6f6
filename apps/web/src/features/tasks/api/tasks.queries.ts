import type {
  BulkTaskInput,
  BulkTaskResult,
  CreateSubtaskInput,
  CreateTaskInput,
  EmployeeListResponse,
  ProjectDetails,
  ProjectListResponse,
  Subtask,
  TaskComment,
  TaskDetails,
  TaskListResponse,
  UpdateSubtaskInput,
  UpdateTaskInput,
} from '@atrium/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { taskListSearchParams, type TaskListFilters } from '../lib/task-list-filters';

/**
 * Every cached task answer starts with this key: realtime refreshes them when someone else changes
 * a task, and a change made here invalidates them all at once (list, board, details).
 */
export const tasksQueryKey = ['tasks'] as const;

/** A task change moves project progress and overdue counts, so those caches go stale too. */
export function refreshAfterTaskChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['projects'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['reports'] }),
  ]);
}

const taskListPageSize = 50;

const taskPath = (id: string) => `/api/v1/tasks/${encodeURIComponent(id)}`;

export const taskListQueryOptions = (filters: TaskListFilters) =>
  infiniteQueryOptions({
    queryKey: [...tasksQueryKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => {
      const query = taskListSearchParams(filters);
      query.set('limit', String(taskListPageSize));
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<TaskListResponse>(`/api/v1/tasks?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A new search or sort keeps the old rows on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });

export const taskDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...tasksQueryKey, 'details', id],
    queryFn: ({ signal }) => apiRequest<TaskDetails>(taskPath(id), { signal }),
  });

// ---- pickers ----------------------------------------------------------------------------------

/** Projects by name for the project pickers; a Contractor gets only the projects it is on. */
export const projectOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['projects', 'task-picker', 'search', search],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ sort: 'name', order: 'asc', limit: '20' });
      if (search) query.set('q', search);
      return apiRequest<ProjectListResponse>(`/api/v1/projects?${query.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** One project's name and team: the fixed project of a form, a filter from a link, a team's assignees. */
export const projectForTasksQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['projects', 'task-picker', 'details', id],
    queryFn: ({ signal }) =>
      apiRequest<ProjectDetails>(`/api/v1/projects/${encodeURIComponent(id)}`, { signal }),
    staleTime: 60_000,
  });

/** Employees by name for the assignee pickers (people:view); the directory search, 20 at a time. */
export const assigneeSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['employees', 'task-assignee-search', search],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ sort: 'name', limit: '20' });
      if (search) query.set('q', search);
      return apiRequest<EmployeeListResponse>(`/api/v1/employees?${query.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The filtered assignee's name when the address carries only the id. */
export const assigneeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['employees', 'task-assignee', id],
    queryFn: ({ signal }) =>
      apiRequest<{ id: string; firstName: string; lastName: string }>(
        `/api/v1/employees/${encodeURIComponent(id)}`,
        { signal },
      ),
    staleTime: 5 * 60_000,
  });

// ---- changes ----------------------------------------------------------------------------------

export const createTask = (input: CreateTaskInput) =>
  apiRequest<TaskDetails>('/api/v1/tasks', { method: 'POST', json: input });

export const updateTask = (id: string, input: UpdateTaskInput) =>
  apiRequest<TaskDetails>(taskPath(id), { method: 'PATCH', json: input });

export const deleteTask = (id: string) => apiRequest<void>(taskPath(id), { method: 'DELETE' });

export const bulkUpdateTasks = (input: BulkTaskInput) =>
  apiRequest<BulkTaskResult>('/api/v1/tasks/bulk', { method: 'POST', json: input });

export const addTaskComment = (taskId: string, content: string) =>
  apiRequest<TaskComment>(`${taskPath(taskId)}/comments`, { method: 'POST', json: { content } });

export const addSubtask = (taskId: string, input: CreateSubtaskInput) =>
  apiRequest<Subtask>(`${taskPath(taskId)}/subtasks`, { method: 'POST', json: input });

export const updateSubtask = (taskId: string, subtaskId: string, input: UpdateSubtaskInput) =>
  apiRequest<Subtask>(`${taskPath(taskId)}/subtasks/${encodeURIComponent(subtaskId)}`, {
    method: 'PATCH',
    json: input,
  });

export const deleteSubtask = (taskId: string, subtaskId: string) =>
  apiRequest<void>(`${taskPath(taskId)}/subtasks/${encodeURIComponent(subtaskId)}`, { method: 'DELETE' });
