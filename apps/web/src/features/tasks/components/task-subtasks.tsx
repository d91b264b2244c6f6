import { zodResolver } from '@hookform/resolvers/zod';
import {
  createSubtaskSchema,
  subtaskProgress,
  type CreateSubtaskInput,
  type CreateSubtaskValues,
  type Subtask,
  type TaskDetails,
} from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { setServerFieldErrors } from '../../../lib/form-errors';
import {
  addSubtask,
  deleteSubtask,
  refreshAfterTaskChange,
  taskDetailsQueryOptions,
  updateSubtask,
} from '../api/tasks.queries';

/** Spec 3 Task.subtasks: a checklist to tick off, add to and prune; the card shows its progress. */
export function TaskSubtasks({ task, canWork }: { task: TaskDetails; canWork: boolean }) {
  const queryClient = useQueryClient();
  const detailsKey = taskDetailsQueryOptions(task.id).queryKey;

  const patchCached = (change: (subtasks: Subtask[]) => Subtask[]) =>
    queryClient.setQueryData(detailsKey, (current) =>
      current ? { ...current, subtasks: change(current.subtasks) } : current,
    );

  // The boxes being toggled show their new state from the click on. It is set in the click itself:
  // the mutation's own state arrives a tick later, the cache is patched only after in-flight
  // refetches are cancelled, and a refetch may still land with the old state.
  const [toggling, setToggling] = useState<Record<string, boolean>>({});
  const toggle = useMutation({
    mutationFn: (subtask: Subtask) => updateSubtask(task.id, subtask.id, { completed: !subtask.completed }),
    onMutate: async (subtask) => {
      await queryClient.cancelQueries({ queryKey: detailsKey });
      // The box ticks at once; the server's answer (or a failure) settles it.
      patchCached((subtasks) =>
        subtasks.map((item) => (item.id === subtask.id ? { ...item, completed: !subtask.completed } : item)),
      );
    },
    onError: (error, subtask) => {
      toast.error(`'${subtask.title}' could not be updated`, { description: error.message });
    },
    onSettled: (_answer, _error, subtask) => {
      setToggling(({ [subtask.id]: _settled, ...others }) => others);
      void refreshAfterTaskChange(queryClient);
    },
  });

  const subtasks = task.subtasks.map((item) =>
    item.id in toggling ? { ...item, completed: toggling[item.id]! } : item,
  );
  const progress = subtaskProgress(subtasks);

  const restore = useMutation({
    mutationFn: async (subtask: Subtask) => {
      const again = await addSubtask(task.id, { title: subtask.title, assigneeId: subtask.assigneeId });
      if (subtask.completed) await updateSubtask(task.id, again.id, { completed: true });
    },
    onError: (error) => toast.error('The subtask could not be restored', { description: error.message }),
    onSettled: () => void refreshAfterTaskChange(queryClient),
  });

  const remove = useMutation({
    mutationFn: (subtask: Subtask) => deleteSubtask(task.id, subtask.id),
    onSuccess: (_nothing, subtask) => {
      patchCached((subtasks) => subtasks.filter((item) => item.id !== subtask.id));
      // A lighter guard than a confirmation for one checklist line: the deletion can be undone.
      toast.success(`Subtask '${subtask.title}' deleted`, {
        action: { label: 'Undo', onClick: () => restore.mutate(subtask) },
      });
    },
    onError: (error, subtask) => {
      toast.error(`'${subtask.title}' could not be deleted`, { description: error.message });
    },
    onSettled: () => void refreshAfterTaskChange(queryClient),
  });

  return (
    <section aria-labelledby={`subtasks-${task.id}`} className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={`subtasks-${task.id}`} className="text-sm font-semibold text-slate-900">
          Subtasks
        </h3>
        {progress.total > 0 ? (
          <span className="text-sm text-slate-600">
            {progress.done} of {progress.total} done
          </span>
        ) : null}
      </div>
      {progress.total > 0 ? (
        <div
          role="progressbar"
          aria-label="Subtasks done"
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.done}
          className="h-1.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-emerald-500 transition-[width]"
            style={{ width: `${(progress.done / progress.total) * 100}%` }}
          />
        </div>
      ) : null}
      {subtasks.length === 0 ? (
        <p className="text-sm text-slate-600">No subtasks yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {subtasks.map((subtask) => (
            <li key={subtask.id} className="flex items-center gap-3 px-3 py-2">
              <input
                id={`subtask-${subtask.id}`}
                type="checkbox"
                checked={subtask.completed}
                disabled={!canWork}
                onChange={() => {
                  setToggling((others) => ({ ...others, [subtask.id]: !subtask.completed }));
                  toggle.mutate(subtask);
                }}
                className="size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
              />
              <label
                htmlFor={`subtask-${subtask.id}`}
                className={cn(
                  'min-w-0 flex-1 text-sm [overflow-wrap:anywhere]',
                  subtask.completed ? 'text-slate-500 line-through' : 'text-slate-900',
                )}
              >
                {subtask.title}
              </label>
              {canWork ? (
                <button
                  type="button"
                  aria-label={`Delete subtask ${subtask.title}`}
                  disabled={remove.isPending && remove.variables.id === subtask.id}
                  onClick={() => remove.mutate(subtask)}
                  className="grid size-8 shrink-0 place-items-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWork ? <AddSubtaskForm taskId={task.id} /> : null}
    </section>
  );
}

function AddSubtaskForm({ taskId }: { taskId: string }) {
  const queryClient = useQueryClient();
  const form = useForm<CreateSubtaskInput, unknown, CreateSubtaskValues>({
    resolver: zodResolver(createSubtaskSchema),
    defaultValues: { title: '' },
  });
  const error = form.formState.errors.title?.message;

  const add = useMutation({
    mutationFn: (values: CreateSubtaskValues) => addSubtask(taskId, values),
    onSuccess: (subtask) => {
      queryClient.setQueryData(taskDetailsQueryOptions(taskId).queryKey, (current) =>
        current ? { ...current, subtasks: [...current.subtasks, subtask] } : current,
      );
      form.reset({ title: '' });
      void refreshAfterTaskChange(queryClient);
    },
    onError: (failure) => {
      setServerFieldErrors(failure, ['title'], form.setError);
      if (!form.getFieldState('title').error)
        toast.error('The subtask could not be added', { description: failure.message });
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => add.mutate(values))}>
      <div className="flex gap-2">
        <Input
          aria-label="New subtask"
          placeholder="Add a subtask"
          autoComplete="off"
          maxLength={300}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `new-subtask-error-${taskId}` : undefined}
          {...form.register('title')}
        />
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          {add.isPending ? <Spinner /> : <Plus aria-hidden="true" className="size-4" />}
          Add
        </Button>
      </div>
      {error ? (
        <p id={`new-subtask-error-${taskId}`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
