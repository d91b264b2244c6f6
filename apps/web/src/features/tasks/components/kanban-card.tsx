import { formatCalendarDate } from '../../../lib/dates';
import { draggable, dropTargetForElements } from '@atlaskit/pragmatic-drag-and-drop/adapter/element-adapter';
import { combine } from '@atlaskit/pragmatic-drag-and-drop/utils/combine';
import { attachClosestEdge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/attach-closest-edge';
import { extractClosestEdge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/extract-closest-edge';
import type { Edge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/types';
import {
  employeeFullName,
  nounFor,
  showsPriorityBadge,
  taskHoursLabel,
  taskStatuses,
  taskStatusLabels,
  type TaskCard,
} from '@atrium/shared';
import {
  ArrowDown,
  ArrowRight,
  ArrowUp,
  CalendarDays,
  Clock,
  ListChecks,
  MessageSquare,
  MoveIcon,
  Paperclip,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { MenuContent, MenuItem, MenuSeparator } from '../../../components/ui/menu';
import { cn } from '../../../lib/cn';
import type { MoveDirection } from '../lib/kanban-moves';
import { TaskPriorityBadge } from './task-badges';
import { isCardDragData, useKanbanActions, type CardDragData } from './kanban-context';

/**
 * One kanban card (spec 2: title, priority unless low, description, subtask progress, due date,
 * hours, assignee or 'Unassigned', comment and attachment counts). It is dragged by mouse, touch or
 * pen; the title button takes focus, Enter opens the details, the arrow keys walk the board and
 * Alt+arrows move the card (WCAG 2.5.7: every drag has a single-pointer and keyboard way too).
 */
export const KanbanCard = memo(function KanbanCard({
  task,
  index,
  columnLength,
}: {
  task: TaskCard;
  index: number;
  columnLength: number;
}) {
  const actions = useKanbanActions();
  const { canWork } = actions;
  const cardRef = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const [dropEdge, setDropEdge] = useState<Edge | null>(null);
  const detailsId = useId();

  useEffect(() => {
    const element = cardRef.current;
    if (!element || !canWork) return;
    const ownData: CardDragData = { type: 'kanban-card', taskId: task.id, status: task.status };
    return combine(
      draggable({
        element,
        getInitialData: () => ownData,
        onDragStart: () => setDragging(true),
        onDrop: () => setDragging(false),
      }),
      dropTargetForElements({
        element,
        canDrop: ({ source }) => isCardDragData(source.data),
        getData: ({ input }) =>
          attachClosestEdge(ownData, { element, input, allowedEdges: ['top', 'bottom'] }),
        // Over itself the card shows no line: dropping there leaves it where it is.
        onDrag: ({ self, source }) =>
          setDropEdge(source.data.taskId === task.id ? null : extractClosestEdge(self.data)),
        onDragLeave: () => setDropEdge(null),
        onDrop: () => setDropEdge(null),
      }),
    );
  }, [task.id, task.status, canWork]);

  const onTitleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (actions.handleCardKey(task.id, event)) event.preventDefault();
  };

  // The whole card opens the details for a pointer; keyboards use the title button. Clicks that
  // bubble up from the Move menu (a portal) are not clicks on the card.
  const onCardClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.target as Node)) return;
    if ((event.target as Element).closest('[data-card-menu]')) return;
    // The dialog gives focus back to what had it when it opened: the card, not the page.
    event.currentTarget.querySelector<HTMLElement>('[data-card-focus]')?.focus({ preventScroll: true });
    actions.openCard(task.id);
  };

  const assigneeName = task.assignee ? employeeFullName(task.assignee) : null;
  const hours = taskHoursLabel(task);

  return (
    // The title button inside is the keyboard way to open the card; this handler adds the pointer's.
    <div
      ref={cardRef}
      onClick={onCardClick}
      className={cn(
        'group relative rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 transition-shadow',
        'focus-within:ring-2 focus-within:ring-indigo-600 hover:shadow-md hover:ring-slate-300',
        canWork ? 'cursor-grab active:cursor-grabbing' : 'cursor-pointer',
        dragging && 'opacity-40',
      )}
    >
      {dropEdge ? <DropLine edge={dropEdge} /> : null}
      <div className="flex items-start gap-2">
        <button
          type="button"
          data-card-focus={task.id}
          onKeyDown={onTitleKeyDown}
          aria-describedby={`${detailsId} ${actions.keyboardHintId}`}
          className="min-w-0 flex-1 rounded text-left text-sm font-semibold break-words text-slate-900 focus-visible:outline-none"
        >
          {task.title}
        </button>
        {canWork ? <MoveMenu task={task} index={index} columnLength={columnLength} /> : null}
      </div>
      <div id={detailsId}>
        {showsPriorityBadge(task.priority) ? (
          <TaskPriorityBadge priority={task.priority} className="mt-2" />
        ) : null}
        {task.description ? (
          <p className="mt-2 line-clamp-2 text-sm break-words text-slate-600">{task.description}</p>
        ) : null}
        {task.subtaskTotal > 0 ? <SubtaskProgress done={task.subtaskDone} total={task.subtaskTotal} /> : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          {task.dueDate ? (
            <span
              className={cn('inline-flex items-center gap-1', task.overdue && 'font-semibold text-red-700')}
            >
              <CalendarDays aria-hidden="true" className="size-3.5" />
              <span className="sr-only">Due </span>
              {formatCalendarDate(task.dueDate)}
              {task.overdue ? <span>· Overdue</span> : null}
            </span>
          ) : null}
          {hours ? (
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{task.actualHours === null ? 'Estimated hours ' : 'Hours '}</span>
              {hours}
            </span>
          ) : null}
        </div>
        <div className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-2 text-xs">
          {assigneeName ? (
            <span className="flex min-w-0 items-center gap-1.5 text-slate-800">
              <Avatar name={assigneeName} size="sm" />
              <span className="truncate">{assigneeName}</span>
            </span>
          ) : (
            <span className="text-slate-600 italic">Unassigned</span>
          )}
          <span className="flex shrink-0 items-center gap-2.5 text-slate-600">
            <span className="inline-flex items-center gap-1">
              <MessageSquare aria-hidden="true" className="size-3.5" />
              {task.commentCount}
              <span className="sr-only">{` ${nounFor(task.commentCount, { one: 'comment', other: 'comments' })}`}</span>
            </span>
            <span className="inline-flex items-center gap-1">
              <Paperclip aria-hidden="true" className="size-3.5" />
              {task.attachmentCount}
              <span className="sr-only">{` ${nounFor(task.attachmentCount, { one: 'attachment', other: 'attachments' })}`}</span>
            </span>
          </span>
        </div>
      </div>
    </div>
  );
});

function SubtaskProgress({ done, total }: { done: number; total: number }) {
  return (
    <div className="mt-2 flex items-center gap-2 text-xs text-slate-600">
      <ListChecks aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">Subtasks </span>
      <span className="shrink-0">{`${done}/${total}`}</span>
      <span aria-hidden="true" className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100">
        <span
          className="block h-full rounded-full bg-emerald-500"
          style={{ width: `${Math.round((done / total) * 100)}%` }}
        />
      </span>
    </div>
  );
}

/** Where the dragged card will land: a line above or below this card, in the gap between cards. */
function DropLine({ edge }: { edge: Edge }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute inset-x-1 z-10 h-0.5 rounded-full bg-indigo-600',
        edge === 'top' ? '-top-[5px]' : '-bottom-[5px]',
      )}
    >
      <span className="absolute -top-[3px] -left-1 size-2 rounded-full border-2 border-indigo-600 bg-white" />
    </span>
  );
}

/** The single-pointer and screen-reader way to move a card: up, down, or to another column. */
function MoveMenu({ task, index, columnLength }: { task: TaskCard; index: number; columnLength: number }) {
  const actions = useKanbanActions();
  // The board puts focus on the moved card itself; the menu must not pull it back to its trigger.
  const moved = useRef(false);
  const move = (to: MoveDirection | { status: TaskCard['status'] }) => {
    moved.current = true;
    actions.moveCard(task.id, to);
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        data-card-menu=""
        aria-label={`Move ${task.title}`}
        className="-mt-1 -mr-1 grid size-8 shrink-0 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=open]:bg-slate-100"
      >
        <MoveIcon aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <MenuContent
        align="end"
        aria-label={`Move ${task.title}`}
        onCloseAutoFocus={(event) => {
          if (moved.current) event.preventDefault();
          moved.current = false;
        }}
      >
        <MenuItem disabled={index === 0} onSelect={() => move('up')}>
          <ArrowUp aria-hidden="true" className="size-4" />
          Move up
        </MenuItem>
        <MenuItem disabled={index >= columnLength - 1} onSelect={() => move('down')}>
          <ArrowDown aria-hidden="true" className="size-4" />
          Move down
        </MenuItem>
        <MenuSeparator />
        {taskStatuses
          .filter((status) => status !== task.status)
          .map((status) => (
            <MenuItem key={status} onSelect={() => move({ status })}>
              <ArrowRight aria-hidden="true" className="size-4" />
              {`Move to ${taskStatusLabels[status]}`}
            </MenuItem>
          ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
