import type {
  ApplyTemplateInput,
  ApplyTemplateResult,
  CopyWeekInput,
  CopyWeekResult,
  CreateShiftInput,
  EmployeeDetails,
  ScheduleTemplateList,
  Shift,
  UpdateShiftInput,
  WeekSchedule,
  WeekStats,
} from '@atrium/shared';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every scheduling query starts with this key, so one invalidation after a change refreshes them all. */
export const schedulingKey = ['scheduling'] as const;

/** Enough rows to fill a screen; the rest come with "Load more" so thousands of people stay fast. */
const employeesPerPage = 50;

export type WeekFilter = {
  /** Any date of the week; the current week when absent. */
  start?: string | undefined;
  employeeId?: string | undefined;
};

export const weekScheduleQueryOptions = ({ start, employeeId }: WeekFilter) =>
  infiniteQueryOptions({
    queryKey: [...schedulingKey, 'week', { start: start ?? null, employeeId: employeeId ?? null }],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(employeesPerPage) });
      if (start) params.set('start', start);
      if (employeeId) params.set('employeeId', employeeId);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<WeekSchedule>(`/api/v1/scheduling/week?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // The previous week stays on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

/** The four cards: their own request, since they add up the whole workspace's week. */
export const weekStatsQueryOptions = ({ start, employeeId }: WeekFilter) =>
  queryOptions({
    queryKey: [...schedulingKey, 'week-stats', { start: start ?? null, employeeId: employeeId ?? null }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (start) params.set('start', start);
      if (employeeId) params.set('employeeId', employeeId);
      return apiRequest<WeekStats>(`/api/v1/scheduling/week/stats?${params}`, { signal });
    },
  });

/** The filtered employee's name: the address carries only the id. */
export const employeeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...schedulingKey, 'employee', id],
    queryFn: ({ signal }) =>
      apiRequest<EmployeeDetails>(`/api/v1/employees/${encodeURIComponent(id)}`, { signal }),
    staleTime: 5 * 60_000,
  });

/** The six templates with the workspace's working day and break, as Apply Template creates them. */
export const scheduleTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: [...schedulingKey, 'templates'],
    queryFn: ({ signal }) => apiRequest<ScheduleTemplateList>('/api/v1/scheduling/templates', { signal }),
    staleTime: 5 * 60_000,
  });

/** What a copy would create and skip, for the Copy Schedule dialog; changes nothing. */
export const copyWeekPreviewQueryOptions = (input: CopyWeekInput) =>
  queryOptions({
    queryKey: [...schedulingKey, 'copy-week-preview', input],
    queryFn: ({ signal }) =>
      apiRequest<CopyWeekResult>('/api/v1/scheduling/copy-week/preview', {
        method: 'POST',
        json: input,
        signal,
      }),
  });

export const createShift = (input: CreateShiftInput) =>
  apiRequest<Shift>('/api/v1/scheduling/shifts', { method: 'POST', json: input });

export const updateShift = (id: string, input: UpdateShiftInput) =>
  apiRequest<Shift>(`/api/v1/scheduling/shifts/${encodeURIComponent(id)}`, { method: 'PATCH', json: input });

export const deleteShift = (id: string) =>
  apiRequest<void>(`/api/v1/scheduling/shifts/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const applyTemplate = (input: ApplyTemplateInput) =>
  apiRequest<ApplyTemplateResult>('/api/v1/scheduling/templates/apply', { method: 'POST', json: input });

export const copyWeek = (input: CopyWeekInput) =>
  apiRequest<CopyWeekResult>('/api/v1/scheduling/copy-week', { method: 'POST', json: input });
