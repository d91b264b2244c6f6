import {
  employeeFullName,
  openTaskStatuses,
  parseTaskStatusFilter,
  taskDueFilterLabels,
  taskDueFilters,
  taskPriorities,
  taskPriorityLabels,
  taskStatuses,
  taskStatusFilterParam,
  taskStatusLabels,
  type TaskSortKey,
} from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { LayoutGrid, Rows3 } from 'lucide-react';
import { useState } from 'react';
import { FilterSelect, SortSelect, type SortOption } from '../../../components/ui/filter-select';
import { Select } from '../../../components/ui/input';
import { MultiFilterMenu } from '../../../components/ui/multi-filter-menu';
import { SearchField } from '../../../components/ui/search-field';
import type { ViewChoice } from '../../../components/ui/view-switch';
import { hasPermission, useMe } from '../../accounts';
import { assigneeQueryOptions, projectForTasksQueryOptions } from '../api/tasks.queries';
import type { TaskListFilters, TaskListView } from '../lib/task-list-filters';
import { AssigneePicker, ProjectPicker } from './task-pickers';

/** The sort menu (for the cards and narrow screens; the table's headings sort too). */
export const taskSortLabels: Record<TaskSortKey, string> = {
  dueDate: 'Due date',
  priority: 'Priority',
  status: 'Status',
  title: 'Title',
  project: 'Project',
  assignee: 'Assignee',
  hours: 'Hours',
};

const sortOptions: readonly SortOption<TaskSortKey>[] = (
  Object.keys(taskSortLabels) as TaskSortKey[]
).flatMap((sort) =>
  (['asc', 'desc'] as const).map((order) => ({
    sort,
    order,
    label: `${taskSortLabels[sort]}, ${sortDirectionWords(sort, order)}`,
  })),
);

function sortDirectionWords(sort: TaskSortKey, order: 'asc' | 'desc'): string {
  switch (sort) {
    case 'dueDate':
      return order === 'asc' ? 'soonest first' : 'latest first';
    case 'priority':
      return order === 'asc' ? 'low to high' : 'high to low';
    case 'status':
      return order === 'asc' ? 'To Do first' : 'Done first';
    case 'hours':
      return order === 'asc' ? 'fewest first' : 'most first';
    default:
      return order === 'asc' ? 'A–Z' : 'Z–A';
  }
}

/** Spec 2 "Task list": search; project, status, priority, assignee and due-date filters; the order. */
export function TaskListToolbar({
  filters,
  onChange,
  searching,
}: {
  filters: TaskListFilters;
  onChange: (changes: Partial<TaskListFilters>) => void;
  searching: boolean;
}) {
  const me = useMe();
  const canSearchPeople = hasPermission(me, 'people:view');
  // Names picked here are remembered; a filter that arrived by link looks its name up.
  const [picked, setPicked] = useState<Record<string, string>>({});
  const linkedProject = useQuery({
    ...projectForTasksQueryOptions(filters.projectId),
    enabled: filters.projectId !== '' && picked[filters.projectId] === undefined,
  });
  const isPerson = filters.assigneeId !== '' && filters.assigneeId !== 'unassigned';
  const linkedAssignee = useQuery({
    ...assigneeQueryOptions(filters.assigneeId),
    enabled:
      canSearchPeople &&
      isPerson &&
      picked[filters.assigneeId] === undefined &&
      filters.assigneeId !== me.employeeId,
  });

  const projectLabel = picked[filters.projectId] ?? linkedProject.data?.name ?? '';
  const assigneeLabel =
    filters.assigneeId === 'unassigned'
      ? 'Unassigned'
      : (picked[filters.assigneeId] ??
        (filters.assigneeId === me.employeeId
          ? me.user.name
          : linkedAssignee.data
            ? employeeFullName(linkedAssignee.data)
            : ''));
  const remember = (value: string, label: string) => setPicked((known) => ({ ...known, [value]: label }));

  return (
    <div
      role="search"
      aria-label="Tasks"
      className="grid gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_15rem]">
        <SearchField
          label="Search tasks"
          placeholder="Search tasks by title"
          value={filters.q}
          onSearch={(q) => onChange({ q })}
          searching={searching}
        />
        <SortSelect options={sortOptions} sort={filters.sort} order={filters.order} onChange={onChange} />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <ProjectPicker
          aria-label="Project"
          className="col-span-2 sm:col-span-1"
          value={filters.projectId}
          valueLabel={projectLabel}
          specialOptions={[{ value: '', label: 'All projects' }]}
          clearLabel="Show all projects"
          onChange={(projectId, label) => {
            remember(projectId, label);
            onChange({ projectId });
          }}
        />
        <AssigneePicker
          aria-label="Assignee"
          className="col-span-2 sm:col-span-1"
          projectId={filters.projectId || undefined}
          value={filters.assigneeId}
          valueLabel={assigneeLabel}
          specialOptions={[
            { value: '', label: 'All assignees' },
            { value: 'unassigned', label: 'Unassigned' },
          ]}
          clearLabel="Show all assignees"
          onChange={(assigneeId, label) => {
            remember(assigneeId, label);
            onChange({ assigneeId });
          }}
        />
        <MultiFilterMenu
          label="Status"
          allLabel="All statuses"
          values={taskStatuses}
          labels={taskStatusLabels}
          selected={parseTaskStatusFilter(filters.status) ?? []}
          presets={[{ label: 'Open (not done)', short: 'Open', values: openTaskStatuses }]}
          onChange={(statuses) => onChange({ status: taskStatusFilterParam(statuses) })}
        />
        <FilterSelect
          label="Priority"
          allLabel="All priorities"
          values={taskPriorities}
          labels={taskPriorityLabels}
          value={filters.priority}
          onChange={(priority) => onChange({ priority })}
        />
        <Select
          aria-label="Due date"
          className="col-span-2 sm:col-span-1"
          value={filters.due}
          onChange={(event) => onChange({ due: event.target.value as TaskListFilters['due'] })}
        >
          {taskDueFilters.map((due) => (
            <option key={due} value={due}>
              {taskDueFilterLabels[due]}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/** Spec 2: list or grid. */
export const taskListViews: readonly ViewChoice<TaskListView>[] = [
  { id: 'list', label: 'List view', icon: Rows3 },
  { id: 'grid', label: 'Grid view', icon: LayoutGrid },
];
