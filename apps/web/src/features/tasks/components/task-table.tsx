import type { TaskSortKey, TaskSummary } from '@atrium/shared';
import { memo, startTransition, useEffect, useOptimistic, useRef, type KeyboardEvent } from 'react';
import { SortableHeading } from '../../../components/ui/sortable-heading';
import { afterNextPaint } from '../../../lib/after-next-paint';
import { cn } from '../../../lib/cn';
import { nextSort, type TaskListFilters } from '../lib/task-list-filters';
import { TaskPriorityBadge, TaskStatusBadge } from './task-badges';
import {
  SelectBox,
  TaskActivity,
  TaskAssignee,
  TaskDueDate,
  TaskHours,
  TaskTags,
  type TaskItemProps,
} from './task-row-parts';

type TaskSort = Pick<TaskListFilters, 'sort' | 'order'>;

export type TaskSelection = {
  selected: ReadonlySet<string>;
  /** Stable across renders: the rows are memoized on it. */
  onToggle: (id: string) => void;
  /** Selects every loaded task, or clears them when all are selected. */
  onToggleAll: () => void;
};

/**
 * Spec 2 "Task list", list view: sortable headings (the server sorts), a box per row and one for
 * all loaded rows. A row opens the task on click or Enter; the table scrolls in its own frame.
 */
export function TaskTable({
  tasks,
  selection,
  sort,
  onSort,
  onOpen,
}: {
  tasks: readonly TaskSummary[];
  selection: TaskSelection;
  sort: TaskSort;
  /** The order a heading's click asks for; called after the click's paint, in a transition. */
  onSort: (sort: TaskSort) => void;
  /** Stable across renders: the rows are memoized on it. */
  onOpen: (task: TaskSummary) => void;
}) {
  // The clicked heading shows its new order (aria-sort, arrow) in the click's own paint; the rest —
  // the address (a router navigation), the new query, the page — follows after that paint, as a
  // transition. The rows stay as they are until the server answers in any case.
  const [shownSort, showSort] = useOptimistic(sort);
  const sortBy = (column: TaskSortKey) => {
    const next = nextSort(shownSort, column);
    startTransition(async () => {
      showSort(next);
      await afterNextPaint();
      startTransition(() => onSort(next));
    });
  };
  const heading = (column: TaskSortKey, label: string, className?: string) => (
    <SortableHeading column={column} sort={shownSort} onSort={sortBy} className={className}>
      {label}
    </SortableHeading>
  );

  return (
    <div
      role="region"
      aria-label="Tasks table"
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-10 py-3 pr-1 pl-4">
              <SelectAllBox tasks={tasks} selection={selection} />
            </th>
            {heading('title', 'Task', 'min-w-48')}
            {heading('project', 'Project')}
            {heading('status', 'Status')}
            {heading('priority', 'Priority')}
            {heading('assignee', 'Assignee')}
            {heading('dueDate', 'Due Date')}
            {heading('hours', 'Hours', 'pr-4 text-right sm:pr-6')}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tasks.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              selected={selection.selected.has(task.id)}
              onToggle={selection.onToggle}
              onOpen={onOpen}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One task. Memoized: a sort click or a tick elsewhere re-renders the table, and the rows, whose
 * props stay the same until the server's answer arrives, need not run again (the click's paint
 * waits for that render). `onToggle` and `onOpen` must therefore be stable.
 */
const TaskRow = memo(function TaskRow({ task, selected, onToggle, onOpen }: TaskItemProps) {
  const openOnEnter = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onOpen(task);
    }
  };
  return (
    <tr
      tabIndex={0}
      onClick={() => onOpen(task)}
      onKeyDown={openOnEnter}
      className={cn(
        'cursor-pointer align-middle focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
        selected ? 'bg-indigo-50/70 hover:bg-indigo-50' : 'hover:bg-slate-50',
      )}
    >
      {/* A click that just misses the box must not open the task. */}
      <td className="py-3 pr-1 pl-4" onClick={(event) => event.stopPropagation()}>
        <SelectBox checked={selected} onChange={() => onToggle(task.id)} label={`Select ${task.title}`} />
      </td>
      <th scope="row" className="px-3 py-3 text-left font-normal">
        <span className="block font-semibold text-slate-900 [overflow-wrap:anywhere]">{task.title}</span>
        <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <TaskTags tags={task.tags} />
          <TaskActivity task={task} />
        </span>
      </th>
      <td className="max-w-36 px-3 py-3 text-slate-700">
        <span className="line-clamp-2">{task.project.name}</span>
      </td>
      <td className="px-3 py-3">
        <TaskStatusBadge status={task.status} />
      </td>
      <td className="px-3 py-3">
        <TaskPriorityBadge priority={task.priority} />
      </td>
      <td className="min-w-36 px-3 py-3 text-slate-800">
        <TaskAssignee task={task} />
      </td>
      <td className="px-3 py-3">
        <TaskDueDate task={task} />
      </td>
      <td className="py-3 pr-4 pl-3 text-right text-slate-800 sm:pr-6">
        <TaskHours task={task} />
      </td>
    </tr>
  );
});

/** Checked when every loaded row is; mixed ("indeterminate") when only some are. */
export function SelectAllBox({
  tasks,
  selection,
}: {
  tasks: readonly TaskSummary[];
  selection: TaskSelection;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const selectedCount = tasks.filter((task) => selection.selected.has(task.id)).length;
  const all = tasks.length > 0 && selectedCount === tasks.length;
  const some = selectedCount > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all loaded tasks"
      checked={all}
      onChange={selection.onToggleAll}
      className="size-4 rounded border-slate-300 accent-indigo-600"
    />
  );
}
