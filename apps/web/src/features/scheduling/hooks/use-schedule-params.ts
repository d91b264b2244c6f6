import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const scheduleTabs = [
  { id: 'calendar', label: 'Calendar View' },
  { id: 'employees', label: 'Employee View' },
  { id: 'templates', label: 'Templates' },
] as const;
export type ScheduleTab = (typeof scheduleTabs)[number]['id'];

const isTab = (value: string | null): value is ScheduleTab => scheduleTabs.some((tab) => tab.id === value);
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const requestedWeek = searchParams.get('week');
  const requestedEmployee = searchParams.get('employee');
  const params: ScheduleParams = {
    tab: isTab(requestedTab) ? requestedTab : 'calendar',
    week: requestedWeek && isoDatePattern.test(requestedWeek) ? requestedWeek : undefined,
    employeeId: requestedEmployee && uuidPattern.test(requestedEmployee) ? requestedEmployee : undefined,
  };

  const change = useCallback(
    (changes: Partial<ScheduleParams>) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const write = (name: string, value: string | undefined) =>
            value ? next.set(name, value) : next.delete(name);
          if ('tab' in changes) write('tab', changes.tab === 'calendar' ? undefined : changes.tab);
          if ('week' in changes) write('week', changes.week);
          if ('employeeId' in changes) write('employee', changes.employeeId);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return [params, change] as const;
}
