import { describe, expect, it } from 'vitest';
import {
  clearedTaskFilters,
  defaultTaskListFilters,
  hasActiveTaskFilters,
  nextSort,
  taskListFiltersFrom,
  taskListSearchParams,
  taskListViewFrom,
} from './task-list-filters';

const projectId = '0b5c8a52-4a3f-4a8e-9d7e-2f1c3b4a5d6e';

describe('task list address', () => {
  it('starts from spec 9: every task, due date ascending, as a list', () => {
    const params = new URLSearchParams();
    expect(taskListFiltersFrom(params)).toEqual(defaultTaskListFilters);
    expect(defaultTaskListFilters).toMatchObject({ sort: 'dueDate', order: 'asc', due: 'all' });
    expect(taskListViewFrom(params)).toBe('list');
  });

  it("reads the Projects screen's link (?projectId=) and every filter back", () => {
    const filters = {
      ...defaultTaskListFilters,
      q: 'login',
      projectId,
      status: 'review',
      priority: 'high',
      assigneeId: 'unassigned',
      due: 'week',
      sort: 'priority',
      order: 'desc',
    } as const;
    const params = taskListSearchParams(filters);
    expect(taskListFiltersFrom(params)).toEqual(filters);
  });

  it('keeps several statuses at once, "open" for everything not done (issue 20)', () => {
    const open = taskListSearchParams({ ...defaultTaskListFilters, status: 'open', priority: 'high' });
    expect(open.toString()).toBe('status=open&priority=high');
    expect(taskListFiltersFrom(open)).toMatchObject({ status: 'open', priority: 'high' });
    expect(taskListFiltersFrom(new URLSearchParams('status=review,todo'))).toMatchObject({
      status: 'todo,review',
    });
    expect(taskListFiltersFrom(new URLSearchParams('status=review,in-progress,todo')).status).toBe('open');
  });

  it('keeps a plain address plain: defaults are left out', () => {
    expect(taskListSearchParams(defaultTaskListFilters).toString()).toBe('');
    expect(taskListSearchParams({ ...defaultTaskListFilters, due: 'overdue' }).toString()).toBe(
      'due=overdue',
    );
  });

  it('falls back to the defaults for anything unknown in a hand-edited link', () => {
    const params = new URLSearchParams(
      'projectId=nope&status=later&priority=critical&assigneeId=bob&due=soon&sort=colour&order=up&view=board',
    );
    expect(taskListFiltersFrom(params)).toEqual(defaultTaskListFilters);
    expect(taskListViewFrom(params)).toBe('list');
  });
});

describe('sorting by a column heading', () => {
  it('flips the direction of the same column and starts a new one ascending', () => {
    expect(nextSort({ sort: 'dueDate', order: 'asc' }, 'dueDate')).toEqual({
      sort: 'dueDate',
      order: 'desc',
    });
    expect(nextSort({ sort: 'dueDate', order: 'desc' }, 'dueDate')).toEqual({
      sort: 'dueDate',
      order: 'asc',
    });
    expect(nextSort({ sort: 'dueDate', order: 'desc' }, 'priority')).toEqual({
      sort: 'priority',
      order: 'asc',
    });
  });
});

describe('clearing the filters', () => {
  it('drops every filter but keeps the chosen order', () => {
    const filters = { ...defaultTaskListFilters, q: 'x', due: 'none', sort: 'hours', order: 'desc' } as const;
    expect(hasActiveTaskFilters(filters)).toBe(true);
    const cleared = clearedTaskFilters(filters);
    expect(hasActiveTaskFilters(cleared)).toBe(false);
    expect(cleared).toMatchObject({ sort: 'hours', order: 'desc' });
  });
});
