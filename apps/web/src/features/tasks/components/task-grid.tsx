import type { TaskSummary } from '@atrium/shared';
import { memo } from 'react';
import { cn } from '../../../lib/cn';
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
import type { TaskSelection } from './task-table';

/** Spec 2 "Task list", grid view: one card per task; the title opens it (click or Enter). */
export function TaskGrid({
  tasks,
  selection,
  onOpen,
}: {
  tasks: readonly TaskSummary[];
  selection: TaskSelection;
  onOpen: (task: TaskSummary) => void;
}) {
  return (
    <ul aria-label="Tasks" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {tasks.map((task) => (
        <TaskCard
          key={task.id}
          task={task}
          selected={selection.selected.has(task.id)}
          onToggle={selection.onToggle}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
}

/** One task's card; memoized as the table's rows are (see TaskRow), so `onToggle` and `onOpen` must be stable. */
const TaskCard = memo(function TaskCard({ task, selected, onToggle, onOpen }: TaskItemProps) {
  return (
    <li
      className={cn(
        'relative flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 transition-shadow hover:shadow-md',
        selected ? 'ring-2 ring-indigo-500' : 'ring-slate-200',
      )}
    >
      <div className="flex items-start gap-3">
        <span className="relative z-10 pt-0.5">
          <SelectBox checked={selected} onChange={() => onToggle(task.id)} label={`Select ${task.title}`} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {/* The button's area covers the card, so a click anywhere opens the task. */}
            <button
              type="button"
              onClick={() => onOpen(task)}
              className="text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-indigo-600"
            >
              {task.title}
            </button>
          </h3>
          <p className="truncate text-sm text-slate-600">{task.project.name}</p>
          <span className="mt-1 block">
            <TaskActivity task={task} />
          </span>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <TaskStatusBadge status={task.status} />
        <TaskPriorityBadge priority={task.priority} />
      </div>
      <div className="text-sm text-slate-800">
        <TaskAssignee task={task} />
      </div>
      <div className="flex items-end justify-between gap-3 text-sm">
        <TaskDueDate task={task} />
        <span className="text-slate-700">
          <TaskHours task={task} />
        </span>
      </div>
      <TaskTags tags={task.tags} />
    </li>
  );
});
