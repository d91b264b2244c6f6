import {
  taskStatusLabels,
  taskStatuses,
  type TaskBoard,
  type TaskCard,
  type TaskStatus,
} from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import {
  applyCardMove,
  findCard,
  isNoOpMove,
  moveToIndex,
  placeCard,
  neighbourCard,
  relativeMove,
  reverseMove,
} from './kanban-moves';

const today = '2026-03-10';

function card(id: string, status: TaskStatus, position: number, dueDate: string | null = null): TaskCard {
  return {
    id,
    title: `Task ${id}`,
    description: '',
    project: { id: 'p', name: 'Project', managerId: null },
    reporterId: null,
    status,
    priority: 'medium',
    assignee: null,
    startDate: null,
    dueDate,
    overdue: dueDate !== null && dueDate < today && status !== 'done',
    tags: [],
    estimatedHours: 1,
    actualHours: null,
    commentCount: 0,
    subtaskDone: 0,
    subtaskTotal: 0,
    attachmentCount: 0,
    position,
    createdAt: '',
    updatedAt: '',
    version: 1,
  };
}

/** A board from column contents, e.g. { todo: ['a', 'b'], done: ['c'] }. */
function board(
  columns: Partial<Record<TaskStatus, string[]>>,
  dueDates: Record<string, string> = {},
): TaskBoard {
  return {
    project: { id: 'p', name: 'Project' },
    columns: taskStatuses.map((status) => {
      const ids = columns[status] ?? [];
      return {
        status,
        title: taskStatusLabels[status],
        count: ids.length,
        tasks: ids.map((id, index) => card(id, status, (index + 1) * 1024, dueDates[id] ?? null)),
      };
    }),
  };
}

const ids = (value: TaskBoard, status: TaskStatus) =>
  value.columns.find((column) => column.status === status)!.tasks.map((task) => task.id);
const count = (value: TaskBoard, status: TaskStatus) =>
  value.columns.find((column) => column.status === status)!.count;

describe('applyCardMove', () => {
  const start = board({ todo: ['a', 'b', 'c'], done: ['x', 'y'] });

  it('puts the card below afterId, above beforeId, or at the end, and fixes the counts', () => {
    const below = applyCardMove(start, { taskId: 'b', status: 'done', afterId: 'x' }, today);
    expect(ids(below, 'todo')).toEqual(['a', 'c']);
    expect(ids(below, 'done')).toEqual(['x', 'b', 'y']);
    expect([count(below, 'todo'), count(below, 'done')]).toEqual([2, 3]);

    expect(ids(applyCardMove(start, { taskId: 'b', status: 'done', beforeId: 'x' }, today), 'done')).toEqual([
      'b',
      'x',
      'y',
    ]);
    expect(ids(applyCardMove(start, { taskId: 'b', status: 'review' }, today), 'review')).toEqual(['b']);
  });

  it('reorders within a column without changing its count', () => {
    const moved = applyCardMove(start, { taskId: 'a', status: 'todo', afterId: 'c' }, today);
    expect(ids(moved, 'todo')).toEqual(['b', 'c', 'a']);
    expect(count(moved, 'todo')).toBe(3);
  });

  it('gives the card a position between its new neighbours (the shared rule)', () => {
    const moved = applyCardMove(start, { taskId: 'b', status: 'done', afterId: 'x' }, today);
    const positions = moved.columns.find((column) => column.status === 'done')!.tasks.map((t) => t.position);
    expect(positions).toEqual([1024, 1536, 2048]);
  });

  it('changes nothing more when the move is applied twice (optimistic update plus overlay)', () => {
    const move = { taskId: 'b', status: 'done', afterId: 'x' } as const;
    const once = applyCardMove(start, move, today);
    expect(applyCardMove(once, move, today)).toEqual(once);
  });

  it('leaves the board alone when the card is not on it', () => {
    expect(applyCardMove(start, { taskId: 'zz', status: 'done' }, today)).toBe(start);
  });

  it('clears overdue in Done and brings it back when the card leaves Done (spec 9)', () => {
    const late = board({ todo: ['a'], done: ['d'] }, { a: '2026-03-01', d: '2026-03-01' });
    expect(findCard(applyCardMove(late, { taskId: 'a', status: 'done' }, today), 'a')!.card.overdue).toBe(
      false,
    );
    expect(findCard(applyCardMove(late, { taskId: 'd', status: 'todo' }, today), 'd')!.card.overdue).toBe(
      true,
    );
  });
});

describe('isNoOpMove', () => {
  const start = board({ todo: ['a', 'b', 'c'] });
  it('spots drops that leave the card in place', () => {
    expect(isNoOpMove(start, { taskId: 'b', status: 'todo', afterId: 'a' })).toBe(true);
    expect(isNoOpMove(start, { taskId: 'b', status: 'todo', beforeId: 'c' })).toBe(true);
    expect(isNoOpMove(start, { taskId: 'b', status: 'todo', beforeId: 'a' })).toBe(false);
    expect(isNoOpMove(start, { taskId: 'b', status: 'done' })).toBe(false);
  });
});

describe('relativeMove and moveToIndex', () => {
  const start = board({ todo: ['a', 'b', 'c'], 'in-progress': ['p'], done: ['x', 'y'] });

  it('swaps with the neighbour above or below, and stops at the ends', () => {
    expect(relativeMove(start, 'b', 'up')).toEqual({ taskId: 'b', status: 'todo', beforeId: 'a' });
    expect(relativeMove(start, 'b', 'down')).toEqual({ taskId: 'b', status: 'todo', afterId: 'c' });
    expect(relativeMove(start, 'a', 'up')).toBeNull();
    expect(relativeMove(start, 'c', 'down')).toBeNull();
  });

  it('keeps the row in the next column where it can, else goes to the end', () => {
    expect(relativeMove(start, 'a', 'next-column')).toEqual({
      taskId: 'a',
      status: 'in-progress',
      beforeId: 'p',
    });
    expect(relativeMove(start, 'c', 'next-column')).toEqual({
      taskId: 'c',
      status: 'in-progress',
      afterId: 'p',
    });
    expect(relativeMove(start, 'p', 'next-column')).toEqual({ taskId: 'p', status: 'review' });
    expect(relativeMove(start, 'a', 'previous-column')).toBeNull();
    expect(relativeMove(start, 'x', 'next-column')).toBeNull();
  });

  it('counts the target index without the moved card', () => {
    expect(moveToIndex(start, 'x', 'done', 1)).toEqual({ taskId: 'x', status: 'done', afterId: 'y' });
    expect(moveToIndex(start, 'a', 'done', 0)).toEqual({ taskId: 'a', status: 'done', beforeId: 'x' });
    expect(moveToIndex(start, 'a', 'done', 9)).toEqual({ taskId: 'a', status: 'done', afterId: 'y' });
  });
});

describe('reverseMove', () => {
  it('puts a card back next to the neighbour it had', () => {
    const before = board({ todo: ['a', 'b', 'c'] });
    const after = applyCardMove(before, { taskId: 'b', status: 'done' }, today);
    const back = reverseMove(before, 'b')!;
    expect(back).toEqual({ taskId: 'b', status: 'todo', beforeId: 'c' });
    expect(ids(applyCardMove(after, back, today), 'todo')).toEqual(['a', 'b', 'c']);
    expect(reverseMove(board({ todo: ['a'] }), 'a')).toEqual({ taskId: 'a', status: 'todo' });
  });
});

describe('placeCard', () => {
  it("puts the server's card in its column by position, whatever the board showed", () => {
    // A refetch from before the move still has b in To Do.
    const stale = board({ todo: ['a', 'b'], done: ['x', 'y'] });
    const answered = { ...card('b', 'done', 1536), version: 2 };
    const placed = placeCard(stale, answered, today);
    expect(ids(placed, 'todo')).toEqual(['a']);
    expect(ids(placed, 'done')).toEqual(['x', 'b', 'y']);
    expect([count(placed, 'todo'), count(placed, 'done')]).toEqual([1, 3]);
    expect(findCard(placed, 'b')!.card).toBe(answered);
    // Already where the server put it: only the card's fields change.
    expect(ids(placeCard(placed, { ...answered, version: 3 }, today), 'done')).toEqual(['x', 'b', 'y']);
    expect(placeCard(stale, card('z', 'done', 1), today)).toBe(stale);
  });
});

describe('neighbourCard', () => {
  const start = board({ todo: ['a', 'b', 'c'], review: ['r'] });
  it('walks up, down and across columns, skipping empty ones', () => {
    expect(neighbourCard(start, 'b', 'up')).toBe('a');
    expect(neighbourCard(start, 'b', 'down')).toBe('c');
    expect(neighbourCard(start, 'a', 'up')).toBeNull();
    expect(neighbourCard(start, 'c', 'right')).toBe('r');
    expect(neighbourCard(start, 'r', 'left')).toBe('a');
    expect(neighbourCard(start, 'r', 'right')).toBeNull();
    expect(neighbourCard(start, 'b', 'last')).toBe('c');
  });
});
