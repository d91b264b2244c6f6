import { useCallback } from 'react';
import { copyParams, isUuid, oneOf, searchParamsWith, useAddressState } from '../../../lib/search-params';

export const scheduleTabs = [
  { id: 'calendar', label: 'Calendar View' },
  { id: 'employees', label: 'Employee View' },
  { id: 'templates', label: 'Templates' },
] as const;
export type ScheduleTab = (typeof scheduleTabs)[number]['id'];

const tabIds = scheduleTabs.map((tab) => tab.id);
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

export type ScheduleParams = {
  tab: ScheduleTab;
  /** A date of the week shown; none means the current week. */
  week: string | undefined;
  employeeId: string | undefined;
};

/**
 * The week, tab and employee filter live in the address (issue: "keep week, tab and filter in the
 * URL"), so a reload or a shared link opens the same view. Malformed values fall back to defaults.
 */
export function useScheduleParams() {
  const [searchParams, show] = useAddressState(copyParams, copyParams);
  const requestedWeek = searchParams.get('week');
  const requestedEmployee = searchParams.get('employee');
  const params: ScheduleParams = {
    tab: oneOf(tabIds, searchParams.get('tab')) ?? 'calendar',
    week: requestedWeek && isoDatePattern.test(requestedWeek) ? requestedWeek : undefined,
    employeeId: isUuid(requestedEmployee) ? requestedEmployee : undefined,
  };

  const change = useCallback(
    (changes: Partial<ScheduleParams>) =>
      show((current) =>
        searchParamsWith(current, {
          ...('tab' in changes && { tab: changes.tab === 'calendar' ? undefined : changes.tab }),
          ...('week' in changes && { week: changes.week }),
          ...('employeeId' in changes && { employee: changes.employeeId }),
        }),
      ),
    [show],
  );

  return [params, change] as const;
}
