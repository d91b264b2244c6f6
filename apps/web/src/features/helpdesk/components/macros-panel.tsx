import {
  createMacroSchema,
  macroPlaceholders,
  ticketPriorities,
  ticketPriorityLabels,
  ticketStatuses,
  ticketStatusLabels,
  updateMacroSchema,
  type Macro,
  type MacroActions,
  type TicketPriority,
  type TicketStatus,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog, FormActions, Modal } from '../../../components/ui/dialog';
import { EditableList } from '../../../components/ui/editable-list';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { TagInput } from '../../../components/ui/tag-input';
import { ApiError } from '../../../lib/api-client';
import { EmployeePicker, type PickedEmployee } from '../../employees';
import {
  createMacro,
  deleteMacro,
  macrosQueryKey,
  macrosQueryOptions,
  updateMacro,
} from '../api/helpdesk-setup.queries';
import { agentQueryOptions } from '../api/tickets.queries';

/** What applying the macro does, in words ("Sets Pending, assigns to whoever applies it"). */
export function macroActionsText(actions: MacroActions, assigneeName?: string): string {
  const parts: string[] = [];
  if (actions.status) parts.push(`sets ${ticketStatusLabels[actions.status]}`);
  if (actions.priority) parts.push(`priority ${ticketPriorityLabels[actions.priority]}`);
  if (actions.assignee === 'me') parts.push('assigns to whoever applies it');
  else if (actions.assignee === null) parts.push('unassigns');
  else if (actions.assignee) parts.push(`assigns to ${assigneeName ?? 'an agent'}`);
  if (actions.addTags?.length) parts.push(`adds ${actions.addTags.map((tag) => `#${tag}`).join(' ')}`);
  const text = parts.join(', ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : 'Only the reply';
}

function MacroActionsLine({ actions }: { actions: MacroActions }) {
  const named = actions.assignee && actions.assignee !== 'me' ? actions.assignee : null;
  const agent = useQuery({ ...agentQueryOptions(named ?? ''), enabled: named !== null });
  const name = agent.data ? `${agent.data.firstName} ${agent.data.lastName}` : undefined;
  return <p className="text-sm text-slate-600">{macroActionsText(actions, name)}</p>;
}

/** Settings -> Help desk: the saved replies agents apply in one click (issue 21). */
export function MacrosPanel() {
  const queryClient = useQueryClient();
  const macros = useQuery(macrosQueryOptions());
  const [editing, setEditing] = useState<Macro | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Macro | null>(null);

  const remove = useMutation({
    mutationFn: (macro: Macro) => deleteMacro(macro.id),
    onSuccess: (_, macro) => {
      void queryClient.invalidateQueries({ queryKey: macrosQueryKey });
      toast.success(`Macro “${macro.name}” was deleted`);
      setDeleting(null);
    },
  });

  return (
    <EditableList
      id="macros"
      title="Macros"
      description="Saved replies with placeholders, and what applying them sets on the ticket."
      newLabel="New macro"
      list={macros}
      noun={{ one: 'macro', many: 'macros' }}
      empty={{
        icon: MessageSquareText,
        title: 'No macros yet',
        description:
          'A macro answers a common question in one click: its reply goes into the reply box, its actions are saved on the ticket.',
      }}
      onNew={() => setEditing('new')}
      onEdit={setEditing}
      onDelete={(macro) => {
        remove.reset();
        setDeleting(macro);
      }}
      renderItem={(macro) => (
        <>
          <p className="font-medium text-slate-900">{macro.name}</p>
          {macro.body ? <p className="mt-0.5 line-clamp-2 text-sm text-slate-700">{macro.body}</p> : null}
          <MacroActionsLine actions={macro.actions} />
        </>
      )}
    >
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={editing === 'new' ? 'New macro' : 'Edit macro'}
        description="The reply is filled in for the ticket at hand; the agent reviews it before sending."
      >
        {editing !== null ? (
          <MacroForm macro={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this macro?"
        description={
          <>
            “{deleting?.name}” will no longer be offered to agents. Tickets it was applied to keep their
            changes.
            {remove.isError ? (
              <span className="mt-2 block font-medium text-red-700">{remove.error.message}</span>
            ) : null}
          </>
        }
        confirmLabel="Delete macro"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </EditableList>
  );
}

type AssigneeChoice = 'keep' | 'me' | 'nobody' | 'someone';

const assigneeChoiceOf = (assignee: MacroActions['assignee']): AssigneeChoice =>
  assignee === undefined ? 'keep' : assignee === null ? 'nobody' : assignee === 'me' ? 'me' : 'someone';

function MacroForm({ macro, onDone }: { macro: Macro | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(macro?.name ?? '');
  const [body, setBody] = useState(macro?.body ?? '');
  const [status, setStatus] = useState<TicketStatus | ''>(macro?.actions.status ?? '');
  const [priority, setPriority] = useState<TicketPriority | ''>(macro?.actions.priority ?? '');
  const [assigneeChoice, setAssigneeChoice] = useState<AssigneeChoice>(
    assigneeChoiceOf(macro?.actions.assignee),
  );
  const named = macro?.actions.assignee && macro.actions.assignee !== 'me' ? macro.actions.assignee : null;
  const namedAgent = useQuery({ ...agentQueryOptions(named ?? ''), enabled: named !== null });
  const [someone, setSomeone] = useState<PickedEmployee | null>(null);
  const pickedSomeone =
    someone ??
    (named && namedAgent.data
      ? { id: named, name: `${namedAgent.data.firstName} ${namedAgent.data.lastName}` }
      : null);
  const [tags, setTags] = useState<string[]>(macro?.actions.addTags ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const actions = (): MacroActions => ({
    ...(status ? { status } : {}),
    ...(priority ? { priority } : {}),
    ...(assigneeChoice === 'me'
      ? { assignee: 'me' as const }
      : assigneeChoice === 'nobody'
        ? { assignee: null }
        : assigneeChoice === 'someone'
          ? { assignee: pickedSomeone?.id ?? '' }
          : {}),
    ...(tags.length ? { addTags: tags } : {}),
  });

  const save = useMutation({
    mutationFn: (input: { name: string; body: string; actions: MacroActions }) =>
      macro ? updateMacro(macro.id, { ...input, version: macro.version }) : createMacro(input),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: macrosQueryKey });
      toast.success(macro ? `Macro “${saved.name}” was saved` : `Macro “${saved.name}” was created`);
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name, body, actions: actions() };
    const parsed = (macro ? updateMacroSchema : createMacroSchema).safeParse(
      macro ? { ...input, version: macro.version } : input,
    );
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(input);
  };

  const fieldErrorShown = Object.keys(errors).length > 0;
  const assigneeError = errors['actions.assignee'];

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {save.isError && !fieldErrorShown ? (
        <ServerErrorAlert error={save.error} title="The macro could not be saved" />
      ) : null}
      <Field label="Name" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Reply"
        error={errors.body}
        hint={
          <>
            Placeholders:{' '}
            {macroPlaceholders.map((placeholder, index) => (
              <span key={placeholder.tag}>
                {index > 0 ? ', ' : ''}
                <code className="rounded bg-slate-100 px-1 whitespace-nowrap text-slate-800">
                  {placeholder.tag}
                </code>{' '}
                ({placeholder.meaning.toLowerCase()})
              </span>
            ))}
          </>
        }
      >
        {(control) => (
          <Textarea {...control} rows={5} value={body} onChange={(event) => setBody(event.target.value)} />
        )}
      </Field>

      <fieldset className="space-y-4 rounded-xl p-4 ring-1 ring-slate-200">
        <legend className="px-1 text-sm font-semibold text-slate-900">When applied</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Set status" error={errors['actions.status']}>
            {(control) => (
              <Select
                {...control}
                value={status}
                onChange={(event) => setStatus(event.target.value as TicketStatus | '')}
              >
                <option value="">Keep the status</option>
                {ticketStatuses.map((value) => (
                  <option key={value} value={value}>
                    {ticketStatusLabels[value]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Set priority" error={errors['actions.priority']}>
            {(control) => (
              <Select
                {...control}
                value={priority}
                onChange={(event) => setPriority(event.target.value as TicketPriority | '')}
              >
                <option value="">Keep the priority</option>
                {ticketPriorities.map((value) => (
                  <option key={value} value={value}>
                    {ticketPriorityLabels[value]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Assign to" error={assigneeChoice === 'someone' ? undefined : assigneeError}>
            {(control) => (
              <Select
                {...control}
                value={assigneeChoice}
                onChange={(event) => setAssigneeChoice(event.target.value as AssigneeChoice)}
              >
                <option value="keep">Keep the assignee</option>
                <option value="me">Whoever applies it</option>
                <option value="nobody">Nobody (unassigned)</option>
                <option value="someone">A chosen agent…</option>
              </Select>
            )}
          </Field>
          {assigneeChoice === 'someone' ? (
            <Field label="Agent" error={assigneeError}>
              {(control) => (
                <EmployeePicker
                  {...control}
                  onlyActive
                  whoMay="helpdesk:view"
                  value={pickedSomeone}
                  onChange={setSomeone}
                />
              )}
            </Field>
          ) : null}
        </div>
        <Field label="Add tags" error={errors['actions.addTags']}>
          {(control) => (
            <TagInput {...control} value={tags} onChange={setTags} listLabel="Tags the macro adds" />
          )}
        </Field>
      </fieldset>

      <FormActions
        submitLabel={macro ? 'Save macro' : 'Create macro'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
