import { timeEntryStatuses, timeRanges, type TimeEntryStatus, type TimeRange } from '@atrium/shared';
import { useSearchParams } from 'react-router';
import type { TimeFilters } from '../api/time-entries.queries';

export const timeTrackingTabs = ['timesheet', 'live', 'approval'] as const;
export type TimeTrackingTab = (typeof timeTrackingTabs)[number];

const defaultRange: TimeRange = 'all';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/**
 * The tab and the filters live in the address, so a reload or a shared link opens the same view.
 * Anything unknown there falls back to the default instead of failing the request.
 */
export function useTimeTrackingSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const rangeParam = searchParams.get('range');
  const statusParam = searchParams.get('status');
  const employeeParam = searchParams.get('employee');

  const tab: TimeTrackingTab = isOneOf(timeTrackingTabs, tabParam) ? tabParam : 'timesheet';
  const filters: TimeFilters = {
    range: isOneOf(timeRanges, rangeParam) ? rangeParam : defaultRange,
    ...(isOneOf<TimeEntryStatus>(timeEntryStatuses, statusParam) ? { status: statusParam } : {}),
    ...(employeeParam && uuidPattern.test(employeeParam) ? { employeeId: employeeParam } : {}),
  };

  const update = (name: string, value: string | undefined, fallback?: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined || value === '' || value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return {
    tab,
    filters,
    showTab: (next: TimeTrackingTab) => update('tab', next, 'timesheet'),
    setRange: (range: TimeRange) => update('range', range, defaultRange),
    setStatus: (status: TimeEntryStatus | undefined) => update('status', status),
    setEmployee: (employeeId: string | undefined) => update('employee', employeeId),
  };
}
