import { timeEntryStatuses, timeRanges, type TimeEntryStatus, type TimeRange } from '@atrium/shared';
import { copyParams, isUuid, oneOf, searchParamsWith, useAddressState } from '../../../lib/search-params';
import type { TimeFilters } from '../api/time-entries.queries';

export const timeTrackingTabs = ['timesheet', 'live', 'approval'] as const;
export type TimeTrackingTab = (typeof timeTrackingTabs)[number];

const defaultRange: TimeRange = 'all';

/**
 * The tab and the filters live in the address, so a reload or a shared link opens the same view.
 * Anything unknown there falls back to the default instead of failing the request.
 */
export function useTimeTrackingSearch() {
  const [searchParams, show] = useAddressState(copyParams, copyParams);
  const update = (changes: Record<string, string | undefined>) =>
    show((current) => searchParamsWith(current, changes));
  const status = oneOf<TimeEntryStatus>(timeEntryStatuses, searchParams.get('status'));
  const employeeId = searchParams.get('employee');

  const tab: TimeTrackingTab = oneOf(timeTrackingTabs, searchParams.get('tab')) ?? 'timesheet';
  const filters: TimeFilters = {
    range: oneOf(timeRanges, searchParams.get('range')) ?? defaultRange,
    ...(status ? { status } : {}),
    ...(isUuid(employeeId) ? { employeeId } : {}),
  };

  return {
    tab,
    filters,
    showTab: (next: TimeTrackingTab) => update({ tab: next === 'timesheet' ? undefined : next }),
    setRange: (range: TimeRange) => update({ range: range === defaultRange ? undefined : range }),
    setStatus: (status: TimeEntryStatus | undefined) => update({ status }),
    setEmployee: (employeeId: string | undefined) => update({ employee: employeeId }),
  };
}
