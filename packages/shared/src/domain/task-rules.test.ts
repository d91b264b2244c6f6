import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../api/error';
import { bulkTaskSchema, createTaskSchema, moveTaskSchema } from '../api/tasks';
import { taskPriorities, taskStatuses } from './enums';
import {
  compareTasks,
  dueDateCondition,
  isTaskOverdue,
  matchesDueFilter,
  openTaskStatuses,
  parseTaskStatusFilter,
  positionBetween,
  positionStep,
  showsPriorityBadge,
  subtaskProgress,
  taskStatusFilterParam,
  taskHours,
  taskHoursLabel,
  visibleTags,
  type SortableTask,
} from './task-rules';

const today = '2025-03-10';

describe('overdue (spec 9: due date before now and not done)', () => {
  it('is overdue from the day after the due date until done', () => {
    expect(isTaskOverdue({ dueDate: '2025-03-09', status: 'todo' }, today)).toBe(true);
    expect(isTaskOverdue({ dueDate: '2025-03-09', status: 'review' }, today)).toBe(true);
    expect(isTaskOverdue({ dueDate: '2025-03-09', status: 'done' }, today)).toBe(false);
  });

  it('is not overdue on the due date itself, later, or without a due date', () => {
    expect(isTaskOverdue({ dueDate: today, status: 'todo' }, today)).toBe(false);
    expect(isTaskOverdue({ dueDate: '2025-04-01', status: 'todo' }, today)).toBe(false);
    expect(isTaskOverdue({ dueDate: null, status: 'todo' }, today)).toBe(false);
  });
});

describe('due-date filter (spec 2: All Dates, Overdue, Due Today, This Week, No Due Date)', () => {
  const task = (dueDate: string | null, status: SortableTask['status'] = 'todo') => ({ dueDate, status });

  it('This Week is now to 7 days ahead (spec 9)', () => {
    expect(dueDateCondition('week', today)).toEqual({
      kind: 'range',
      from: today,
      to: '2025-03-17',
      notDone: false,
    });
    expect(matchesDueFilter(task(today), 'week', today)).toBe(true);
    expect(matchesDueFilter(task('2025-03-17'), 'week', today)).toBe(true);
    expect(matchesDueFilter(task('2025-03-18'), 'week', today)).toBe(false);
    expect(matchesDueFilter(task('2025-03-09'), 'week', today)).toBe(false);
    expect(matchesDueFilter(task(null), 'week', today)).toBe(false);
  });

  it('Overdue, Due Today and No Due Date', () => {
    expect(matchesDueFilter(task('2025-03-09'), 'overdue', today)).toBe(true);
    expect(matchesDueFilter(task('2025-03-09', 'done'), 'overdue', today)).toBe(false);
    expect(matchesDueFilter(task(today), 'overdue', today)).toBe(false);
    expect(matchesDueFilter(task(today, 'done'), 'today', today)).toBe(true);
    expect(matchesDueFilter(task('2025-03-11'), 'today', today)).toBe(false);
    expect(matchesDueFilter(task(null), 'none', today)).toBe(true);
    expect(matchesDueFilter(task(today), 'none', today)).toBe(false);
    expect(matchesDueFilter(task(null), 'all', today)).toBe(true);
  });
});

describe('task sorts (spec 9)', () => {
  let n = 0;
  const make = (fields: Partial<SortableTask>): SortableTask => {
    n += 1;
    return {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      title: `Task ${n}`,
      status: 'todo',
      priority: 'medium',
      dueDate: null,
      estimatedHours: 1,
      actualHours: null,
      project: { name: 'P' },
      assignee: null,
      ...fields,
    };
  };

  it('defines the enums in sort order: priority low<medium<high, status todo<in-progress<review<done', () => {
    expect(taskPriorities).toEqual(['low', 'medium', 'high']);
    expect(taskStatuses).toEqual(['todo', 'in-progress', 'review', 'done']);
  });

  it('sorts priority low<medium<high, and reversed for descending', () => {
    const tasks = [make({ priority: 'high' }), make({ priority: 'low' }), make({ priority: 'medium' })];
    expect([...tasks].sort(compareTasks('priority')).map((t) => t.priority)).toEqual([
      'low',
      'medium',
      'high',
    ]);
    expect([...tasks].sort(compareTasks('priority', 'desc')).map((t) => t.priority)).toEqual([
      'high',
      'medium',
      'low',
    ]);
  });

  it('sorts status todo<in-progress<review<done', () => {
    const tasks = taskStatuses.map((status) => make({ status })).reverse();
    expect(tasks.sort(compareTasks('status')).map((t) => t.status)).toEqual([...taskStatuses]);
  });

  it('puts tasks with no due date last, ascending and descending (default sort: due date ascending)', () => {
    const tasks = [make({ dueDate: null }), make({ dueDate: '2025-03-12' }), make({ dueDate: '2025-03-01' })];
    expect([...tasks].sort(compareTasks('dueDate')).map((t) => t.dueDate)).toEqual([
      '2025-03-01',
      '2025-03-12',
      null,
    ]);
    expect([...tasks].sort(compareTasks('dueDate', 'desc')).map((t) => t.dueDate)).toEqual([
      '2025-03-12',
      '2025-03-01',
      null,
    ]);
  });

  it('sorts hours by what is shown: actual if present, else the estimate', () => {
    const tasks = [
      make({ estimatedHours: 2, actualHours: 10 }),
      make({ estimatedHours: 5 }),
      make({ estimatedHours: 20, actualHours: 1 }),
    ];
    expect([...tasks].sort(compareTasks('hours')).map(taskHours)).toEqual([1, 5, 10]);
  });

  it('sorts assignees by last name, then first name, unassigned last', () => {
    const tasks = [
      make({ assignee: { firstName: 'Zoe', lastName: 'Adams' } }),
      make({ assignee: null }),
      make({ assignee: { firstName: 'Amy', lastName: 'Young' } }),
      make({ assignee: { firstName: 'Ann', lastName: 'Adams' } }),
    ];
    const names = (sorted: SortableTask[]) => sorted.map((t) => t.assignee?.firstName ?? null);
    expect(names([...tasks].sort(compareTasks('assignee')))).toEqual(['Ann', 'Zoe', 'Amy', null]);
    expect(names([...tasks].sort(compareTasks('assignee', 'desc')))).toEqual(['Amy', 'Zoe', 'Ann', null]);
  });

  it('breaks ties by id so pages never overlap', () => {
    const [a, b] = [make({ priority: 'high' }), make({ priority: 'high' })];
    expect([b!, a!].sort(compareTasks('priority')).map((t) => t.id)).toEqual([a!.id, b!.id]);
  });
});

describe('display rules', () => {
  it('shows actual hours if present, else the estimate with a tilde (spec 9)', () => {
    expect(taskHoursLabel({ actualHours: 6.5, estimatedHours: 8 })).toBe('6.5 h');
    expect(taskHoursLabel({ actualHours: null, estimatedHours: 8 })).toBe('~8 h');
    expect(taskHoursLabel({ actualHours: 0, estimatedHours: 8 })).toBe('0 h');
  });

  it('shows no hours for a task without an estimate or actual hours, not "~0 h" (issue 20)', () => {
    expect(taskHoursLabel({ actualHours: null, estimatedHours: 0 })).toBeNull();
    expect(taskHoursLabel({ actualHours: 0, estimatedHours: 0 })).toBe('0 h');
  });

  it('shows at most 2 tags on a task row (spec 9)', () => {
    expect(visibleTags(['bug', 'ux', 'spike'])).toEqual({ shown: ['bug', 'ux'], more: 1 });
    expect(visibleTags(['bug'])).toEqual({ shown: ['bug'], more: 0 });
  });

  it('hides the priority badge for low priority only (spec 2 Kanban card)', () => {
    expect(showsPriorityBadge('low')).toBe(false);
    expect(showsPriorityBadge('medium')).toBe(true);
    expect(showsPriorityBadge('high')).toBe(true);
  });

  it('counts subtask progress', () => {
    expect(subtaskProgress([{ completed: true }, { completed: false }, { completed: true }])).toEqual({
      done: 2,
      total: 3,
    });
  });
});

describe('kanban positions', () => {
  it('takes the midpoint between neighbours and steps away from a single one', () => {
    expect(positionBetween(null, null)).toBe(positionStep);
    expect(positionBetween(1024, 2048)).toBe(1536);
    expect(positionBetween(2048, null)).toBe(2048 + positionStep);
    expect(positionBetween(null, 1024)).toBe(0);
  });

  it('asks for a renumbering when the gap is exhausted', () => {
    expect(positionBetween(1, 1)).toBeNull();
    expect(positionBetween(1, 1 + 1e-9)).toBeNull();
    let low = 0;
    const high = 1024;
    let steps = 0;
    for (let p = positionBetween(low, high); p !== null; p = positionBetween(low, high)) {
      low = p;
      steps += 1;
    }
    expect(steps).toBeGreaterThan(25);
  });
});

describe('task inputs', () => {
  it('requires project and title; priority defaults to medium (spec 5) and status to To Do', () => {
    const empty = createTaskSchema.safeParse({});
    expect(Object.keys(fieldErrors(empty.error!.issues)).sort()).toEqual(['projectId', 'title']);
    const parsed = createTaskSchema.parse({
      projectId: '0b6c3a56-8a47-4b6c-9a53-1f0b4f1f7a11',
      title: 'Write docs',
    });
    expect(parsed).toMatchObject({ priority: 'medium', status: 'todo', estimatedHours: 0, tags: [] });
  });

  it('refuses negative estimated hours', () => {
    const result = createTaskSchema.safeParse({
      projectId: '0b6c3a56-8a47-4b6c-9a53-1f0b4f1f7a11',
      title: 'Write docs',
      estimatedHours: -1,
    });
    expect(fieldErrors(result.error!.issues)).toEqual({ estimatedHours: 'Hours cannot be negative' });
  });

  it('takes one target place for a move', () => {
    const id = '0b6c3a56-8a47-4b6c-9a53-1f0b4f1f7a11';
    expect(moveTaskSchema.safeParse({ status: 'done', afterId: id, index: 0 }).success).toBe(false);
    expect(moveTaskSchema.safeParse({ status: 'done', index: 0 }).success).toBe(true);
  });

  it('bulk: the spec 2 actions only, at least one id', () => {
    expect(bulkTaskSchema.safeParse({ ids: [], action: 'done' }).success).toBe(false);
    expect(
      bulkTaskSchema.safeParse({ ids: ['0b6c3a56-8a47-4b6c-9a53-1f0b4f1f7a11'], action: 'review' }).success,
    ).toBe(false);
  });
});

describe('status filter (issue 20: several statuses at once, "Open" = everything not done)', () => {
  it('reads "open" as every status but done', () => {
    expect(openTaskStatuses).toEqual(['todo', 'in-progress', 'review']);
    expect(parseTaskStatusFilter('open')).toEqual(['todo', 'in-progress', 'review']);
  });

  it('reads a comma-separated list or repeated params, in board order without repeats', () => {
    expect(parseTaskStatusFilter('review,todo,review')).toEqual(['todo', 'review']);
    expect(parseTaskStatusFilter(['done', 'todo'])).toEqual(['todo', 'done']);
    expect(parseTaskStatusFilter('open,review')).toEqual(['todo', 'in-progress', 'review']);
  });

  it('keeps every status for nothing, or for all four', () => {
    expect(parseTaskStatusFilter(undefined)).toEqual([]);
    expect(parseTaskStatusFilter('')).toEqual([]);
    expect(parseTaskStatusFilter('open,done')).toEqual([]);
  });

  it('refuses a status that does not exist', () => {
    expect(parseTaskStatusFilter('todo,later')).toBeUndefined();
  });

  it('writes the shortest form back', () => {
    expect(taskStatusFilterParam(['review', 'todo', 'in-progress'])).toBe('open');
    expect(taskStatusFilterParam(['review', 'todo'])).toBe('todo,review');
    expect(taskStatusFilterParam(taskStatuses)).toBe('');
    expect(taskStatusFilterParam([])).toBe('');
  });
});
