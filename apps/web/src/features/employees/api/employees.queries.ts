import type {
  Action,
  CreateEmployeeInput,
  DepartmentList,
  EmployeeDetails,
  EmployeeListResponse,
  EmployeePerformanceSummary,
  EmployeeStats,
  UpdateEmployeeInput,
  WeekSchedule,
} from '@atrium/shared';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { defaultFilters, filterSearchParams, type DirectoryFilters } from '../lib/directory-filters';

/** Every cached answer of this screen starts with this key, so a change refreshes them together. */
export const employeesQueryKey = ['employees'] as const;

// Divides evenly into the grid's 1, 2, 3 and 4 columns, so a page never leaves a ragged last row.
const pageSize = 48;

const employeePath = (id: string) => `/api/v1/employees/${encodeURIComponent(id)}`;

export const employeeListQueryOptions = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: [...employeesQueryKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => {
      const query = filterSearchParams(filters);
      query.set('limit', String(pageSize));
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<EmployeeListResponse>(`/api/v1/employees?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A new search keeps the old list on screen until the answer arrives, instead of a skeleton per key.
    placeholderData: keepPreviousData,
  });

/** Employees whose name, title or employee id holds the search, 20 at a time: the employee pickers. */
export const employeeSearchQueryOptions = (search: string, onlyActive: boolean, whoMay?: Action) =>
  queryOptions({
    queryKey: [...employeesQueryKey, 'search', { search, onlyActive, whoMay }],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ sort: 'name', limit: '20' });
      if (search) query.set('q', search);
      if (onlyActive) query.set('status', 'active');
      if (whoMay) query.set('may', whoMay);
      return apiRequest<EmployeeListResponse>(`/api/v1/employees?${query.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The stat cards over the employees the filters match; the order does not change the counts. */
export const employeeStatsQueryOptions = (filters: DirectoryFilters) => {
  const query = filterSearchParams({ ...filters, sort: defaultFilters.sort, order: defaultFilters.order });
  const search = query.toString();
  return queryOptions({
    queryKey: [...employeesQueryKey, 'stats', search],
    queryFn: ({ signal }) =>
      apiRequest<EmployeeStats>(`/api/v1/employees/stats${search ? `?${search}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: [...employeesQueryKey, 'departments'],
    queryFn: ({ signal }) => apiRequest<DepartmentList>('/api/v1/employees/departments', { signal }),
    select: (list) => list.data,
  });

export const employeeDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...employeesQueryKey, 'details', id],
    queryFn: ({ signal }) => apiRequest<EmployeeDetails>(employeePath(id), { signal }),
  });

export const employeePerformanceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...employeesQueryKey, 'details', id, 'performance'],
    queryFn: ({ signal }) =>
      apiRequest<EmployeePerformanceSummary>(
        `/api/v1/performance/employees/${encodeURIComponent(id)}/summary`,
        { signal },
      ),
  });

/** One employee's shifts in the week holding `date` (undefined: this week in the workspace). */
export const employeeWeekQueryOptions = (id: string, date: string | undefined) =>
  queryOptions({
    queryKey: [...employeesQueryKey, 'details', id, 'week', date ?? 'current'],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ employeeId: id, limit: '1' });
      if (date) query.set('start', date);
      return apiRequest<WeekSchedule>(`/api/v1/scheduling/week?${query.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** A plain link: the browser downloads the file with the session cookie (same origin). */
export function employeeExportUrl(filters: DirectoryFilters, format: 'csv' | 'xlsx'): string {
  const query = filterSearchParams(filters);
  query.set('format', format);
  return `/api/v1/employees/export?${query.toString()}`;
}

export const createEmployee = (input: CreateEmployeeInput) =>
  apiRequest<EmployeeDetails>('/api/v1/employees', { method: 'POST', json: input });

export const updateEmployee = (id: string, input: UpdateEmployeeInput) =>
  apiRequest<EmployeeDetails>(employeePath(id), { method: 'PATCH', json: input });

export const deleteEmployee = (id: string) => apiRequest<void>(employeePath(id), { method: 'DELETE' });

export const restoreEmployee = (id: string) =>
  apiRequest<EmployeeDetails>(`${employeePath(id)}/restore`, { method: 'POST' });
