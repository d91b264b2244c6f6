import type {
  CreateProjectInput,
  ProjectDetails,
  ProjectListResponse,
  ProjectManagersResponse,
  ProjectStats,
  ProjectStatus,
  UpdateProjectInput,
} from '@atrium/shared';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { filterSearchParams, statsSearchParams, type ProjectFilters } from '../lib/project-filters';

/**
 * Every cached answer about projects starts with this key: a change here, or one the realtime stream
 * reports from someone else, refreshes the cards, the stats and the details together.
 */
export const projectsQueryKey = ['projects'] as const;

/** What else shows project data: the board and task list, the dashboard and the reports. */
export const projectDependentQueryKeys = [['tasks'], ['dashboard'], ['reports']] as const;

// Divides evenly into the grid's 1, 2 and 3 columns, so a page never leaves a ragged last row.
const pageSize = 24;

const projectPath = (id: string) => `/api/v1/projects/${encodeURIComponent(id)}`;

export const projectListQueryOptions = (filters: ProjectFilters) =>
  infiniteQueryOptions({
    queryKey: [...projectsQueryKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => {
      const query = filterSearchParams(filters);
      // The server's default order is the screen's default too; say it anyway, so a page never
      // depends on a default that may change.
      query.set('sort', filters.sort);
      query.set('order', filters.order);
      query.set('limit', String(pageSize));
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<ProjectListResponse>(`/api/v1/projects?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A new search keeps the old cards on screen until the answer arrives, instead of a skeleton per key.
    placeholderData: keepPreviousData,
  });

export const projectStatsQueryOptions = (filters: ProjectFilters) => {
  const query = statsSearchParams(filters).toString();
  return queryOptions({
    queryKey: [...projectsQueryKey, 'stats', query],
    queryFn: ({ signal }) =>
      apiRequest<ProjectStats>(`/api/v1/projects/stats${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const projectManagersQueryOptions = () =>
  queryOptions({
    queryKey: [...projectsQueryKey, 'managers'],
    queryFn: ({ signal }) => apiRequest<ProjectManagersResponse>('/api/v1/projects/managers', { signal }),
    select: (answer) => answer.data,
  });

export const projectDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...projectsQueryKey, 'details', id],
    queryFn: ({ signal }) => apiRequest<ProjectDetails>(projectPath(id), { signal }),
  });

export const createProject = (input: CreateProjectInput) =>
  apiRequest<ProjectDetails>('/api/v1/projects', { method: 'POST', json: input });

export const updateProject = (id: string, input: UpdateProjectInput) =>
  apiRequest<ProjectDetails>(projectPath(id), { method: 'PATCH', json: input });

export const changeProjectStatus = (id: string, status: ProjectStatus, version: number) =>
  apiRequest<ProjectDetails>(`${projectPath(id)}/status`, { method: 'POST', json: { status, version } });

export const deleteProject = (id: string) => apiRequest<void>(projectPath(id), { method: 'DELETE' });
