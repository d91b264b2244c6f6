import {
  projectPriorities,
  projectPriorityLabels,
  projectStatuses,
  projectStatusLabels,
  type ProjectPriority,
  type ProjectStatus,
} from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Input, Select } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
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
      <SearchBox value={filters.q} onSearch={(q) => onChange({ q })} searching={searching} />
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

/**
 * What is typed reaches `onSearch` once typing pauses. `value` is the search in effect (from the
 * address); when it changes from elsewhere (Back, Clear filters) the box follows it.
 */
function SearchBox({
  value,
  onSearch,
  searching,
}: {
  value: string;
  onSearch: (query: string) => void;
  searching: boolean;
}) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== text.trim()) setText(value);
  }

  const settled = useDebouncedValue(text, 300);
  const publish = useEffectEvent((query: string) => {
    if (query !== value) onSearch(query);
  });
  // Only a change of the settled text searches: a reset from outside must not bring the old text back.
  useEffect(() => publish(settled.trim()), [settled]);

  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <Input
        type="search"
        aria-label="Search projects"
        placeholder="Search projects by name"
        maxLength={100}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      <span className="absolute top-1/2 right-2 flex -translate-y-1/2 items-center">
        {searching ? (
          <Spinner className="mr-1 text-slate-500" />
        ) : text ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => setText('')}
            className="grid size-7 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </span>
    </div>
  );
}
