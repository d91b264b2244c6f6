import {
  isTaskOverdue,
  positionBetween,
  taskStatuses,
  type TaskBoard,
  type TaskCard,
  type TaskStatus,
} from '@atrium/shared';

/**
 * A card's new place, as POST /tasks/:id/move takes it: right below `afterId`, right above
 * `beforeId`, or (neither) at the end of the `status` column.
 */
export type CardMove = { taskId: string; status: TaskStatus; afterId?: string; beforeId?: string };

/** The moves a keyboard or the card's Move menu can ask for. */
export type MoveDirection = 'up' | 'down' | 'previous-column' | 'next-column';

export type CardPlace = { status: TaskStatus; index: number; count: number; card: TaskCard };

export function findCard(board: TaskBoard, taskId: string): CardPlace | null {
  for (const column of board.columns) {
    const index = column.tasks.findIndex((task) => task.id === taskId);
    if (index >= 0) return { status: column.status, index, count: column.count, card: column.tasks[index]! };
  }
  return null;
}

function insertionIndex(tasks: readonly TaskCard[], move: CardMove): number {
  if (move.afterId !== undefined) {
    const anchor = tasks.findIndex((task) => task.id === move.afterId);
    if (anchor >= 0) return anchor + 1;
  }
  if (move.beforeId !== undefined) {
    const anchor = tasks.findIndex((task) => task.id === move.beforeId);
    if (anchor >= 0) return anchor;
  }
  return tasks.length;
}

/**
 * The board as it will be once the server has made the move: the optimistic update, and the
 * overlay that keeps a move in flight on screen when a refetch lands first. Applying a move that is
 * already made changes nothing, so both may apply the same move. `today` (the workspace's date)
 * decides whether a card that leaves Done is overdue again (spec 9).
 */
export function applyCardMove(board: TaskBoard, move: CardMove, today: string): TaskBoard {
  const from = findCard(board, move.taskId);
  if (!from) return board;
  const statusChanged = from.status !== move.status;
  return {
    ...board,
    columns: board.columns.map((column) => {
      if (column.status !== from.status && column.status !== move.status) return column;
      const tasks = column.tasks.filter((task) => task.id !== move.taskId);
      let count = column.count;
      if (column.status === move.status) {
        const at = insertionIndex(tasks, move);
        const above = tasks[at - 1]?.position ?? null;
        const below = tasks[at]?.position ?? null;
        const moved: TaskCard = {
          ...from.card,
          status: move.status,
          overdue: isTaskOverdue({ dueDate: from.card.dueDate, status: move.status }, today),
          position: positionBetween(above, below) ?? above ?? from.card.position,
        };
        tasks.splice(at, 0, moved);
        if (statusChanged) count += 1;
      } else if (statusChanged) {
        count -= 1;
      }
      return { ...column, tasks, count };
    }),
  };
}

/**
 * The board with the server's answer to a move: `card` in its status's column, placed by its
 * position, replacing what the optimistic update guessed. Without it, a refetch that left before
 * the move was made would show the card back in its old place once the move stops being pending.
 */
export function placeCard(board: TaskBoard, card: TaskCard, today: string): TaskBoard {
  const column = board.columns.find((candidate) => candidate.status === card.status);
  if (!column || !findCard(board, card.id)) return board;
  const others = column.tasks.filter((task) => task.id !== card.id);
  const below = others.findIndex((task) => task.position > card.position);
  const placed = applyCardMove(
    board,
    moveToIndex(board, card.id, card.status, below === -1 ? others.length : below),
    today,
  );
  return {
    ...placed,
    columns: placed.columns.map((candidate) =>
      candidate.status === card.status
        ? { ...candidate, tasks: candidate.tasks.map((task) => (task.id === card.id ? card : task)) }
        : candidate,
    ),
  };
}

/** Whether the move would leave the card where it is (a drop on itself or its own gap). */
export function isNoOpMove(board: TaskBoard, move: CardMove): boolean {
  const before = findCard(board, move.taskId);
  if (!before) return true;
  const after = findCard(applyCardMove(board, move, ''), move.taskId);
  return after !== null && after.status === before.status && after.index === before.index;
}

/**
 * The move to `status` that puts the card at `index` of that column (counted without the card),
 * expressed by its neighbours as the server wants it.
 */
export function moveToIndex(board: TaskBoard, taskId: string, status: TaskStatus, index: number): CardMove {
  const column = board.columns.find((candidate) => candidate.status === status);
  const others = (column?.tasks ?? []).filter((task) => task.id !== taskId);
  const target = Math.max(0, Math.min(index, others.length));
  const below = others[target];
  if (below) return { taskId, status, beforeId: below.id };
  const above = others[target - 1];
  return above ? { taskId, status, afterId: above.id } : { taskId, status };
}

/**
 * Up and down swap the card with its neighbour; to another column it keeps its row where it can,
 * so the card stays in view and the keys can walk it back.
 */
export function relativeMove(board: TaskBoard, taskId: string, direction: MoveDirection): CardMove | null {
  const place = findCard(board, taskId);
  if (!place) return null;
  const column = board.columns.find((candidate) => candidate.status === place.status)!;
  switch (direction) {
    case 'up': {
      const above = column.tasks[place.index - 1];
      return above ? { taskId, status: place.status, beforeId: above.id } : null;
    }
    case 'down': {
      const below = column.tasks[place.index + 1];
      return below ? { taskId, status: place.status, afterId: below.id } : null;
    }
    case 'previous-column':
    case 'next-column': {
      const step = direction === 'next-column' ? 1 : -1;
      const status = taskStatuses[taskStatuses.indexOf(place.status) + step];
      return status ? moveToIndex(board, taskId, status, place.index) : null;
    }
  }
}

/**
 * The move that puts the card back where it is on `before` (the board before a refused move): used
 * while later moves are still on their way, so only this card goes back and theirs stay.
 */
export function reverseMove(before: TaskBoard, taskId: string): CardMove | null {
  const place = findCard(before, taskId);
  if (!place) return null;
  const column = before.columns.find((candidate) => candidate.status === place.status)!;
  const below = column.tasks[place.index + 1];
  if (below) return { taskId, status: place.status, beforeId: below.id };
  const above = column.tasks[place.index - 1];
  return above ? { taskId, status: place.status, afterId: above.id } : { taskId, status: place.status };
}

/** The card that arrow-key focus goes to from `taskId` (null: none that way). */
export function neighbourCard(
  board: TaskBoard,
  taskId: string,
  direction: 'up' | 'down' | 'left' | 'right' | 'first' | 'last',
): string | null {
  const place = findCard(board, taskId);
  if (!place) return null;
  const columnIndex = taskStatuses.indexOf(place.status);
  const tasksOf = (index: number) => board.columns[index]?.tasks ?? [];
  const own = tasksOf(columnIndex);
  switch (direction) {
    case 'up':
      return own[place.index - 1]?.id ?? null;
    case 'down':
      return own[place.index + 1]?.id ?? null;
    case 'first':
      return own[0]?.id ?? null;
    case 'last':
      return own.at(-1)?.id ?? null;
    case 'left':
    case 'right': {
      // Skips empty columns, landing on the nearest row of the next column that has cards.
      const step = direction === 'right' ? 1 : -1;
      for (let index = columnIndex + step; index >= 0 && index < board.columns.length; index += step) {
        const tasks = tasksOf(index);
        if (tasks.length > 0) return tasks[Math.min(place.index, tasks.length - 1)]!.id;
      }
      return null;
    }
  }
}
