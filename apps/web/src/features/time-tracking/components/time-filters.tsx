import { timeEntryStatuses, timeRanges, type TimeEntryStatus, type TimeRange } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { employeeOptionsQueryOptions, type TimeFilters } from '../api/time-entries.queries';
import { statusLabels } from './time-entry-status-badge';

/** Spec 2 and 9: today (workspace calendar day), week = last 7 days, month = last 30 days. */
export const rangeLabels: Record<TimeRange, string> = {
  today: 'Today',
  week: 'Last 7 days',
  month: 'Last 30 days',
  all: 'All time',
};

function EmployeeFilter({
  employeeId,
  onChange,
}: {
  employeeId: string | undefined;
  onChange: (employeeId: string | undefined) => void;
}) {
  const employees = useQuery(employeeOptionsQueryOptions());
  const options = employees.data ?? [];
  // A link may name someone past the first page of people: keep the choice visible all the same.
  const unlisted =
    employeeId !== undefined && employees.isSuccess && !options.some((option) => option.id === employeeId);
  return (
    <Field
      className="col-span-2 sm:col-span-1"
      label="Employee"
      error={employees.isError ? 'The employees could not be loaded' : undefined}
    >
      {(control) => (
        <Select
          {...control}
          value={employeeId ?? ''}
          disabled={employees.isPending}
          onChange={(event) => onChange(event.target.value || undefined)}
        >
          <option value="">{employees.isPending ? 'Loading employees…' : 'All employees'}</option>
          {unlisted ? <option value={employeeId}>Selected employee</option> : null}
          {options.map((employee) => (
            <option key={employee.id} value={employee.id}>
              {employee.name} ({employee.code})
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** The timesheet's filters (spec 2): employee (for those who see everyone), date range, status. */
export function TimeFiltersBar({
  filters,
  showEmployee,
  onEmployeeChange,
  onRangeChange,
  onStatusChange,
}: {
  filters: TimeFilters;
  showEmployee: boolean;
  onEmployeeChange: (employeeId: string | undefined) => void;
  onRangeChange: (range: TimeRange) => void;
  onStatusChange: (status: TimeEntryStatus | undefined) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Filters"
      className={cn(
        'grid grid-cols-2 gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200',
        showEmployee && 'sm:grid-cols-3',
      )}
    >
      {showEmployee ? <EmployeeFilter employeeId={filters.employeeId} onChange={onEmployeeChange} /> : null}
      <Field label="Date range">
        {(control) => (
          <Select
            {...control}
            value={filters.range}
            onChange={(event) => onRangeChange(event.target.value as TimeRange)}
          >
            {timeRanges.map((range) => (
              <option key={range} value={range}>
                {rangeLabels[range]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Status">
        {(control) => (
          <Select
            {...control}
            value={filters.status ?? ''}
            onChange={(event) =>
              onStatusChange((event.target.value || undefined) as TimeEntryStatus | undefined)
            }
          >
            <option value="">All statuses</option>
            {timeEntryStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}
