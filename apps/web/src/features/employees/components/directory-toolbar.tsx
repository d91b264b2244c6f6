import { userStatuses } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Download, LayoutGrid, Rows3 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { buttonClasses } from '../../../components/ui/button';
import { FilterSelect, SortSelect } from '../../../components/ui/filter-select';
import { Select } from '../../../components/ui/input';
import { MenuContent, MenuItem } from '../../../components/ui/menu';
import { SearchField } from '../../../components/ui/search-field';
import type { ViewChoice } from '../../../components/ui/view-switch';
import { departmentsQueryOptions, employeeExportUrl } from '../api/employees.queries';
import { sortOptions, type DirectoryFilters, type DirectoryView } from '../lib/directory-filters';
import { statusLabels } from '../lib/format';

/** Spec 2: search, department and status filters, and the order; all applied by the server. */
export function DirectoryToolbar({
  filters,
  onChange,
  searching,
}: {
  filters: DirectoryFilters;
  onChange: (changes: Partial<DirectoryFilters>) => void;
  searching: boolean;
}) {
  const departments = useQuery(departmentsQueryOptions());
  const departmentOptions = departments.data ?? [];
  // A department from the address that no live employee has any more still shows as chosen.
  const shownDepartments =
    filters.department && !departmentOptions.includes(filters.department)
      ? [filters.department, ...departmentOptions]
      : departmentOptions;

  return (
    <div
      role="search"
      aria-label="Employees"
      className="grid gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4 lg:grid-cols-[minmax(0,1fr)_auto]"
    >
      <SearchField
        label="Search employees"
        placeholder="Search name, email, job title or ID"
        value={filters.q}
        onSearch={(q) => onChange({ q })}
        searching={searching}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex lg:items-center">
        <Select
          aria-label="Department"
          value={filters.department}
          onChange={(event) => onChange({ department: event.target.value })}
          className="col-span-2 sm:col-span-1 lg:w-44"
        >
          <option value="">All departments</option>
          {shownDepartments.map((department) => (
            <option key={department} value={department}>
              {department}
            </option>
          ))}
        </Select>
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          values={userStatuses}
          labels={statusLabels}
          value={filters.status}
          onChange={(status) => onChange({ status })}
          className="lg:w-36"
        />
        <SortSelect
          options={sortOptions}
          sort={filters.sort}
          order={filters.order}
          onChange={onChange}
          className="lg:w-48"
        />
      </div>
    </div>
  );
}

/** Spec 2: grid or table. */
export const directoryViews: readonly ViewChoice<DirectoryView>[] = [
  { id: 'grid', label: 'Grid view', icon: LayoutGrid },
  { id: 'table', label: 'Table view', icon: Rows3 },
];

/** Issue 4: the current filtered list as CSV or XLSX; plain links, so the browser does the download. */
export function ExportMenu({ filters }: { filters: DirectoryFilters }) {
  const formats = [
    { format: 'csv', label: 'CSV (.csv)' },
    { format: 'xlsx', label: 'Excel (.xlsx)' },
  ] as const;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClasses({ variant: 'secondary' })}>
        <Download aria-hidden="true" className="size-4" />
        Export
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="min-w-48">
        {formats.map(({ format, label }) => (
          <MenuItem key={format} asChild>
            <a href={employeeExportUrl(filters, format)} download>
              {label}
            </a>
          </MenuItem>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
