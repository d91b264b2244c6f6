import { zodResolver } from '@hookform/resolvers/zod';
import {
  createProjectSchema,
  projectPriorities,
  projectPriorityLabels,
  projectStatuses,
  projectStatusLabels,
  todayIn,
  type CreateProjectInput,
  type ProjectDetails,
  type UpdateProjectInput,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type FieldError, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { SaveProblems, ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { useMe } from '../../accounts';
import { EmployeeMultiPicker, EmployeePicker, type PickedEmployee } from '../../employees';
import { useWorkspaceTimeZone } from '../../workspace';
import {
  createProject,
  projectDependentQueryKeys,
  projectDetailsQueryOptions,
  projectsQueryKey,
  updateProject,
} from '../api/projects.queries';
import { TagInput } from '../../../components/ui/tag-input';
import { emptyAsNullNumber } from '../../../lib/form-values';

type FormValues = z.input<typeof createProjectSchema>;
type FormOutput = z.output<typeof createProjectSchema>;

const fieldNames = [
  'name',
  'description',
  'managerId',
  'priority',
  'status',
  'startDate',
  'endDate',
  'budget',
  'client',
  'teamMemberIds',
  'tags',
] as const satisfies readonly (keyof FormValues)[];

type FormStart = { values: FormValues; manager: PickedEmployee | null; team: PickedEmployee[] };

function startOf(project: ProjectDetails): FormStart {
  const team = project.teamMembers.map((member) => ({ id: member.id, name: member.name }));
  return {
    values: {
      name: project.name,
      description: project.description,
      managerId: project.manager?.id ?? null,
      priority: project.priority,
      status: project.status,
      startDate: project.startDate,
      endDate: project.endDate,
      budget: project.budget,
      client: project.client ?? '',
      teamMemberIds: team.map((member) => member.id),
      tags: project.tags,
    },
    manager: project.manager ? { id: project.manager.id, name: project.manager.name } : null,
    team,
  };
}

/**
 * The server names an unknown team member or a bad tag by its place in the list ("teamMemberIds.2");
 * the form shows those under the list's field.
 */
function withListFieldsCollapsed(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const name = key.replace(/\.\d+$/, '');
    fields[name] ??= message;
  }
  return new ApiError({
    status: error.status,
    code: error.code,
    message: error.message,
    fields,
    body: error.body,
  });
}

/** A list field's message: about the list itself, or the first of its items'. */
function listMessage(error: FieldErrors<FormValues>['tags'] | FieldErrors<FormValues>['teamMemberIds']) {
  if (!error) return undefined;
  if (typeof error.message === 'string') return error.message;
  const items = Array.isArray(error) ? (error as (FieldError | undefined)[]) : [];
  return items.find((item) => item?.message)?.message;
}

/** Sends only what changed: an edit must not overwrite a field someone else changed meanwhile. */
function changedFields(values: FormOutput, start: FormValues): Partial<UpdateProjectInput> {
  const parsedStart = createProjectSchema.safeParse(start);
  const before = parsedStart.success ? parsedStart.data : undefined;
  const changes: Partial<UpdateProjectInput> = {};
  for (const name of fieldNames) {
    if (!before || JSON.stringify(values[name] ?? null) !== JSON.stringify(before[name] ?? null)) {
      Object.assign(changes, { [name]: values[name] });
    }
  }
  return changes;
}

/**
 * New Project (spec 2) and Edit: one dialog. Edit loads the project first (the card carries only four
 * team members), then saves what changed with the version it read; a stale version (412) reloads it.
 */
export function ProjectFormDialog({ projectId, onClose }: { projectId?: string; onClose: () => void }) {
  const details = useQuery({ ...projectDetailsQueryOptions(projectId ?? ''), enabled: Boolean(projectId) });
  const editing = Boolean(projectId);

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={editing ? `Edit ${details.data?.name ?? 'project'}` : 'New Project'}
      description={
        editing
          ? 'Change the details and save; progress follows the project’s tasks.'
          : 'The project starts in Planning unless you choose another status. Progress follows its tasks.'
      }
    >
      {!editing ? (
        <ProjectForm onClose={onClose} />
      ) : details.isPending ? (
        <div role="status" className="flex items-center gap-2 py-10 text-sm text-slate-600">
          <Spinner /> Loading the project…
        </div>
      ) : details.isError ? (
        <div className="space-y-4">
          <ServerErrorAlert error={details.error} title="The project could not be loaded" />
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => void details.refetch()}>Try again</Button>
          </div>
        </div>
      ) : (
        <ProjectForm project={details.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function ProjectForm({ project, onClose }: { project?: ProjectDetails; onClose: () => void }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const timeZone = useWorkspaceTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [editing, setEditing] = useState(project);
  const [start, setStart] = useState<FormStart>(() => {
    if (project) return startOf(project);
    // Whoever creates a project usually runs it; the picker changes that in one step.
    const manager = me.employeeId ? { id: me.employeeId, name: me.user.name } : null;
    return {
      values: {
        name: '',
        description: '',
        managerId: manager?.id ?? null,
        priority: 'medium',
        status: 'planning',
        startDate: todayIn(timeZone),
        endDate: null,
        budget: null,
        client: '',
        teamMemberIds: [],
        tags: [],
      },
      manager,
      team: [],
    };
  });
  const [manager, setManager] = useState(start.manager);
  const [team, setTeam] = useState(start.team);
  const [staleNotice, setStaleNotice] = useState(false);
  const [reloadError, setReloadError] = useState<Error | null>(null);

  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(createProjectSchema),
    defaultValues: start.values,
  });
  const { errors } = form.formState;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    for (const queryKey of projectDependentQueryKeys) void queryClient.invalidateQueries({ queryKey });
  };

  const restart = (next: FormStart) => {
    setStart(next);
    setManager(next.manager);
    setTeam(next.team);
    form.reset(next.values);
  };

  const save = useMutation({
    mutationFn: (values: FormOutput) =>
      editing
        ? updateProject(editing.id, { ...changedFields(values, start.values), version: editing.version })
        : createProject(values as CreateProjectInput),
    onSuccess: (saved) => {
      refresh();
      toast.success(editing ? `${saved.name} was updated` : `${saved.name} was created`);
      onClose();
    },
    onError: async (error) => {
      if (editing && error instanceof ApiError && error.status === 412) {
        // Someone saved this project after the form was opened: start again from their version.
        refresh();
        try {
          const fresh = await queryClient.fetchQuery({
            ...projectDetailsQueryOptions(editing.id),
            staleTime: 0,
          });
          setEditing(fresh);
          restart(startOf(fresh));
          setStaleNotice(true);
        } catch (reloadFailure) {
          // Deleted meanwhile, or the network is gone: say so instead of showing the old values.
          setReloadError(reloadFailure as Error);
        }
        return;
      }
      setServerFieldErrors(withListFieldsCollapsed(error), fieldNames, form.setError);
    },
  });

  const submit = form.handleSubmit((values) => {
    setStaleNotice(false);
    setReloadError(null);
    if (editing && Object.keys(changedFields(values, start.values)).length === 0) {
      onClose();
      return;
    }
    save.mutate(values);
  });

  const collapsedError = withListFieldsCollapsed(save.error);
  const showRequestError =
    save.error &&
    !(save.error instanceof ApiError && save.error.status === 412) &&
    !isFieldError(collapsedError, fieldNames);
  const revalidate = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <SaveProblems
        record="project"
        stale={staleNotice}
        reloadError={reloadError}
        requestError={showRequestError ? save.error : null}
        requestTitle={editing ? 'The changes could not be saved' : 'The project could not be created'}
      />
      <div className="grid gap-5 sm:grid-cols-2 [&>*]:min-w-0">
        <Field label="Project Name" error={errors.name?.message} className="sm:col-span-2">
          {(control) => <Input {...control} autoComplete="off" maxLength={200} {...form.register('name')} />}
        </Field>
        <Field
          label="Description"
          hint="Optional"
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
        </Field>
        <Field label="Project Manager" error={errors.managerId?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="managerId"
              render={({ field }) => (
                <EmployeePicker
                  {...control}
                  inputRef={field.ref}
                  value={manager}
                  onChange={(person) => {
                    setManager(person);
                    form.setValue('managerId', person?.id ?? null, revalidate);
                  }}
                  onBlur={field.onBlur}
                  onlyActive
                  placeholder="Search by name"
                  clearLabel="No project manager"
                />
              )}
            />
          )}
        </Field>
        <Field label="Client" hint="Optional" error={errors.client?.message}>
          {(control) => (
            <Input {...control} autoComplete="off" maxLength={200} {...form.register('client')} />
          )}
        </Field>
        <Field label="Priority" error={errors.priority?.message}>
          {(control) => (
            <Select {...control} {...form.register('priority')}>
              {[...projectPriorities].reverse().map((priority) => (
                <option key={priority} value={priority}>
                  {projectPriorityLabels[priority]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Status" error={errors.status?.message}>
          {(control) => (
            <Select {...control} {...form.register('status')}>
              {projectStatuses.map((status) => (
                <option key={status} value={status}>
                  {projectStatusLabels[status]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Start Date" error={errors.startDate?.message}>
          {(control) => (
            <Input
              {...control}
              type="date"
              // The order of the dates is reported on the end date: a new start date may fix it.
              {...form.register('startDate', { deps: ['endDate'] })}
            />
          )}
        </Field>
        <Field label="End Date" hint="Optional" error={errors.endDate?.message}>
          {(control) => (
            <Input
              {...control}
              type="date"
              {...form.register('endDate', {
                setValueAs: (value: string | null) => (value ? value : null),
              })}
            />
          )}
        </Field>
        <Field label="Budget (USD)" hint="Optional" error={errors.budget?.message}>
          {(control) => (
            <Input
              {...control}
              type="text"
              inputMode="decimal"
              {...form.register('budget', { setValueAs: emptyAsNullNumber })}
            />
          )}
        </Field>
        <Field
          label="Team Members"
          hint="The project manager is always on the team."
          error={listMessage(errors.teamMemberIds)}
          className="sm:col-span-2"
        >
          {(control) => (
            <Controller
              control={form.control}
              name="teamMemberIds"
              render={({ field }) => (
                <EmployeeMultiPicker
                  {...control}
                  inputRef={field.ref}
                  value={team}
                  onChange={(people) => {
                    setTeam(people);
                    form.setValue(
                      'teamMemberIds',
                      people.map((person) => person.id),
                      revalidate,
                    );
                  }}
                  onBlur={field.onBlur}
                  onlyActive
                  chipsLabel="Team members"
                />
              )}
            />
          )}
        </Field>
        <Field
          label="Tags"
          hint="Type a tag and press comma or Enter."
          error={listMessage(errors.tags)}
          className="sm:col-span-2"
        >
          {(control) => (
            <Controller
              control={form.control}
              name="tags"
              render={({ field }) => (
                <TagInput
                  {...control}
                  inputRef={field.ref}
                  value={field.value ?? []}
                  onChange={(tags) => form.setValue('tags', tags, revalidate)}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </Field>
      </div>
      <FormActions
        submitLabel={editing ? 'Save changes' : 'Create Project'}
        pending={save.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
