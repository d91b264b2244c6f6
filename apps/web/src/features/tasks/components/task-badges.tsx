import { taskPriorityLabels, taskStatusLabels, type TaskPriority, type TaskStatus } from '@atrium/shared';
import { cn } from '../../../lib/cn';

const badgeBase =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

const statusLooks: Record<TaskStatus, string> = {
  todo: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  'in-progress': 'bg-sky-50 text-sky-800 ring-sky-600/20',
  review: 'bg-violet-50 text-violet-800 ring-violet-600/20',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
};

const statusDots: Record<TaskStatus, string> = {
  todo: 'bg-slate-400',
  'in-progress': 'bg-sky-500',
  review: 'bg-violet-500',
  done: 'bg-emerald-500',
};

/** A task's status in the kanban column's words (To Do, In Progress, Review, Done). */
export function TaskStatusBadge({ status, className }: { status: TaskStatus; className?: string }) {
  return (
    <span className={cn(badgeBase, statusLooks[status], className)}>
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', statusDots[status])} />
      {taskStatusLabels[status]}
    </span>
  );
}

const priorityLooks: Record<TaskPriority, string> = {
  high: 'bg-red-50 text-red-800 ring-red-600/20',
  medium: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  low: 'bg-slate-50 text-slate-700 ring-slate-500/20',
};

/** A task's priority (high, medium, low), named in words so colour is never the only signal. */
export function TaskPriorityBadge({ priority, className }: { priority: TaskPriority; className?: string }) {
  return (
    <span className={cn(badgeBase, priorityLooks[priority], className)}>
      {taskPriorityLabels[priority]}
      <span className="sr-only"> priority</span>
    </span>
  );
}
