import {
  countOf,
  type ProjectDetails,
  type ProjectListResponse,
  type ProjectReport,
  type ReportRange,
  type ReportType,
} from '@atrium/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const basePath = '/api/v1/reports/projects';

/** The screen's filters, kept in the address. `projectId` is a project's id or 'all'. */
export type ReportFilters = { projectId: string; range: ReportRange; type: ReportType };

/**
 * Every query of this feature starts with this key: the realtime feature invalidates it when tasks,
 * projects, people or time entries change, so open reports follow the data.
 */
export const reportsQueryKey = ['reports'] as const;

// Small enough that the demo's 15 projects already show Load more; the team table is not paged by
// the server (`limit` caps it), so it asks for the most the contract allows.
export const projectPageSize = 10;
export const teamRowLimit = 200;

function searchOf(values: Record<string, string | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value) query.set(name, value);
  }
  return query.toString();
}

/**
 * The report of one type. The first page carries the cards and every section of the type; each
 * further page (cursor) only the next rows of the per-project section (Project Analysis, Budget).
 */
export const reportQueryOptions = (filters: ReportFilters) =>
  infiniteQueryOptions({
    queryKey: [...reportsQueryKey, 'projects', filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ProjectReport>(
        `${basePath}?${searchOf({
          projectId: filters.projectId,
          range: filters.range,
          type: filters.type,
          limit: String(filters.type === 'team' ? teamRowLimit : projectPageSize),
          cursor: pageParam,
        })}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.projectAnalysis?.nextCursor ?? page.budget?.nextCursor ?? null,
  });

/** The CSV of the report as filtered: a same-origin link, so the session cookie goes along. */
export function reportExportUrl(filters: ReportFilters): string {
  return `${basePath}/export?${searchOf({
    projectId: filters.projectId,
    range: filters.range,
    type: filters.type,
  })}`;
}

export type ProjectOption = { id: string; name: string; detail: string };

/** The project filter searches by name, a page at a time: a workspace may have thousands. */
export const projectOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...reportsQueryKey, 'project-options', search],
    queryFn: ({ signal }) =>
      apiRequest<ProjectListResponse>(
        `/api/v1/projects?${searchOf({ q: search, sort: 'name', order: 'asc', limit: '20' })}`,
        { signal },
      ),
    select: (page): ProjectOption[] =>
      page.data.map((project) => ({
        id: project.id,
        name: project.name,
        detail: `${countOf(project.tasksTotal, { one: 'task', other: 'tasks' })} · ${project.progress}% done`,
      })),
    staleTime: 60_000,
  });

/** The filtered project's name after a reload or from a shared link, where only its id is known. */
export const projectNameQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...reportsQueryKey, 'project-name', projectId],
    queryFn: ({ signal }) =>
      apiRequest<ProjectDetails>(`/api/v1/projects/${encodeURIComponent(projectId)}`, { signal }),
    select: (project) => project.name,
    staleTime: 60_000,
  });
