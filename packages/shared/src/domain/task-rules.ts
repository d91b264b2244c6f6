// Task rules from spec sections 2 (Kanban, Task list), 3 (Task), 4 (task status transitions) and 9
// (overdue, This Week, sort orders, hours display, tags per row). The server filters and sorts
// with the same definitions in SQL; the UI uses these functions for optimistic updates and labels.
import { taskPriorities, taskStatuses, type TaskPriority, type TaskStatus } from './enums';
import { addCalendarDays } from './time-rules';
import { hoursLabel } from './work-rules';
import type { IsoDate } from './scheduling-rules';

/** Spec 2 Kanban: the four columns, in board order, with their headings. */
export const taskStatusLabels: Record<TaskStatus, string> = {
  todo: 'To Do',
  'in-progress': 'In Progress',
  review: 'Review',
  done: 'Done',
};

export const taskPriorityLabels: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

// --- status filter -----------------------------------------------------------------------------

/** Issue 20: "Open" is everything not done, so "my open high-priority tasks" is one filter. */
export const openTaskStatuses: readonly TaskStatus[] = taskStatuses.filter((status) => status !== 'done');

/** The shorthand for openTaskStatuses in the address and the API (`status=open`). */
export const openStatusFilter = 'open';

/**
 * The statuses a filter keeps, in board order and without repeats, read from the address or the
 * API's `status` (comma-separated, `open` for every status but done, repeated params joined):
 * empty when it keeps every status; undefined when a part names no status.
 */
export function parseTaskStatusFilter(
  value: string | readonly string[] | undefined,
): TaskStatus[] | undefined {
  const parts = (typeof value === 'string' ? [value] : (value ?? []))
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const chosen = new Set<TaskStatus>();
  for (const part of parts) {
    if (part === openStatusFilter) openTaskStatuses.forEach((status) => chosen.add(status));
    else if ((taskStatuses as readonly string[]).includes(part)) chosen.add(part as TaskStatus);
    else return undefined;
  }
  // Every status is no filter at all.
  return chosen.size === taskStatuses.length ? [] : taskStatuses.filter((status) => chosen.has(status));
}

/** The filter as the address and the API write it: `open`, `todo,review`, or '' for every status. */
export function taskStatusFilterParam(statuses: readonly TaskStatus[]): string {
  const chosen = parseTaskStatusFilter(statuses.join(',')) ?? [];
  if (chosen.length === openTaskStatuses.length && openTaskStatuses.every((s) => chosen.includes(s))) {
    return openStatusFilter;
  }
  return chosen.join(',');
}

/** Spec 5: task priority defaults to medium. */
export const defaultTaskPriority: TaskPriority = 'medium';

// --- due dates ---------------------------------------------------------------------------------

/** Spec 2 Task list due-date filter: All Dates, Overdue, Due Today, This Week, No Due Date. */
export const taskDueFilters = ['all', 'overdue', 'today', 'week', 'none'] as const;
export type TaskDueFilter = (typeof taskDueFilters)[number];

export const taskDueFilterLabels: Record<TaskDueFilter, string> = {
  all: 'All Dates',
  overdue: 'Overdue',
  today: 'Due Today',
  week: 'This Week',
  none: 'No Due Date',
};

/** Spec 9 "This Week = now to 7 days ahead". */
export const thisWeekDays = 7;

/**
 * Spec 9: overdue = due date before now and not done. A due date is a calendar day, so a task due
 * today is not overdue until the day is over; `today` is the workspace's date (ARCHITECTURE.md:
 * dates are shown in the workspace time zone).
 */
export function isTaskOverdue(
  task: { dueDate: IsoDate | null; status: TaskStatus },
  today: IsoDate,
): boolean {
  return task.dueDate !== null && task.dueDate < today && task.status !== 'done';
}

/**
 * Which due dates a filter keeps, as inclusive calendar-day bounds:
 * - overdue: before today, and not done (spec 9);
 * - today: today;
 * - week: spec 9 "now to 7 days ahead": today up to today + 7;
 * - none: no due date;
 * - all: everything.
 */
export type DueDateCondition =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'range'; from: IsoDate | null; to: IsoDate | null; notDone: boolean };

export function dueDateCondition(filter: TaskDueFilter, today: IsoDate): DueDateCondition {
  switch (filter) {
    case 'all':
      return { kind: 'all' };
    case 'none':
      return { kind: 'none' };
    case 'overdue':
      return { kind: 'range', from: null, to: addCalendarDays(today, -1), notDone: true };
    case 'today':
      return { kind: 'range', from: today, to: today, notDone: false };
    case 'week':
      return { kind: 'range', from: today, to: addCalendarDays(today, thisWeekDays), notDone: false };
  }
}

export function matchesDueFilter(
  task: { dueDate: IsoDate | null; status: TaskStatus },
  filter: TaskDueFilter,
  today: IsoDate,
): boolean {
  const condition = dueDateCondition(filter, today);
  if (condition.kind === 'all') return true;
  if (condition.kind === 'none') return task.dueDate === null;
  if (task.dueDate === null) return false;
  if (condition.notDone && task.status === 'done') return false;
  return (
    (condition.from === null || task.dueDate >= condition.from) &&
    (condition.to === null || task.dueDate <= condition.to)
  );
}

// --- sorting -----------------------------------------------------------------------------------

/** The task list's sortable columns. */
export const taskSortKeys = [
  'dueDate',
  'priority',
  'status',
  'title',
  'project',
  'assignee',
  'hours',
] as const;
export type TaskSortKey = (typeof taskSortKeys)[number];

/** Spec 9: the default sort is due date ascending. */
export const defaultTaskSort: { sort: TaskSortKey; order: 'asc' | 'desc' } = {
  sort: 'dueDate',
  order: 'asc',
};

/** Spec 9: low < medium < high. */
export const taskPriorityRank = (priority: TaskPriority) => taskPriorities.indexOf(priority);
/** Spec 9: todo < in-progress < review < done. */
export const taskStatusRank = (status: TaskStatus) => taskStatuses.indexOf(status);

/** Spec 9 hours display: the actual hours when recorded, else the estimate. */
export function taskHours(task: { actualHours: number | null; estimatedHours: number }): number {
  return task.actualHours ?? task.estimatedHours;
}

/**
 * Spec 9: "hours shown are actual if present, else estimated with a tilde" (8 h, ~8 h). A task with
 * neither has nothing to show: null, not "~0 h" (issue 20).
 */
export function taskHoursLabel(task: { actualHours: number | null; estimatedHours: number }): string | null {
  if (task.actualHours !== null) return hoursLabel(task.actualHours);
  return task.estimatedHours > 0 ? `~${hoursLabel(task.estimatedHours)}` : null;
}

export type SortableTask = {
  id: string;
  title: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: IsoDate | null;
  estimatedHours: number;
  actualHours: number | null;
  project: { name: string };
  assignee: { firstName: string; lastName: string } | null;
};

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The task list order (spec 9): priority low<medium<high, status todo<in-progress<review<done,
 * and tasks with no due date (or no assignee) last in either direction. Text compares by code
 * unit here; the server's collation may order case and accents differently. Ties fall back to the id,
 * as the server's keyset pages do, so the order is total.
 */
export function compareTasks(sort: TaskSortKey, order: 'asc' | 'desc' = 'asc') {
  const sign = order === 'asc' ? 1 : -1;
  const nullsLast = <T>(a: T | null, b: T | null, compare: (x: T, y: T) => number) => {
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return sign * compare(a, b);
  };
  const byKey = (a: SortableTask, b: SortableTask): number => {
    switch (sort) {
      case 'dueDate':
        return nullsLast(a.dueDate, b.dueDate, compareText);
      // By last name, then first name, like the directory's name order.
      case 'assignee':
        return nullsLast(
          a.assignee,
          b.assignee,
          (x, y) => compareText(x.lastName, y.lastName) || compareText(x.firstName, y.firstName),
        );
      case 'priority':
        return sign * (taskPriorityRank(a.priority) - taskPriorityRank(b.priority));
      case 'status':
        return sign * (taskStatusRank(a.status) - taskStatusRank(b.status));
      case 'title':
        return sign * compareText(a.title, b.title);
      case 'project':
        return sign * compareText(a.project.name, b.project.name);
      case 'hours':
        return sign * (taskHours(a) - taskHours(b));
    }
  };
  return (a: SortableTask, b: SortableTask) => {
    const byValue = byKey(a, b);
    if (byValue !== 0) return byValue;
    // A missing value sorts last in both directions, but its ties still follow the direction.
    return sign * compareText(a.id, b.id);
  };
}

// --- rows and cards ----------------------------------------------------------------------------

/** Spec 9: task rows show at most 2 tags. */
export const taskRowTagLimit = 2;

/** The tags a row shows and how many it leaves out ("+1"). */
export function visibleTags(tags: readonly string[], limit: number = taskRowTagLimit) {
  return { shown: tags.slice(0, limit), more: Math.max(0, tags.length - limit) };
}

/** Spec 2 Kanban card: the priority badge shows unless the priority is low. */
export const showsPriorityBadge = (priority: TaskPriority) => priority !== 'low';

/** Spec 2 Kanban card: subtask progress, e.g. 2/5. */
export function subtaskProgress(subtasks: readonly { completed: boolean }[]) {
  return { done: subtasks.filter((s) => s.completed).length, total: subtasks.length };
}

// --- kanban positions --------------------------------------------------------------------------

/** The gap between neighbours when a column is (re)numbered, and a new card's distance from the last. */
export const positionStep = 1024;

/**
 * Below this gap two neighbours are renumbered before a card goes between them: halving 1024
 * more than ~40 times would leave too few bits of a double to tell positions apart.
 */
export const minPositionGap = 1e-6;

/**
 * A card's position between its new neighbours (null = no card on that side). A float midpoint
 * writes one row per move; null means the gap is exhausted and the column must be renumbered
 * (positionStep apart) before trying again.
 */
export function positionBetween(before: number | null, after: number | null): number | null {
  if (before === null && after === null) return positionStep;
  if (before === null) return after! - positionStep;
  if (after === null) return before + positionStep;
  if (after - before < minPositionGap) return null;
  return before + (after - before) / 2;
}
