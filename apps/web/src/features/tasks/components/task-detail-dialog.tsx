import {
  employeeFullName,
  hoursLabel,
  taskHoursLabel,
  taskStatusLabels,
  type TaskDetails,
} from '@atrium/shared';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Paperclip, Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, Modal } from '../../../components/ui/dialog';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { hasPermission, useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import {
  deleteTask,
  refreshAfterTaskChange,
  taskDetailsQueryOptions,
  tasksQueryKey,
} from '../api/tasks.queries';
import { formatFileSize } from '../../../lib/file-size';
import { mayDelete } from '../lib/task-rights';
import { TaskPriorityBadge, TaskStatusBadge } from './task-badges';
import { TaskComments } from './task-comments';
import { TaskFormDialog } from './task-form-dialog';
import { TaskSubtasks } from './task-subtasks';
import { deletionKey } from '../../realtime';

export type TaskDetailDialogProps = {
  /** The task to show; null keeps the dialog closed. */
  taskId: string | null;
  open: boolean;
  onClose: () => void;
};

/**
 * The detail dialog of the task list and the kanban board (spec 2): every field, the subtasks and
 * comments, Edit (the task form) and Delete (after a confirmation).
 */
export function TaskDetailDialog({ taskId, open, onClose }: TaskDetailDialogProps) {
  const details = useQuery({ ...taskDetailsQueryOptions(taskId ?? ''), enabled: open && taskId !== null });
  const task = details.data;
  return (
    <Modal
      open={open && taskId !== null}
      onClose={onClose}
      size="xl"
      title={task?.title ?? (details.isError ? 'Task not available' : 'Loading task…')}
      description={
        task ? (
          <>
            In <span className="font-medium text-slate-800">{task.project.name}</span> ·{' '}
            {taskStatusLabels[task.status]}
          </>
        ) : (
          'Task details'
        )
      }
    >
      {task ? (
        <TaskDetailBody task={task} onClose={onClose} />
      ) : details.isError ? (
        <div className="space-y-4">
          {details.error instanceof ApiError && details.error.status === 404 ? (
            <p className="text-sm text-slate-700">
              This task no longer exists, or it belongs to a project you are not on.
            </p>
          ) : (
            <>
              <ServerErrorAlert error={details.error} title="The task could not be loaded" />
              <Button variant="secondary" onClick={() => void details.refetch()}>
                Try again
              </Button>
            </>
          )}
        </div>
      ) : (
        <DetailSkeleton />
      )}
    </Modal>
  );
}

function TaskDetailBody({ task, onClose }: { task: TaskDetails; onClose: () => void }) {
  const me = useMe();
  const canWork = hasPermission(me, 'tasks:work');
  const timeZone = useWorkspaceTimeZone();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const remove = useMutation({
    mutationKey: deletionKey(task.id),
    mutationFn: () => deleteTask(task.id),
    onSuccess: () => {
      setConfirmingDelete(false);
      onClose();
      queryClient.removeQueries({ queryKey: [...tasksQueryKey, 'details', task.id] });
      void refreshAfterTaskChange(queryClient);
      toast.success(`'${task.title}' was deleted`);
    },
    onError: (error) => {
      setConfirmingDelete(false);
      toast.error('The task could not be deleted', { description: error.message });
    },
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <TaskStatusBadge status={task.status} />
        <TaskPriorityBadge priority={task.priority} />
        {task.overdue ? (
          <span className="inline-flex items-center gap-1 text-xs font-semibold text-red-700">
            <CalendarClock aria-hidden="true" className="size-3.5" />
            Overdue
          </span>
        ) : null}
        {canWork ? (
          <div className="ml-auto flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Button>
            {mayDelete(me, task) ? (
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => setConfirmingDelete(true)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby={`description-${task.id}`}>
            <h3 id={`description-${task.id}`} className="text-sm font-semibold text-slate-900">
              Description
            </h3>
            {task.description ? (
              <p className="mt-1.5 text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
                {task.description}
              </p>
            ) : (
              <p className="mt-1.5 text-sm text-slate-600">No description.</p>
            )}
          </section>
          <TaskSubtasks task={task} canWork={canWork} />
          <TaskComments task={task} canWork={canWork} />
        </div>

        <dl className="grid content-start gap-4 self-start rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200">
          <Detail label="Project">{task.project.name}</Detail>
          <Detail label="Assignee">
            {task.assignee ? (
              <Person name={employeeFullName(task.assignee)} />
            ) : (
              <span className="text-slate-600">Unassigned</span>
            )}
          </Detail>
          <Detail label="Reporter">
            {task.reporter ? <Person name={task.reporter.name} /> : <span className="text-slate-600">—</span>}
          </Detail>
          <Detail label="Start Date">
            {task.startDate ? formatCalendarDate(task.startDate) : 'Not set'}
          </Detail>
          <Detail label="Due Date">
            {task.dueDate ? (
              <span className={task.overdue ? 'font-semibold text-red-700' : undefined}>
                {formatCalendarDate(task.dueDate)}
                {task.overdue ? ' (overdue)' : ''}
              </span>
            ) : (
              'No due date'
            )}
          </Detail>
          <Detail label="Hours">
            <span className="font-semibold">{taskHoursLabel(task) ?? 'No estimate'}</span>
            <span className="block text-xs text-slate-600">
              {task.estimatedHours > 0 ? `Estimated ${hoursLabel(task.estimatedHours)}` : 'No estimate'} ·{' '}
              {task.actualHours === null ? 'no actual hours yet' : `actual ${hoursLabel(task.actualHours)}`}
            </span>
          </Detail>
          <Detail label="Tags">
            {task.tags.length > 0 ? (
              <span className="flex flex-wrap gap-1">
                {task.tags.map((tag) => (
                  <span
                    key={tag}
                    className="rounded-md bg-white px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200"
                  >
                    {tag}
                  </span>
                ))}
              </span>
            ) : (
              <span className="text-slate-600">None</span>
            )}
          </Detail>
          {task.dependencies.length > 0 ? (
            <Detail label="Depends On">
              <Dependencies ids={task.dependencies} />
            </Detail>
          ) : null}
          <Detail label="Attachments">
            {task.attachments.length > 0 ? (
              <ul className="space-y-1">
                {task.attachments.map((attachment) => (
                  <li key={attachment.name} className="flex items-center gap-1.5">
                    <Paperclip aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
                    <span className="min-w-0 [overflow-wrap:anywhere]">{attachment.name}</span>
                    <span className="shrink-0 text-xs text-slate-600">
                      {formatFileSize(attachment.sizeBytes)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-slate-600">None</span>
            )}
          </Detail>
          <Detail label="Created">{formatDateTime(task.createdAt, timeZone)}</Detail>
          <Detail label="Updated">{formatDateTime(task.updatedAt, timeZone)}</Detail>
        </dl>
      </div>

      {editing ? <TaskFormDialog open onClose={() => setEditing(false)} task={task} /> : null}
      <ConfirmDialog
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title="Delete this task?"
        description={`'${task.title}' will be deleted with its comments and subtasks. This cannot be undone.`}
        confirmLabel="Delete Task"
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
      />
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

function Person({ name }: { name: string }) {
  return (
    <span className="flex items-center gap-2">
      <Avatar name={name} size="sm" className="size-6 text-[0.625rem]" />
      {name}
    </span>
  );
}

/** The tasks this one waits for, by title and status (usually a handful). */
function Dependencies({ ids }: { ids: readonly string[] }) {
  const results = useQueries({
    queries: ids.map((id) => ({ ...taskDetailsQueryOptions(id), retry: false })),
  });
  return (
    <ul className="space-y-1">
      {results.map((result, index) => (
        <li key={ids[index]}>
          {result.data ? (
            <>
              {result.data.title}{' '}
              <span className="text-xs text-slate-600">({taskStatusLabels[result.data.status]})</span>
            </>
          ) : result.isError ? (
            <span className="text-slate-600">A task you cannot see</span>
          ) : (
            <span className="text-slate-600">Loading…</span>
          )}
        </li>
      ))}
    </ul>
  );
}

const pulse = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none';

function DetailSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading task…</span>
      <div aria-hidden="true" className="space-y-6">
        <div className="flex gap-2">
          <div className={`h-6 w-20 rounded-full ${pulse}`} />
          <div className={`h-6 w-16 rounded-full ${pulse}`} />
        </div>
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
          <div className="space-y-3">
            <div className={`h-4 w-1/3 ${pulse}`} />
            <div className={`h-4 w-full ${pulse}`} />
            <div className={`h-4 w-5/6 ${pulse}`} />
            <div className={`mt-6 h-4 w-1/4 ${pulse}`} />
            <div className={`h-10 w-full ${pulse}`} />
          </div>
          <div className={`h-72 rounded-xl ${pulse}`} />
        </div>
      </div>
    </div>
  );
}
