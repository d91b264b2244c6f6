import { dropTargetForElements } from '@atlaskit/pragmatic-drag-and-drop/adapter/element-adapter';
import { combine } from '@atlaskit/pragmatic-drag-and-drop/utils/combine';
import { autoScrollForElements } from '@atlaskit/pragmatic-drag-and-drop-auto-scroll/element';
import { formatCount, nounFor, type BoardColumn, type TaskStatus } from '@atrium/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Plus } from 'lucide-react';
import { memo, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { cn } from '../../../lib/cn';
import { KanbanCard } from './kanban-card';
import { isCardDragData, type ColumnDropData } from './kanban-context';

/** What the board asks of a column whose cards are mostly not in the page (virtualized). */
export type KanbanColumnHandle = {
  /** Brings the card at `index` into view, so it is rendered and can take focus. */
  scrollToIndex: (index: number) => void;
};

const columnAccents: Record<TaskStatus, string> = {
  todo: 'bg-slate-400',
  'in-progress': 'bg-sky-500',
  review: 'bg-violet-500',
  done: 'bg-emerald-500',
};

/** A first guess at a card's height; each rendered card is measured. */
const estimatedCardHeight = 150;
const cardGap = 8;

/**
 * One status column (spec 2 Kanban): heading, count, Add Task, and its cards. Only the cards in
 * view (and a few around them) are in the page, so a column of hundreds scrolls smoothly; the list
 * still tells assistive technology each card's place (aria-posinset/-setsize).
 */
export const KanbanColumn = memo(function KanbanColumn({
  column,
  canAdd,
  canWork,
  onAddTask,
  handleRef,
}: {
  column: BoardColumn;
  canAdd: boolean;
  canWork: boolean;
  onAddTask: (status: TaskStatus) => void;
  handleRef: Ref<KanbanColumnHandle>;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [draggedOver, setDraggedOver] = useState(false);
  const { tasks } = column;
  const headingId = `kanban-column-${column.status}`;

  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedCardHeight,
    getItemKey: (index) => tasks[index]?.id ?? index,
    overscan: 4,
    // Scrolling renders with React's normal batching instead of a synchronous render per scroll event.
    useFlushSync: false,
    gap: cardGap,
    paddingStart: cardGap,
    paddingEnd: cardGap,
  });

  useImperativeHandle(
    handleRef,
    () => ({ scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }) }),
    [virtualizer],
  );

  useEffect(() => {
    const element = scrollRef.current;
    if (!element || !canWork) return;
    const data: ColumnDropData = { type: 'kanban-column', status: column.status };
    return combine(
      dropTargetForElements({
        element,
        getData: () => data,
        canDrop: ({ source }) => isCardDragData(source.data),
        onDragEnter: () => setDraggedOver(true),
        onDragLeave: () => setDraggedOver(false),
        onDrop: () => setDraggedOver(false),
      }),
      autoScrollForElements({ element, canScroll: ({ source }) => isCardDragData(source.data) }),
    );
  }, [column.status, canWork]);

  const hidden = column.count - tasks.length;

  return (
    <section
      aria-labelledby={headingId}
      data-column={column.status}
      className={cn(
        'flex w-[min(20rem,85vw)] shrink-0 snap-start flex-col rounded-2xl xl:w-auto xl:min-w-0 xl:flex-1',
        draggedOver ? 'bg-indigo-50 ring-2 ring-indigo-400' : 'bg-slate-100/80 ring-1 ring-slate-200',
      )}
    >
      <header className="flex h-11 items-center gap-2 px-3 pt-2">
        <span
          aria-hidden="true"
          className={cn('size-2.5 shrink-0 rounded-full', columnAccents[column.status])}
        />
        <h2 id={headingId} className="min-w-0 truncate text-sm font-semibold text-slate-900">
          {column.title}
        </h2>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
          {formatCount(column.count)}
          <span className="sr-only">{` ${nounFor(column.count, { one: 'task', other: 'tasks' })}`}</span>
        </span>
      </header>
      {canAdd ? (
        <div className="px-2 pt-1">
          <button
            type="button"
            aria-label={`Add Task to ${column.title}`}
            onClick={() => onAddTask(column.status)}
            className="flex h-9 w-full items-center justify-center gap-1.5 rounded-lg border border-dashed border-slate-300 text-sm font-semibold text-slate-700 hover:border-indigo-400 hover:bg-white hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Plus aria-hidden="true" className="size-4" />
            Add Task
          </button>
        </div>
      ) : null}
      <div
        ref={scrollRef}
        className="mt-1 max-h-[calc(100dvh-20rem)] min-h-40 overflow-y-auto overscroll-contain px-2"
      >
        {tasks.length === 0 ? (
          <p className="px-3 py-10 text-center text-sm text-slate-600">
            {canWork ? 'No tasks. Drop a card here.' : 'No tasks'}
          </p>
        ) : (
          <ul
            aria-labelledby={headingId}
            className="relative w-full"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const task = tasks[item.index]!;
              return (
                <li
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  aria-posinset={item.index + 1}
                  aria-setsize={column.count}
                  className="absolute inset-x-0 top-0"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <KanbanCard task={task} index={item.index} columnLength={tasks.length} />
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {hidden > 0 ? (
        <p className="px-3 pt-2 text-xs text-slate-600">
          {`Showing the first ${formatCount(tasks.length)} of ${formatCount(column.count)}. Filter by assignee or priority to see the rest.`}
        </p>
      ) : null}
      <div className="h-2" />
    </section>
  );
});
