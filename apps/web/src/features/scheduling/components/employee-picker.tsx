import { employeeFullName, type Employee } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState, type Ref } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { employeeSearchQueryOptions } from '../api/scheduling.queries';

export type PickedEmployee = { id: string; name: string };

export const pickedEmployee = (employee: Employee): PickedEmployee => ({
  id: employee.id,
  name: employeeFullName(employee),
});

/** Employees found by the directory search, as typed: thousands of people never fit in a select. */
export function useEmployeeSearch(search: string, { onlyActive = false } = {}) {
  const settled = useDebouncedValue(search.trim(), 250);
  const query = useQuery(employeeSearchQueryOptions(settled, onlyActive));
  return {
    employees: query.data?.data ?? [],
    total: query.data?.total,
    searching: query.isFetching || settled !== search.trim(),
    error: query.error,
  };
}

/**
 * Pick one employee by typing part of their name, title or employee id. Leaving the box restores the
 * picked name; with `clearLabel`, emptying it (or the clear button) picks nobody.
 */
export function EmployeePicker({
  value,
  onChange,
  placeholder = 'Search by name',
  clearLabel,
  onlyActive = false,
  ...control
}: {
  value: PickedEmployee | null;
  onChange: (employee: PickedEmployee | null) => void;
  placeholder?: string;
  /** Offers "nobody" (e.g. the filter's "All employees"); the clear button's label. */
  clearLabel?: string;
  onlyActive?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const { employees, searching } = useEmployeeSearch(typed ?? '', { onlyActive });

  return (
    <Combobox
      {...control}
      inputValue={typed ?? value?.name ?? ''}
      onInputValueChange={setTyped}
      options={employees.map((employee) => ({
        value: employee.id,
        label: employeeFullName(employee),
        description: `${employee.jobTitle} · ${employee.department} · ${employee.employeeCode}`,
      }))}
      onSelect={(option) => {
        const employee = employees.find((candidate) => candidate.id === option.value);
        if (employee) onChange(pickedEmployee(employee));
        setTyped(null);
      }}
      onBlur={() => {
        if (clearLabel && typed?.trim() === '') onChange(null);
        setTyped(null);
      }}
      loading={searching}
      emptyText="No employees found"
      listLabel="Employees"
      placeholder={placeholder}
      endAdornment={
        clearLabel && value ? (
          <button
            type="button"
            aria-label={clearLabel}
            onClick={() => onChange(null)}
            className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'size-8 px-0' })}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null
      }
    />
  );
}
