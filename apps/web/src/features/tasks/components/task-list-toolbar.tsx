import {
  employeeFullName,
  taskDueFilterLabels,
  taskDueFilters,
  taskPriorities,
  taskPriorityLabels,
  taskStatuses,
  taskStatusLabels,
  type TaskSortKey,
} from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { LayoutGrid, Rows3 } from 'lucide-react';
import { useState } from 'react';
import { Select } from '../../../components/ui/input';
import { SearchField } from '../../../components/ui/search-field';
import { cn } from '../../../lib/cn';
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

const sortChoices = (Object.keys(taskSortLabels) as TaskSortKey[]).flatMap((sort) =>
  (['asc', 'desc'] as const).map((order) => ({
    value: `${sort}:${order}`,
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
        <Select
          aria-label="Sort by"
          value={`${filters.sort}:${filters.order}`}
          onChange={(event) => {
            const choice = sortChoices.find((option) => option.value === event.target.value);
            if (choice) onChange({ sort: choice.sort, order: choice.order });
          }}
        >
          {sortChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
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
        <Select
          aria-label="Status"
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as TaskListFilters['status'] })}
        >
          <option value="">All statuses</option>
          {taskStatuses.map((status) => (
            <option key={status} value={status}>
              {taskStatusLabels[status]}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Priority"
          value={filters.priority}
          onChange={(event) => onChange({ priority: event.target.value as TaskListFilters['priority'] })}
        >
          <option value="">All priorities</option>
          {taskPriorities.map((priority) => (
            <option key={priority} value={priority}>
              {taskPriorityLabels[priority]}
            </option>
          ))}
        </Select>
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
export function TaskViewSwitch({
  view,
  onViewChange,
}: {
  view: TaskListView;
  onViewChange: (view: TaskListView) => void;
}) {
  const choices = [
    { id: 'list', label: 'List view', icon: Rows3 },
    { id: 'grid', label: 'Grid view', icon: LayoutGrid },
  ] as const;
  return (
    <div role="group" aria-label="Layout" className="inline-flex h-9 rounded-lg bg-slate-200/70 p-1">
      {choices.map(({ id, label, icon: Icon }) => (
        <button
          key={id}
          type="button"
          aria-pressed={view === id}
          aria-label={label}
          title={label}
          onClick={() => onViewChange(id)}
          className={cn(
            'grid place-items-center rounded-md px-2.5 text-slate-600 hover:text-slate-900',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
            view === id && 'bg-white text-indigo-700 shadow-sm',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
    </div>
  );
}
