import type { TaskSummary } from '@atrium/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ListTodo, Plus, SearchX } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadMore, PagedListError, PagedListHeading, type ListNoun } from '../../../components/ui/paged-list';
import { ViewSwitch } from '../../../components/ui/view-switch';
import { cn } from '../../../lib/cn';
import { hasPermission, useMe } from '../../accounts';
import { taskListQueryOptions } from '../api/tasks.queries';
import { TaskBulkBar } from '../components/task-bulk-bar';
import { TaskDetailDialog } from '../components/task-detail-dialog';
import { TaskFormDialog } from '../components/task-form-dialog';
import { TaskGrid } from '../components/task-grid';
import { TaskListSkeleton } from '../components/task-list-skeleton';
import { TaskListToolbar, taskListViews } from '../components/task-list-toolbar';
import { TaskTable, type TaskSelection } from '../components/task-table';
import { useTaskListAddress } from '../hooks/use-task-list-address';
import { clearedTaskFilters, hasActiveTaskFilters, type TaskListFilters } from '../lib/task-list-filters';

const taskNoun: ListNoun = { one: 'task', many: 'tasks' };

/**
 * /projects/tasks (spec 2 "Task list"): every task the member can see, searched, filtered and sorted
 * by the server in keyset pages, so it stays quick at 100,000 tasks; the filters live in the address.
 */
export function TaskListPage() {
  const me = useMe();
  const canWork = hasPermission(me, 'tasks:work');
  const { filters, view, changeFilters, changeView } = useTaskListAddress();

  const list = useInfiniteQuery(taskListQueryOptions(filters));
  // Derived from the query's data only, so they keep their identity while a new order is on its way
  // (the old rows stay as placeholders) and the memoized rows need not render again.
  const tasks = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const tasksById = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);

  const [selectedIds, setSelectedIds] = useState<readonly string[]>([]);
  const [creating, setCreating] = useState(false);
  const [openTaskId, setOpenTaskId] = useState<string | null>(null);

  // Only loaded rows can be selected: a task that left the list (filtered out, deleted) drops out.
  const selected = selectedIds.filter((id) => tasksById.has(id));
  const selectedSet = new Set(selected);
  // Stable while the rows are the same: it works on the latest selection instead of this render's.
  const toggle = useCallback(
    (id: string) =>
      setSelectedIds((current) => {
        const loaded = current.filter((other) => tasksById.has(other));
        return loaded.includes(id) ? loaded.filter((other) => other !== id) : [...loaded, id];
      }),
    [tasksById],
  );
  const selection: TaskSelection = {
    selected: selectedSet,
    onToggle: toggle,
    onToggleAll: () =>
      setSelectedIds(
        tasks.length > 0 && selected.length === tasks.length ? [] : tasks.map((task) => task.id),
      ),
  };

  const applyFilters = (changes: Partial<TaskListFilters>) => {
    // A new search or filter starts a new selection: acting on rows no longer shown would surprise.
    if (Object.keys(changes).some((key) => key !== 'sort' && key !== 'order')) setSelectedIds([]);
    changeFilters(changes);
  };
  const open = useCallback((task: TaskSummary) => setOpenTaskId(task.id), []);
  const filtered = hasActiveTaskFilters(filters);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Tasks & Workflows — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Tasks & Workflows"
        description="All tasks across your projects: filter, sort and keep work moving."
        actions={
          canWork ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Create New Task
            </Button>
          ) : null
        }
      />

      <TaskListToolbar
        filters={filters}
        onChange={applyFilters}
        searching={list.isFetching && !list.isFetchingNextPage && list.isPlaceholderData}
      />

      <section aria-labelledby="task-results" aria-busy={list.isFetching} className="space-y-4">
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
          <PagedListHeading id="task-results" list={list} noun={taskNoun} />
          <div className="flex items-center gap-2">
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={() => applyFilters(clearedTaskFilters(filters))}>
                Clear filters
              </Button>
            ) : null}
            <ViewSwitch choices={taskListViews} view={view} onViewChange={changeView} />
          </div>
        </div>

        {canWork && selected.length > 0 ? (
          <TaskBulkBar
            selectedIds={selected}
            tasksById={tasksById}
            onDone={() => setSelectedIds([])}
            onClear={() => setSelectedIds([])}
          />
        ) : null}

        {list.isPending ? (
          <TaskListSkeleton view={view} />
        ) : list.isError && tasks.length === 0 ? (
          <PagedListError list={list} noun={taskNoun} />
        ) : tasks.length === 0 ? (
          <EmptyState
            icon={filtered ? SearchX : ListTodo}
            title="No tasks found"
            description={
              filtered
                ? 'No task matches this search and these filters. Try other words or clear the filters.'
                : 'Create the first task to start tracking work.'
            }
            action={
              filtered ? (
                <Button variant="secondary" onClick={() => applyFilters(clearedTaskFilters(filters))}>
                  Clear filters
                </Button>
              ) : canWork ? (
                <Button onClick={() => setCreating(true)}>
                  <Plus aria-hidden="true" className="size-4" />
                  Create New Task
                </Button>
              ) : null
            }
          />
        ) : (
          <div className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
            {view === 'grid' ? (
              <TaskGrid tasks={tasks} selection={selection} onOpen={open} />
            ) : (
              <TaskTable
                tasks={tasks}
                selection={selection}
                sort={filters}
                onSort={changeFilters}
                onOpen={open}
              />
            )}
          </div>
        )}

        <LoadMore list={list} noun={taskNoun} />
      </section>

      <TaskFormDialog open={creating} onClose={() => setCreating(false)} />
      <TaskDetailDialog taskId={openTaskId} open={openTaskId !== null} onClose={() => setOpenTaskId(null)} />
    </div>
  );
}
