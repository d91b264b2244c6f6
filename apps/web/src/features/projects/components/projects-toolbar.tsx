import {
  projectPriorities,
  projectPriorityLabels,
  projectStatuses,
  projectStatusLabels,
} from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { FilterSelect, SortSelect } from '../../../components/ui/filter-select';
import { Select } from '../../../components/ui/input';
import { SearchField } from '../../../components/ui/search-field';
import { projectManagersQueryOptions } from '../api/projects.queries';
import { sortOptions, type ProjectFilters } from '../lib/project-filters';

const prioritiesHighFirst = [...projectPriorities].reverse();

/** Spec 2: Status, Priority and Manager filters, plus a name search and the order; applied by the server. */
export function ProjectsToolbar({
  filters,
  onChange,
  searching,
}: {
  filters: ProjectFilters;
  onChange: (changes: Partial<ProjectFilters>) => void;
  searching: boolean;
}) {
  const managers = useQuery(projectManagersQueryOptions());
  const managerOptions = managers.data ?? [];
  // A manager from the address who no longer manages a visible project still shows as chosen.
  const unknownManager = filters.managerId !== '' && !managerOptions.some((m) => m.id === filters.managerId);

  return (
    <div
      role="search"
      aria-label="Projects"
      className="grid gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4 2xl:grid-cols-[minmax(0,1fr)_auto]"
    >
      <SearchField
        label="Search projects"
        placeholder="Search projects by name"
        value={filters.q}
        onSearch={(q) => onChange({ q })}
        searching={searching}
      />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 2xl:flex 2xl:items-center">
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          values={projectStatuses}
          labels={projectStatusLabels}
          value={filters.status}
          onChange={(status) => onChange({ status })}
          className="2xl:w-40"
        />
        <FilterSelect
          label="Priority"
          allLabel="All priorities"
          values={prioritiesHighFirst}
          labels={projectPriorityLabels}
          value={filters.priority}
          onChange={(priority) => onChange({ priority })}
          className="2xl:w-40"
        />
        <Select
          aria-label="Manager"
          value={filters.managerId}
          onChange={(event) => onChange({ managerId: event.target.value })}
          className="2xl:w-44"
        >
          <option value="">All managers</option>
          {unknownManager ? (
            <option value={filters.managerId}>{managers.isPending ? 'Loading…' : 'Another manager'}</option>
          ) : null}
          {managerOptions.map((manager) => (
            <option key={manager.id} value={manager.id}>
              {manager.name}
            </option>
          ))}
        </Select>
        <SortSelect
          options={sortOptions}
          sort={filters.sort}
          order={filters.order}
          onChange={onChange}
          className="2xl:w-44"
        />
      </div>
    </div>
  );
}
