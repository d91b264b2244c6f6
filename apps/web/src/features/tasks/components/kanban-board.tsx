import { monitorForElements } from '@atlaskit/pragmatic-drag-and-drop/adapter/element-adapter';
import { combine } from '@atlaskit/pragmatic-drag-and-drop/utils/combine';
import { autoScrollForElements } from '@atlaskit/pragmatic-drag-and-drop-auto-scroll/element';
import { extractClosestEdge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/extract-closest-edge';
import { taskStatuses, taskStatusLabels, type TaskBoard, type TaskStatus } from '@atrium/shared';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useMoveCard, type BoardFilters, type MoveRequest } from '../api/board.queries';
import {
  applyCardMove,
  findCard,
  isNoOpMove,
  moveToIndex,
  neighbourCard,
  relativeMove,
  type CardMove,
  type MoveDirection,
} from '../lib/kanban-moves';
import { KanbanColumn, type KanbanColumnHandle } from './kanban-column';
import {
  cardKeyCommand,
  isCardDragData,
  isColumnDropData,
  KanbanActionsContext,
  type KanbanActions,
} from './kanban-context';

/** How long the board keeps trying to focus a moved card while it renders in its new place. */
const focusAttemptFrames = 60;

/**
 * The four columns, and everything that moves cards between them: drag and drop (pragmatic drag and
 * drop: native drag events, no re-render while dragging), the keyboard and the Move menu, an
 * announcement of each move for screen readers, and focus that follows the moved card.
 */
export function KanbanBoard({
  board,
  filters,
  timeZone,
  canWork,
  canAdd,
  busy,
  onOpenCard,
  onAddTask,
}: {
  board: TaskBoard;
  filters: BoardFilters;
  timeZone: string | undefined;
  canWork: boolean;
  canAdd: boolean;
  /** A new filter's answer is on its way: the board shown is the old one, so nothing moves. */
  busy: boolean;
  onOpenCard: (taskId: string) => void;
  onAddTask: (status: TaskStatus) => void;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const columnHandles = useRef(new Map<TaskStatus, KanbanColumnHandle>());
  const [announcement, setAnnouncement] = useState('');
  const keyboardHintId = useId();
  // Handlers read the board as it is now, so their identity never changes and cards stay memoized.
  const latest = useRef<{
    board: TaskBoard;
    busy: boolean;
    onOpenCard: (taskId: string) => void;
    submit: ((request: MoveRequest) => void) | null;
  }>({ board, busy, onOpenCard, submit: null });
  /**
   * Moves sent but maybe not rendered yet: a key held down sends the next move before the board
   * re-renders, and it must start from where the last one put the card.
   */
  const sentMoves = useRef<MoveRequest[]>([]);
  /** The card focus is on its way to (scrolled into view first); arrow keys count from it. */
  const focusing = useRef<string | null>(null);

  // Each announcement differs from the last (a trailing space toggles), so a repeat is read again.
  const announce = useCallback(
    (text: string) => setAnnouncement((previous) => (previous === text ? `${text} ` : text)),
    [],
  );

  /**
   * Focuses the card once the board shows it where `expected` says (a move renders a moment later),
   * scrolling its column first when the card is outside the rendered window.
   */
  const focusCard = useCallback((taskId: string, expected?: { status: TaskStatus; index: number }) => {
    let frames = 0;
    let scrolledTo: string | null = null;
    focusing.current = taskId;
    const attempt = () => {
      frames += 1;
      // A newer request (the next key press) takes over.
      if (focusing.current !== taskId) return;
      const place = findCard(latest.current.board, taskId);
      const root = rootRef.current;
      if (!place || !root || frames > focusAttemptFrames) {
        focusing.current = null;
        return;
      }
      const settled = !expected || (place.status === expected.status && place.index === expected.index);
      const button = settled
        ? root.querySelector<HTMLElement>(`[data-column="${place.status}"] [data-card-focus="${taskId}"]`)
        : null;
      const rendered = button?.closest('li')?.getAttribute('data-index') === String(place.index);
      if (button && rendered) {
        button.focus();
        if (document.activeElement === button) {
          focusing.current = null;
          return;
        }
      } else if (settled && scrolledTo !== `${place.status}:${place.index}`) {
        scrolledTo = `${place.status}:${place.index}`;
        columnHandles.current.get(place.status)?.scrollToIndex(place.index);
      }
      requestAnimationFrame(attempt);
    };
    // A card already in the page takes focus at once, so the next key press starts from it.
    attempt();
  }, []);

  const moveMutation = useMoveCard(filters, timeZone, {
    onRefused: (request, error) => {
      toast.error(`'${request.title}' could not be moved`, { description: error.message });
      announce(`'${request.title}' could not be moved and is back in its place.`);
      const active = document.activeElement;
      if (active === document.body || rootRef.current?.contains(active)) focusCard(request.taskId);
    },
    onSettled: (request) => {
      sentMoves.current = sentMoves.current.filter((sent) => sent !== request);
    },
  });

  const { mutate } = moveMutation;
  useLayoutEffect(() => {
    latest.current = {
      board: sentMoves.current.reduce((shown, move) => applyCardMove(shown, move, ''), board),
      busy,
      onOpenCard,
      submit: (request) => mutate(request),
    };
  });

  const submitMove = useCallback(
    (move: CardMove, { keepFocus }: { keepFocus: boolean }) => {
      const { board: current, busy: waiting, submit } = latest.current;
      const place = findCard(current, move.taskId);
      if (!place || !submit || waiting || isNoOpMove(current, move)) return;
      const after = applyCardMove(current, move, '');
      const landed = findCard(after, move.taskId);
      const request = { ...move, title: place.card.title };
      sentMoves.current.push(request);
      latest.current.board = after;
      submit(request);
      if (!landed) return;
      announce(
        `Moved '${place.card.title}' to ${taskStatusLabels[landed.status]}, position ${landed.index + 1} of ${landed.count}`,
      );
      if (keepFocus) focusCard(move.taskId, { status: landed.status, index: landed.index });
    },
    [announce, focusCard],
  );

  const moveCard = useCallback(
    (taskId: string, to: MoveDirection | { status: TaskStatus }) => {
      const current = latest.current.board;
      const place = findCard(current, taskId);
      if (!place) return;
      const move =
        typeof to === 'string'
          ? relativeMove(current, taskId, to)
          : moveToIndex(current, taskId, to.status, place.index);
      if (move) submitMove(move, { keepFocus: true });
      else announce(`'${place.card.title}' cannot move that way.`);
    },
    [submitMove, announce],
  );

  const actions = useMemo<KanbanActions>(
    () => ({
      canWork,
      keyboardHintId,
      openCard: (taskId) => latest.current.onOpenCard(taskId),
      moveCard,
      handleCardKey: (taskId, keys) => {
        const command = cardKeyCommand(keys);
        if (!command) return false;
        // While focus is on its way to a card (it moved, or is scrolled into view), keys count from it.
        const from = focusing.current ?? taskId;
        if (command.kind === 'focus') {
          const target = neighbourCard(latest.current.board, from, command.direction);
          if (target) focusCard(target);
          return true;
        }
        if (!canWork) return false;
        moveCard(from, command.direction);
        return true;
      },
    }),
    [canWork, keyboardHintId, moveCard, focusCard],
  );

  // One stable ref callback per column, so a board render does not re-render every column.
  const columnRefs = useMemo(
    () =>
      Object.fromEntries(
        taskStatuses.map((status) => [
          status,
          (handle: KanbanColumnHandle | null) => {
            if (handle) columnHandles.current.set(status, handle);
            else columnHandles.current.delete(status);
          },
        ]),
      ) as Record<TaskStatus, (handle: KanbanColumnHandle | null) => void>,
    [],
  );

  // A moved card is briefly out of the page while it re-renders in its new place; a key pressed in
  // that moment lands on the page itself and still belongs to the card.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const taskId = focusing.current;
      if (!taskId || (document.activeElement !== document.body && document.activeElement !== null)) return;
      if (actions.handleCardKey(taskId, event)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [actions]);

  // One monitor for every card: a drop becomes a move relative to the card it landed on.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !canWork) return;
    return combine(
      monitorForElements({
        canMonitor: ({ source }) => isCardDragData(source.data),
        onDrop: ({ source, location }) => {
          const dragged = source.data;
          const [innermost] = location.current.dropTargets;
          if (!isCardDragData(dragged) || !innermost) return;
          const target = innermost.data;
          let move: CardMove | null = null;
          if (isCardDragData(target)) {
            if (target.taskId === dragged.taskId) return;
            const edge = extractClosestEdge(target);
            move =
              edge === 'top'
                ? { taskId: dragged.taskId, status: target.status, beforeId: target.taskId }
                : { taskId: dragged.taskId, status: target.status, afterId: target.taskId };
          } else if (isColumnDropData(target)) {
            move = { taskId: dragged.taskId, status: target.status };
          }
          if (move) submitMove(move, { keepFocus: false });
        },
      }),
      // On a narrow screen the columns scroll sideways; a card dragged to the edge brings the next one in.
      autoScrollForElements({ element: scroller, canScroll: ({ source }) => isCardDragData(source.data) }),
    );
  }, [canWork, submitMove]);

  return (
    <KanbanActionsContext value={actions}>
      <div ref={rootRef} aria-busy={busy} className={busy ? 'opacity-60 transition-opacity' : undefined}>
        {/* What a card's description says: the keys, or on a touch screen what a finger does. */}
        <p id={keyboardHintId} className="sr-only">
          <span className="pointer-coarse:hidden">
            {canWork
              ? 'Enter opens the task. Arrow keys go to the next card; Alt with an arrow key moves this card up, down or to the next column.'
              : 'Enter opens the task. Arrow keys go to the next card.'}
          </span>
          <span className="hidden pointer-coarse:inline">
            {canWork
              ? 'Opens the task. The Move button next to it moves the card up, down or to another column.'
              : 'Opens the task.'}
          </span>
        </p>
        {/* Relative: the cards' screen-reader texts are positioned, and without a containing block
            here they escaped the scrolling frame and made a phone's whole page scroll sideways. */}
        <div
          ref={scrollerRef}
          className="relative -mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-3 sm:mx-0 sm:px-0"
        >
          {board.columns.map((column) => (
            <KanbanColumn
              key={column.status}
              column={column}
              canAdd={canAdd}
              canWork={canWork}
              onAddTask={onAddTask}
              handleRef={columnRefs[column.status]}
            />
          ))}
        </div>
        <div aria-live="polite" aria-atomic="true" className="sr-only">
          {announcement}
        </div>
      </div>
    </KanbanActionsContext>
  );
}
