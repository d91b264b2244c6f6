import { countOf, taskStatusLabels, type TaskBulkAction, type TaskSummary } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Circle, CircleDot, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../accounts';
import { bulkUpdateTasks, refreshAfterTaskChange } from '../api/tasks.queries';
import { mayDelete } from '../lib/task-rights';

const statusActions = [
  { action: 'todo', label: 'Mark To Do', icon: Circle },
  { action: 'in-progress', label: 'Mark In Progress', icon: CircleDot },
  { action: 'done', label: 'Mark Done', icon: CheckCircle2 },
] as const;

const plural = (count: number) => countOf(count, { one: 'task', other: 'tasks' });

/**
 * Spec 2 bulk bar: Mark To Do, Mark In Progress, Mark Done, Delete, for the selected tasks in one
 * request. The server changes all of them or none; on a failure the selection stays for another try.
 */
export function TaskBulkBar({
  selectedIds,
  tasksById,
  onDone,
  onClear,
}: {
  selectedIds: readonly string[];
  /** The loaded rows, to name the tasks a failure is about. */
  tasksById: ReadonlyMap<string, TaskSummary>;
  onDone: () => void;
  onClear: () => void;
}) {
  const queryClient = useQueryClient();
  const me = useMe();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Issue 20: Delete shows only when every selected task is one the member may delete.
  const deletable = selectedIds.every((id) => {
    const task = tasksById.get(id);
    return task !== undefined && mayDelete(me, task);
  });

  // The tasks a failure names, by title. The request carries the selection as it was sent: a task
  // deleted meanwhile may have left the list (and the selection) before the answer arrives.
  const [failedTitles, setFailedTitles] = useState<string[]>([]);

  const bulk = useMutation({
    mutationFn: ({
      action,
      ids,
    }: {
      action: TaskBulkAction;
      ids: string[];
      titles: (string | undefined)[];
    }) => bulkUpdateTasks({ ids, action }),
    onMutate: () => setFailedTitles([]),
    onSuccess: (result) => {
      setConfirmingDelete(false);
      toast.success(
        result.action === 'delete'
          ? `${plural(result.count)} deleted`
          : `${plural(result.count)} marked ${taskStatusLabels[result.action]}`,
      );
      onDone();
    },
    onError: (error, sent) => {
      setConfirmingDelete(false);
      const fields = error instanceof ApiError ? Object.keys(error.fields ?? {}) : [];
      setFailedTitles(
        fields
          .map((field) => /^ids\.(\d+)$/.exec(field)?.[1])
          .map((index) => (index === undefined ? undefined : sent.titles[Number(index)]))
          .filter((title): title is string => title !== undefined),
      );
    },
    onSettled: () => void refreshAfterTaskChange(queryClient),
  });

  const run = (action: TaskBulkAction) =>
    bulk.mutate({ action, ids: [...selectedIds], titles: selectedIds.map((id) => tasksById.get(id)?.title) });

  return (
    <section
      aria-label="Bulk actions"
      className="space-y-3 rounded-xl bg-indigo-50 p-3 ring-1 ring-indigo-200 sm:px-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p aria-live="polite" className="mr-auto text-sm font-semibold text-indigo-950">
          {plural(selectedIds.length)} selected
        </p>
        {statusActions.map(({ action, label, icon: Icon }) => (
          <Button
            key={action}
            variant="secondary"
            size="sm"
            disabled={bulk.isPending}
            onClick={() => run(action)}
          >
            {bulk.isPending && bulk.variables.action === action ? (
              <Spinner />
            ) : (
              <Icon aria-hidden="true" className="size-4" />
            )}
            {label}
          </Button>
        ))}
        {deletable ? (
          <Button
            variant="danger"
            size="sm"
            disabled={bulk.isPending}
            onClick={() => {
              bulk.reset();
              setConfirmingDelete(true);
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onClear} disabled={bulk.isPending}>
          <X aria-hidden="true" className="size-4" />
          Clear selection
        </Button>
      </div>
      {deletable ? null : (
        <p className="text-xs text-indigo-950">
          Only a task’s reporter, its project’s manager, a Manager or an Admin can delete it.
        </p>
      )}
      {bulk.isError ? (
        <Alert title={bulk.error.message}>
          {failedTitles.length > 0 && bulk.error instanceof ApiError && bulk.error.status === 403 ? (
            <p>
              Not yours to delete: {failedTitles.map((title) => `'${title}'`).join(', ')}. Nothing was
              deleted.
            </p>
          ) : failedTitles.length > 0 ? (
            <p>
              Not found: {failedTitles.map((title) => `'${title}'`).join(', ')}. They may have been deleted,
              or you are no longer on their project. Your selection is kept.
            </p>
          ) : (
            <p>Your selection is kept; try again.</p>
          )}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title={`Delete ${plural(selectedIds.length)}?`}
        description="The selected tasks are deleted with their comments and subtasks. This cannot be undone."
        confirmLabel={`Delete ${plural(selectedIds.length)}`}
        onConfirm={() => run('delete')}
        pending={bulk.isPending}
      />
    </section>
  );
}
