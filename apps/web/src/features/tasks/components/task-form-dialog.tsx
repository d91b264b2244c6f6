import { zodResolver } from '@hookform/resolvers/zod';
import {
  createTaskSchema,
  defaultTaskPriority,
  employeeFullName,
  taskPriorities,
  taskPriorityLabels,
  taskStatuses,
  taskStatusLabels,
  type CreateTaskInput,
  type CreateTaskValues,
  type TaskCard,
  type TaskDetails,
  type TaskStatus,
  type UpdateTaskInput,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { SaveProblems } from '../../../components/ui/server-error-alert';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import {
  createTask,
  projectForTasksQueryOptions,
  refreshAfterTaskChange,
  taskDetailsQueryOptions,
  updateTask,
} from '../api/tasks.queries';
import { AssigneePicker, ProjectPicker } from './task-pickers';
import { TagInput } from '../../../components/ui/tag-input';
import { emptyAsNull, emptyAsNullNumber, emptyAsUndefinedNumber } from '../../../lib/form-values';

export type TaskFormDefaults = { projectId?: string; status?: TaskStatus };

export type TaskFormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The task to edit (a card or the details); absent: a new task. */
  task?: TaskCard | TaskDetails;
  /** For a new task: a fixed project (the kanban board's) and the column's status. */
  defaults?: TaskFormDefaults;
  /** After a successful save, with the task as the server stored it. */
  onSaved?: (task: TaskDetails) => void;
};

type FormValues = CreateTaskInput;

const fieldNames = [
  'projectId',
  'title',
  'description',
  'assigneeId',
  'priority',
  'status',
  'startDate',
  'dueDate',
  'estimatedHours',
  'actualHours',
  'tags',
] as const satisfies readonly (keyof FormValues)[];

/** The fields an edit may send (PATCH has no projectId: a task stays in its project). */
const editableFields = fieldNames.filter((name) => name !== 'projectId');

function valuesOfTask(task: TaskCard | TaskDetails): FormValues {
  return {
    projectId: task.project.id,
    title: task.title,
    description: task.description,
    assigneeId: task.assignee?.id ?? null,
    priority: task.priority,
    status: task.status,
    startDate: task.startDate,
    dueDate: task.dueDate,
    estimatedHours: task.estimatedHours,
    actualHours: task.actualHours,
    tags: task.tags,
  };
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Add Task (kanban column) and Create New Task (task list), and Edit from the detail dialog: one
 * form, validated by the shared schema. Edit sends only what changed with the version it read, so a
 * change made meanwhile is never overwritten (412: the form reloads and says so).
 */
export function TaskFormDialog({ open, onClose, task, defaults, onSaved }: TaskFormDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      // Spec 2: the kanban column's button opens "Add Task", the task list's "Create New Task".
      title={task ? 'Edit Task' : defaults?.status ? 'Add Task' : 'Create New Task'}
      description={
        task
          ? `In ${task.project.name}. Only what you change is saved.`
          : 'The task goes to the end of its status column on the board.'
      }
    >
      {/* Mounted only while open, so every opening starts from the task's current values. */}
      <TaskForm task={task} defaults={defaults} onSaved={onSaved} onClose={onClose} />
    </Modal>
  );
}

function TaskForm({
  task,
  defaults,
  onSaved,
  onClose,
}: {
  task: TaskCard | TaskDetails | undefined;
  defaults: TaskFormDefaults | undefined;
  onSaved: ((task: TaskDetails) => void) | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(task);
  const [staleNotice, setStaleNotice] = useState(false);
  const [reloadError, setReloadError] = useState<Error | null>(null);
  const [projectLabel, setProjectLabel] = useState(task?.project.name ?? '');
  const [assigneeLabel, setAssigneeLabel] = useState(
    task?.assignee ? employeeFullName(task.assignee) : 'Unassigned',
  );

  const fixedProjectId = editing?.project.id ?? defaults?.projectId;
  // A board hands over only the project's id; its name comes from the project itself.
  const fixedProject = useQuery({
    ...projectForTasksQueryOptions(fixedProjectId ?? ''),
    enabled: Boolean(fixedProjectId) && !editing,
  });
  const fixedProjectName = editing?.project.name ?? fixedProject.data?.name;

  const form = useForm<FormValues, unknown, CreateTaskValues>({
    resolver: zodResolver(createTaskSchema),
    defaultValues: editing
      ? valuesOfTask(editing)
      : {
          projectId: defaults?.projectId ?? '',
          title: '',
          description: '',
          assigneeId: null,
          priority: defaultTaskPriority,
          status: defaults?.status ?? 'todo',
          startDate: null,
          dueDate: null,
          estimatedHours: undefined,
          actualHours: null,
          tags: [],
        },
  });
  const { errors } = form.formState;
  const projectId = useWatch({ control: form.control, name: 'projectId' });

  const save = useMutation({
    mutationFn: async (values: CreateTaskValues) => {
      if (!editing) return { saved: await createTask(values), changed: true };
      const before = valuesOfTask(editing);
      const changes: Partial<UpdateTaskInput> = {};
      for (const name of editableFields) {
        if (!sameValue(values[name], before[name])) Object.assign(changes, { [name]: values[name] });
      }
      if (Object.keys(changes).length === 0) return { saved: null, changed: false };
      return { saved: await updateTask(editing.id, { ...changes, version: editing.version }), changed: true };
    },
    onSuccess: ({ saved }) => {
      if (saved) {
        queryClient.setQueryData(taskDetailsQueryOptions(saved.id).queryKey, saved);
        void refreshAfterTaskChange(queryClient);
        toast.success(editing ? `'${saved.title}' was saved` : `'${saved.title}' was created`);
        onSaved?.(saved);
      }
      onClose();
    },
    onError: async (error) => {
      if (editing && error instanceof ApiError && error.status === 412) {
        // Someone saved this task after the form was opened: start again from their version.
        void refreshAfterTaskChange(queryClient);
        try {
          const fresh = await queryClient.fetchQuery({
            ...taskDetailsQueryOptions(editing.id),
            staleTime: 0,
          });
          setEditing(fresh);
          setAssigneeLabel(fresh.assignee ? employeeFullName(fresh.assignee) : 'Unassigned');
          form.reset(valuesOfTask(fresh));
          setStaleNotice(true);
        } catch (reloadFailure) {
          // Deleted meanwhile, or the network is gone: say so instead of showing the old values.
          setReloadError(reloadFailure as Error);
        }
        return;
      }
      setServerFieldErrors(error, fieldNames, form.setError);
      // The server names a bad tag by its place ("tags.2"); the form shows it on the tags box.
      const tagProblem =
        error instanceof ApiError
          ? Object.entries(error.fields ?? {}).find(([field]) => field.startsWith('tags.'))
          : undefined;
      if (tagProblem) form.setError('tags', { type: 'server', message: tagProblem[1] });
    },
  });

  const submit = form.handleSubmit((values) => {
    setStaleNotice(false);
    setReloadError(null);
    save.mutate(values);
  });

  const tagsError =
    errors.tags?.message ??
    (Array.isArray(errors.tags) ? errors.tags.find((tagError) => tagError?.message)?.message : undefined);
  const showRequestError =
    save.error &&
    !(save.error instanceof ApiError && save.error.status === 412) &&
    !isFieldError(save.error, fieldNames);

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <SaveProblems
        record="task"
        stale={staleNotice}
        reloadError={reloadError}
        requestError={showRequestError ? save.error : null}
        requestTitle={editing ? 'The changes could not be saved' : 'The task could not be created'}
      />

      <Field label="Task Title" error={errors.title?.message}>
        {(control) => <Input {...control} autoComplete="off" maxLength={300} {...form.register('title')} />}
      </Field>
      <Field label="Description" hint="Optional" error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        {fixedProjectId ? (
          <Field
            label="Project"
            hint={editing ? 'A task stays in its project.' : undefined}
            error={errors.projectId?.message}
          >
            {(control) => (
              <Input
                {...control}
                readOnly
                value={fixedProjectName ?? (fixedProject.isError ? '' : 'Loading…')}
              />
            )}
          </Field>
        ) : (
          <Field label="Project" error={errors.projectId?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="projectId"
                render={({ field }) => (
                  <ProjectPicker
                    {...control}
                    inputRef={field.ref}
                    value={field.value}
                    valueLabel={projectLabel}
                    onChange={(value, label) => {
                      field.onChange(value);
                      setProjectLabel(label);
                    }}
                    placeholder="Search projects"
                  />
                )}
              />
            )}
          </Field>
        )}
        <Field label="Assignee" error={errors.assigneeId?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="assigneeId"
              render={({ field }) => (
                <AssigneePicker
                  {...control}
                  inputRef={field.ref}
                  projectId={projectId || undefined}
                  value={field.value ?? ''}
                  valueLabel={assigneeLabel}
                  specialOptions={[{ value: '', label: 'Unassigned' }]}
                  clearLabel="Unassign"
                  onChange={(value, label) => {
                    field.onChange(value === '' ? null : value);
                    setAssigneeLabel(label);
                  }}
                />
              )}
            />
          )}
        </Field>
        <Field label="Status" error={errors.status?.message}>
          {(control) => (
            <Select {...control} {...form.register('status')}>
              {taskStatuses.map((status) => (
                <option key={status} value={status}>
                  {taskStatusLabels[status]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Priority" error={errors.priority?.message}>
          {(control) => (
            <Select {...control} {...form.register('priority')}>
              {taskPriorities.map((priority) => (
                <option key={priority} value={priority}>
                  {taskPriorityLabels[priority]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Start Date" hint="Optional" error={errors.startDate?.message}>
          {(control) => (
            <Input {...control} type="date" {...form.register('startDate', { setValueAs: emptyAsNull })} />
          )}
        </Field>
        <Field label="Due Date" hint="Optional" error={errors.dueDate?.message}>
          {(control) => (
            <Input {...control} type="date" {...form.register('dueDate', { setValueAs: emptyAsNull })} />
          )}
        </Field>
        <Field label="Estimated Hours" error={errors.estimatedHours?.message}>
          {(control) => (
            <Input
              {...control}
              type="text"
              inputMode="decimal"
              placeholder="0"
              {...form.register('estimatedHours', { setValueAs: emptyAsUndefinedNumber })}
            />
          )}
        </Field>
        {editing ? (
          <Field
            label="Actual Hours"
            hint="Leave empty until the work is logged"
            error={errors.actualHours?.message}
          >
            {(control) => (
              <Input
                {...control}
                type="text"
                inputMode="decimal"
                {...form.register('actualHours', { setValueAs: emptyAsNullNumber })}
              />
            )}
          </Field>
        ) : null}
        <Field label="Tags" hint="Enter or a comma adds a tag" error={tagsError} className="sm:col-span-2">
          {(control) => (
            <Controller
              control={form.control}
              name="tags"
              render={({ field }) => (
                <TagInput
                  {...control}
                  inputRef={field.ref}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder="Add a tag and press Enter"
                />
              )}
            />
          )}
        </Field>
      </div>

      <FormActions
        submitLabel={editing ? 'Save changes' : 'Create Task'}
        pending={save.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
