import {
  projectPriorities,
  projectPriorityLabels,
  projectStatuses,
  projectStatusLabels,
  type ProjectPriority,
  type ProjectStatus,
} from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Select } from '../../../components/ui/input';
import { SearchField } from '../../../components/ui/search-field';
import { projectManagersQueryOptions } from '../api/projects.queries';
import { sortOptions, type ProjectFilters } from '../lib/project-filters';

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
  const sortValue = `${filters.sort}:${filters.order}`;
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
        <Select
          aria-label="Status"
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as ProjectStatus | '' })}
          className="2xl:w-40"
        >
          <option value="">All statuses</option>
          {projectStatuses.map((status) => (
            <option key={status} value={status}>
              {projectStatusLabels[status]}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Priority"
          value={filters.priority}
          onChange={(event) => onChange({ priority: event.target.value as ProjectPriority | '' })}
          className="2xl:w-40"
        >
          <option value="">All priorities</option>
          {[...projectPriorities].reverse().map((priority) => (
            <option key={priority} value={priority}>
              {projectPriorityLabels[priority]}
            </option>
          ))}
        </Select>
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
        <Select
          aria-label="Sort by"
          value={sortValue}
          onChange={(event) => {
            const option = sortOptions.find((item) => `${item.sort}:${item.order}` === event.target.value);
            if (option) onChange({ sort: option.sort, order: option.order });
          }}
          className="2xl:w-44"
        >
          {sortOptions.map((option) => (
            <option key={`${option.sort}:${option.order}`} value={`${option.sort}:${option.order}`}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
