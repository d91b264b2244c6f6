import type { TaskSortKey, TaskSummary } from '@atrium/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ListTodo, Plus, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { hasPermission, useMe } from '../../accounts';
import { taskListQueryOptions } from '../api/tasks.queries';
import { TaskBulkBar } from '../components/task-bulk-bar';
import { TaskDetailDialog } from '../components/task-detail-dialog';
import { TaskFormDialog } from '../components/task-form-dialog';
import { TaskGrid } from '../components/task-grid';
import { TaskListSkeleton } from '../components/task-list-skeleton';
import { TaskListToolbar, TaskViewSwitch } from '../components/task-list-toolbar';
import { TaskTable, type TaskSelection } from '../components/task-table';
import { useTaskListAddress } from '../hooks/use-task-list-address';
import {
  clearedTaskFilters,
  hasActiveTaskFilters,
  nextSort,
  type TaskListFilters,
} from '../lib/task-list-filters';

const count = new Intl.NumberFormat('en');

/**
 * /projects/tasks (spec 2 "Task list"): every task the member can see, searched, filtered and sorted
 * by the server in keyset pages, so it stays quick at 100,000 tasks; the filters live in the address.
 */
export function TaskListPage() {
  const me = useMe();
  const canWork = hasPermission(me, 'tasks:work');
  const { filters, view, changeFilters, changeView } = useTaskListAddress();

  const list = useInfiniteQuery(taskListQueryOptions(filters));
  const tasks = list.data?.pages.flatMap((page) => page.data) ?? [];
  const total = list.data?.pages[0]?.total;

  const [selectedIds, setSelectedIds] = useState<readonly string[]>([]);
  const [creating, setCreating] = useState(false);
  const [openTaskId, setOpenTaskId] = useState<string | null>(null);

  // Only loaded rows can be selected: a task that left the list (filtered out, deleted) drops out.
  const tasksById = new Map(tasks.map((task) => [task.id, task]));
  const selected = selectedIds.filter((id) => tasksById.has(id));
  const selectedSet = new Set(selected);
  const selection: TaskSelection = {
    selected: selectedSet,
    onToggle: (id) =>
      setSelectedIds(selectedSet.has(id) ? selected.filter((other) => other !== id) : [...selected, id]),
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
  const sortBy = (column: TaskSortKey) => changeFilters(nextSort(filters, column));
  const open = (task: TaskSummary) => setOpenTaskId(task.id);
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
          <h2 id="task-results" aria-live="polite" className="text-sm text-slate-700">
            {list.isPending ? (
              'Loading tasks…'
            ) : total === undefined ? (
              'Tasks'
            ) : (
              <>
                Showing <span className="font-semibold text-slate-900">{count.format(tasks.length)}</span> of{' '}
                <span className="font-semibold text-slate-900">{count.format(total)}</span>{' '}
                {total === 1 ? 'task' : 'tasks'}
              </>
            )}
          </h2>
          <div className="flex items-center gap-2">
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={() => applyFilters(clearedTaskFilters(filters))}>
                Clear filters
              </Button>
            ) : null}
            <TaskViewSwitch view={view} onViewChange={changeView} />
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
          <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <ServerErrorAlert error={list.error} title="The tasks could not be loaded" />
            <Button variant="secondary" className="mt-4" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
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
              <TaskTable tasks={tasks} selection={selection} sort={filters} onSort={sortBy} onOpen={open} />
            )}
          </div>
        )}

        {list.isFetchNextPageError ? (
          <ServerErrorAlert error={list.error} title="More tasks could not be loaded" />
        ) : null}
        {list.hasNextPage && !list.isPlaceholderData ? (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? <Spinner /> : null}
              {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </section>

      <TaskFormDialog open={creating} onOpenChange={setCreating} />
      <TaskDetailDialog
        taskId={openTaskId}
        open={openTaskId !== null}
        onOpenChange={(next) => {
          if (!next) setOpenTaskId(null);
        }}
      />
    </div>
  );
}
