import type { TaskStatus } from '@atrium/shared';
import { createContext, useContext } from 'react';
import type { MoveDirection } from '../lib/kanban-moves';

export type FocusDirection = 'up' | 'down' | 'left' | 'right' | 'first' | 'last';

/**
 * What a card can ask of its board. The functions keep their identity across renders, so a move
 * re-renders only the cards whose place changed, not all of them.
 */
export type KanbanActions = {
  canWork: boolean;
  /** Explains the keys; every card points at it with aria-describedby. */
  keyboardHintId: string;
  openCard: (taskId: string) => void;
  moveCard: (taskId: string, to: MoveDirection | { status: TaskStatus }) => void;
  /** The card's keys: arrows go to a neighbour, Alt+arrows move the card. True when handled. */
  handleCardKey: (taskId: string, keys: CardKeys) => boolean;
};

export type CardKeys = Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>;

const focusKeys: Partial<Record<string, FocusDirection>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Home: 'first',
  End: 'last',
};

const moveKeys: Partial<Record<string, MoveDirection>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'previous-column',
  ArrowRight: 'next-column',
};

/** What a key press on a card asks for, if anything. */
export function cardKeyCommand(
  keys: CardKeys,
): { kind: 'move'; direction: MoveDirection } | { kind: 'focus'; direction: FocusDirection } | null {
  if (keys.ctrlKey || keys.metaKey || keys.shiftKey) return null;
  const move = moveKeys[keys.key];
  if (keys.altKey) return move ? { kind: 'move', direction: move } : null;
  const focus = focusKeys[keys.key];
  return focus ? { kind: 'focus', direction: focus } : null;
}

export const KanbanActionsContext = createContext<KanbanActions | null>(null);

export function useKanbanActions(): KanbanActions {
  const actions = useContext(KanbanActionsContext);
  if (!actions) throw new Error('useKanbanActions must be used inside the kanban board');
  return actions;
}

/** What a dragged card carries, and what a card or a column says about itself as a drop target. */
export type CardDragData = { type: 'kanban-card'; taskId: string; status: TaskStatus };
export type ColumnDropData = { type: 'kanban-column'; status: TaskStatus };

export const isCardDragData = (data: Record<string | symbol, unknown>): data is CardDragData =>
  data.type === 'kanban-card' && typeof data.taskId === 'string';

export const isColumnDropData = (data: Record<string | symbol, unknown>): data is ColumnDropData =>
  data.type === 'kanban-column' && typeof data.status === 'string';
