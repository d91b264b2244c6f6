import { employeeFullName, type Action, type Employee } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ComboboxOption } from '../../../components/ui/combobox';
import {
  RecordMultiPicker,
  RecordPicker,
  type PickedRecord,
  type RecordMultiPickerProps,
  type RecordPickerProps,
} from '../../../components/ui/record-picker';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { employeeSearchQueryOptions } from '../api/employees.queries';

/** An employee picked in a form or filter: the id is what is sent, the name what is shown. */
export type PickedEmployee = PickedRecord;

const optionOf = (employee: Employee): ComboboxOption => ({
  value: employee.id,
  label: employeeFullName(employee),
  description: `${employee.jobTitle} · ${employee.department} · ${employee.employeeCode}`,
});

const failedText = 'The employees could not be loaded. Try again later.';

/** Employees found by the directory search, as typed: a workspace of thousands never fits in a select. */
function useEmployeeSearch(
  search: string,
  { onlyActive = false, whoMay }: { onlyActive?: boolean; whoMay?: Action | undefined } = {},
) {
  const settled = useDebouncedValue(search.trim(), 250);
  const query = useQuery(employeeSearchQueryOptions(settled, onlyActive, whoMay));
  return {
    employees: query.data?.data ?? [],
    total: query.data?.total,
    searching: query.isFetching || settled !== search.trim(),
    failed: query.isError,
  };
}

type EmployeeSearchProps = {
  placeholder?: string;
  /** Offers only active employees, e.g. for new work. */
  onlyActive?: boolean;
  /** Offers only those whose member account may do this, e.g. `helpdesk:view` for a ticket's assignee. */
  whoMay?: Action | undefined;
};

type ExcludeProps = {
  /** Never offered, e.g. the employee whose manager is being picked. */
  excludeIds?: readonly string[];
};

/**
 * Picks one employee by typing part of their name, title or employee id. Leaving the box puts the
 * picked name back; with `clearLabel`, the clear button (or emptying the box) picks nobody.
 */
export function EmployeePicker({
  placeholder = 'Search by name',
  onlyActive = false,
  whoMay,
  excludeIds = [],
  ...props
}: RecordPickerProps & EmployeeSearchProps & ExcludeProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const { employees, searching, failed } = useEmployeeSearch(typed ?? '', { onlyActive, whoMay });
  return (
    <RecordPicker
      {...props}
      typed={typed}
      onTypedChange={setTyped}
      options={employees.filter((employee) => !excludeIds.includes(employee.id)).map(optionOf)}
      loading={searching}
      emptyText={failed ? failedText : 'No employees found'}
      listLabel="Employees"
      placeholder={placeholder}
    />
  );
}

/**
 * Picks any number of employees (a project team): the picked ones are chips above the search box,
 * each with a remove button; the suggestions leave out who is already picked.
 */
export function EmployeeMultiPicker({
  placeholder = 'Add people by name',
  onlyActive = false,
  whoMay,
  ...props
}: RecordMultiPickerProps & EmployeeSearchProps) {
  const [text, setText] = useState('');
  const { employees, searching, failed } = useEmployeeSearch(text, { onlyActive, whoMay });
  return (
    <RecordMultiPicker
      {...props}
      text={text}
      onTextChange={setText}
      options={employees.map(optionOf)}
      loading={searching}
      emptyText={
        failed ? failedText : employees.length > 0 ? 'Everyone found is already picked' : 'No employees found'
      }
      listLabel="Employees"
      placeholder={placeholder}
    />
  );
}
