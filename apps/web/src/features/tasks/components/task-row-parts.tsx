import { formatCalendarDate } from '../../../lib/dates';
import { employeeFullName, nounFor, taskHoursLabel, visibleTags, type TaskSummary } from '@atrium/shared';
import { CheckSquare, MessageSquare } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';

/** The pieces a task row and a task card share, so both read the same. */

/** What a row of the table or a card of the grid receives; both are memoized, so the callbacks must be stable. */
export type TaskItemProps = {
  task: TaskSummary;
  selected: boolean;
  onToggle: (id: string) => void;
  onOpen: (task: TaskSummary) => void;
};

export function TaskAssignee({ task }: { task: TaskSummary }) {
  if (!task.assignee) return <span className="text-slate-600 italic">Unassigned</span>;
  const name = employeeFullName(task.assignee);
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar name={name} size="sm" className="size-6 text-[0.625rem]" />
      <span className="min-w-0">{name}</span>
    </span>
  );
}

/** Spec 9: overdue = due before today and not done; said in words as well as in red. */
export function TaskDueDate({ task }: { task: TaskSummary }) {
  if (!task.dueDate) return <span className="text-slate-600">No due date</span>;
  return (
    <span className={cn('whitespace-nowrap', task.overdue ? 'font-semibold text-red-700' : 'text-slate-800')}>
      <time dateTime={task.dueDate}>{formatCalendarDate(task.dueDate)}</time>
      {task.overdue ? <span className="block text-xs font-medium">Overdue</span> : null}
    </span>
  );
}

/** Spec 9: at most 2 tags per row, then "+N". */
export function TaskTags({ tags }: { tags: readonly string[] }) {
  const { shown, more } = visibleTags(tags);
  if (shown.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((tag) => (
        <span
          key={tag}
          className="max-w-32 truncate rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
        >
          {tag}
        </span>
      ))}
      {more > 0 ? (
        <span
          className="rounded-md px-1 py-0.5 text-xs font-medium text-slate-600"
          title={tags.slice(2).join(', ')}
        >
          +{more}
          <span className="sr-only"> more tags</span>
        </span>
      ) : null}
    </span>
  );
}

/** Spec 9: actual hours when recorded, else the estimate with a tilde. */
export function TaskHours({ task }: { task: TaskSummary }) {
  const label = taskHoursLabel(task);
  if (label === null) {
    return (
      <span className="text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No estimate</span>
      </span>
    );
  }
  return (
    <span
      className="whitespace-nowrap tabular-nums"
      title={task.actualHours === null ? 'Estimated' : 'Actual'}
    >
      {label}
      <span className="sr-only">{task.actualHours === null ? ' estimated' : ' actual'}</span>
    </span>
  );
}

/** Subtask progress and comments, when the task has any. */
export function TaskActivity({ task }: { task: TaskSummary }) {
  if (task.subtaskTotal === 0 && task.commentCount === 0) return null;
  return (
    <span className="flex gap-3 text-xs text-slate-600">
      {task.subtaskTotal > 0 ? (
        <span className="inline-flex items-center gap-1">
          <CheckSquare aria-hidden="true" className="size-3.5" />
          {task.subtaskDone}/{task.subtaskTotal}
          <span className="sr-only"> subtasks done</span>
        </span>
      ) : null}
      {task.commentCount > 0 ? (
        <span className="inline-flex items-center gap-1">
          <MessageSquare aria-hidden="true" className="size-3.5" />
          {task.commentCount}
          <span className="sr-only">{` ${nounFor(task.commentCount, { one: 'comment', other: 'comments' })}`}</span>
        </span>
      ) : null}
    </span>
  );
}

/** A row or card's selection box. */
export function SelectBox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: () => void;
  label: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={onChange}
      onClick={(event) => event.stopPropagation()}
      className="size-4 rounded border-slate-300 accent-indigo-600"
    />
  );
}
