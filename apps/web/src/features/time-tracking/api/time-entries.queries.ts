import {
  employeeFullName,
  type ApprovalDecision,
  type BulkDecisionResponse,
  type ClockInInput,
  type CorrectTimeEntryInput,
  type EmployeeListResponse,
  type LiveClock,
  type ManualTimeEntryInput,
  type PayrollExportQuery,
  type TimeEntry,
  type TimeEntryListResponse,
  type TimeEntryStats,
  type TimeEntryStatus,
  type TimeRange,
} from '@atrium/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const base = '/api/v1/time-entries';
const entryPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** The timesheet filters (spec 2); the cards and the approval queue read the same ones. */
export type TimeFilters = { employeeId?: string; range: TimeRange; status?: TimeEntryStatus };

/** Every time-entry query starts with this key, so one invalidation refreshes the whole screen. */
export const timeEntriesKey = ['time-entries'] as const;

const pageSize = 50;

function filterParams(filters: TimeFilters): URLSearchParams {
  const params = new URLSearchParams({ range: filters.range });
  if (filters.employeeId) params.set('employeeId', filters.employeeId);
  if (filters.status) params.set('status', filters.status);
  return params;
}

/** GET /time-entries: keyset pages, newest clock-in first. */
export const timeEntriesInfiniteOptions = (filters: TimeFilters) =>
  infiniteQueryOptions({
    queryKey: [...timeEntriesKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filters);
      params.set('limit', String(pageSize));
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<TimeEntryListResponse>(`${base}?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const timeEntryStatsOptions = (filters: TimeFilters) =>
  queryOptions({
    queryKey: [...timeEntriesKey, 'stats', filters],
    queryFn: ({ signal }) => apiRequest<TimeEntryStats>(`${base}/stats?${filterParams(filters)}`, { signal }),
  });

/** How often the Live Clock asks who is clocked in, so a clock-in elsewhere shows up on its own. */
const liveRefreshMs = 30_000;

export const liveClockOptions = () =>
  queryOptions({
    queryKey: [...timeEntriesKey, 'live'],
    queryFn: ({ signal }) => apiRequest<LiveClock>(`${base}/live`, { signal }),
    refetchInterval: liveRefreshMs,
  });

/** The signed-in person's open entry, if they are clocked in (their clock panel). */
export const ownOpenEntryOptions = (employeeId: string) =>
  queryOptions({
    queryKey: [...timeEntriesKey, 'own-open', employeeId],
    queryFn: ({ signal }) =>
      apiRequest<TimeEntryListResponse>(
        `${base}?${new URLSearchParams({ employeeId, status: 'active', range: 'all', limit: '1' })}`,
        { signal },
      ),
    select: (page): TimeEntry | null => page.data[0] ?? null,
    refetchInterval: liveRefreshMs,
  });

export const timeEntryOptions = (id: string) =>
  queryOptions({
    queryKey: [...timeEntriesKey, 'entry', id],
    queryFn: ({ signal }) => apiRequest<TimeEntry>(entryPath(id), { signal }),
  });

export type EmployeeOption = { id: string; name: string; code: string; active: boolean };

/** Most workspaces have fewer people than one page; the filter lists the first 200 by name. */
const employeeOptionLimit = 200;

/** The people a Manager can filter by or add a manual entry for (needs people:view). */
export const employeeOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['employees', 'time-tracking-options'],
    queryFn: ({ signal }) =>
      apiRequest<EmployeeListResponse>(
        `/api/v1/employees?${new URLSearchParams({ limit: String(employeeOptionLimit), sort: 'name' })}`,
        { signal },
      ),
    select: (page): EmployeeOption[] =>
      page.data.map((employee) => ({
        id: employee.id,
        name: employeeFullName(employee),
        code: employee.employeeCode,
        active: employee.status === 'active',
      })),
    staleTime: 5 * 60_000,
  });

export const clockIn = (input: ClockInInput) =>
  apiRequest<TimeEntry>(`${base}/clock-in`, { method: 'POST', json: input });

export const clockOut = (id: string) =>
  apiRequest<TimeEntry>(`${entryPath(id)}/clock-out`, { method: 'POST', json: {} });

export const decideEntry = (id: string, decision: ApprovalDecision) =>
  apiRequest<TimeEntry>(`${entryPath(id)}/${decision}`, { method: 'POST', json: {} });

export const decideEntries = (ids: string[], decision: ApprovalDecision) =>
  apiRequest<BulkDecisionResponse>(`${base}/bulk`, { method: 'POST', json: { ids, decision } });

export const createManualEntry = (input: ManualTimeEntryInput) =>
  apiRequest<TimeEntry>(base, { method: 'POST', json: input });

export const correctEntry = (id: string, input: CorrectTimeEntryInput) =>
  apiRequest<TimeEntry>(entryPath(id), { method: 'PATCH', json: input });

/** The payroll CSV is a plain same-origin download: the session cookie goes along. */
export const payrollExportUrl = (query: PayrollExportQuery) =>
  `${base}/export/payroll?${new URLSearchParams(query)}`;
