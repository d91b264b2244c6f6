import { zodResolver } from '@hookform/resolvers/zod';
import {
  createCommentSchema,
  type CreateCommentInput,
  type CreateCommentValues,
  type TaskDetails,
} from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { useWorkspaceTimeZone } from '../../workspace';
import { addTaskComment, refreshAfterTaskChange, taskDetailsQueryOptions } from '../api/tasks.queries';

/** Spec 3 Task.comments: the conversation on a task, oldest first, and a box to add to it. */
export function TaskComments({ task, canWork }: { task: TaskDetails; canWork: boolean }) {
  const timeZone = useWorkspaceTimeZone();
  return (
    <section aria-labelledby={`comments-${task.id}`} className="space-y-3">
      <h3 id={`comments-${task.id}`} className="text-sm font-semibold text-slate-900">
        Comments{task.comments.length > 0 ? ` (${task.comments.length})` : ''}
      </h3>
      {task.comments.length === 0 ? (
        <p className="text-sm text-slate-600">No comments yet.</p>
      ) : (
        <ol className="space-y-4">
          {task.comments.map((comment) => {
            const author = comment.author?.name ?? 'Former employee';
            return (
              <li key={comment.id} className="flex gap-3">
                <Avatar name={author} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm">
                    <span className="font-semibold text-slate-900">{author}</span>{' '}
                    <time
                      dateTime={comment.createdAt}
                      title={formatDateTime(comment.createdAt, timeZone)}
                      className="text-slate-600"
                    >
                      {formatRelative(comment.createdAt)}
                    </time>
                  </p>
                  <p className="mt-0.5 text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
                    {comment.content}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {canWork ? <AddCommentForm taskId={task.id} /> : null}
    </section>
  );
}

function AddCommentForm({ taskId }: { taskId: string }) {
  const queryClient = useQueryClient();
  const form = useForm<CreateCommentInput, unknown, CreateCommentValues>({
    resolver: zodResolver(createCommentSchema),
    defaultValues: { content: '' },
  });

  const add = useMutation({
    mutationFn: (values: CreateCommentValues) => addTaskComment(taskId, values.content),
    onSuccess: (comment) => {
      queryClient.setQueryData(taskDetailsQueryOptions(taskId).queryKey, (current) =>
        current ? { ...current, comments: [...current.comments, comment] } : current,
      );
      form.reset({ content: '' });
      void refreshAfterTaskChange(queryClient);
    },
    onError: (error) => setServerFieldErrors(error, ['content'], form.setError),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => add.mutate(values))} className="space-y-3">
      {add.error && !isFieldError(add.error, ['content']) ? (
        <ServerErrorAlert error={add.error} title="The comment could not be added" />
      ) : null}
      <Field label="Add a comment" error={form.formState.errors.content?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={5000}
            placeholder="Write a comment…"
            className="min-h-16"
            {...form.register('content')}
          />
        )}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? <Spinner /> : null}
          Add Comment
        </Button>
      </div>
    </form>
  );
}
