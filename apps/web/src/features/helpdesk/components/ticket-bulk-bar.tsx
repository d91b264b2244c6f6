import {
  countOf,
  tagSchema,
  ticketPriorities,
  ticketPriorityLabels,
  ticketReference,
  ticketStatuses,
  ticketStatusLabels,
  type BulkTicketInput,
  type BulkTicketResult,
  type TicketSummary,
} from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, CircleCheck, Flag, Tag, UserMinus, UserPlus, UserRound, X } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog, FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { MenuContent, MenuItem } from '../../../components/ui/menu';
import type { PickedRecord } from '../../../components/ui/record-picker';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { hasPermission, useMe } from '../../accounts';
import { EmployeePicker } from '../../employees';
import { bulkUpdateTickets, refreshAfterTicketChange } from '../api/tickets.queries';

const plural = (count: number) => countOf(count, { one: 'ticket', other: 'tickets' });

type BulkRequest = { input: BulkTicketInput; assigneeName?: string };

function resultMessage(result: BulkTicketResult, sent: BulkRequest): string {
  const tickets = plural(result.count);
  const { input } = sent;
  switch (input.action) {
    case 'assign':
      return input.assigneeId === null
        ? `${tickets} unassigned`
        : `${tickets} assigned to ${sent.assigneeName ?? 'the agent'}`;
    case 'set-status':
      return `${tickets} set to ${ticketStatusLabels[input.status]}`;
    case 'set-priority':
      return `${tickets} set to ${ticketPriorityLabels[input.priority]} priority`;
    case 'add-tag':
      return `Tag '${input.tag}' added to ${tickets}`;
    case 'close':
      return `${tickets} closed`;
  }
}

/**
 * Issue 21 bulk bar: assign, set status, set priority, add a tag, close — the selected tickets in
 * one request, all or nothing. On a failure the selection stays for another try.
 */
export function TicketBulkBar({
  selectedIds,
  ticketsById,
  onDone,
  onClear,
}: {
  selectedIds: readonly string[];
  /** The loaded rows, to name the tickets a failure is about. */
  ticketsById: ReadonlyMap<string, TicketSummary>;
  onDone: () => void;
  onClear: () => void;
}) {
  const queryClient = useQueryClient();
  const me = useMe();
  const mayAssignOthers = hasPermission(me, 'helpdesk:manage');
  const [dialog, setDialog] = useState<'assign' | 'tag' | 'close' | null>(null);
  const [failedTickets, setFailedTickets] = useState<string[]>([]);

  const bulk = useMutation({
    mutationFn: (request: BulkRequest & { names: (string | undefined)[] }) =>
      bulkUpdateTickets(request.input),
    onMutate: () => setFailedTickets([]),
    onSuccess: (result, sent) => {
      setDialog(null);
      toast.success(resultMessage(result, sent));
      onDone();
    },
    onError: (error, sent) => {
      setDialog(null);
      const fields = error instanceof ApiError ? Object.keys(error.fields ?? {}) : [];
      setFailedTickets(
        fields
          .map((field) => /^ids\.(\d+)$/.exec(field)?.[1])
          .map((index) => (index === undefined ? undefined : sent.names[Number(index)]))
          .filter((name): name is string => name !== undefined),
      );
    },
    onSettled: () => void refreshAfterTicketChange(queryClient),
  });

  const run = (input: BulkTicketInput, assigneeName?: string) =>
    bulk.mutate({
      input,
      ...(assigneeName ? { assigneeName } : {}),
      names: input.ids.map((id) => {
        const ticket = ticketsById.get(id);
        return ticket ? `${ticketReference(ticket.number)} '${ticket.subject}'` : undefined;
      }),
    });
  const ids = [...selectedIds];
  const busy = bulk.isPending;
  const pendingAction = busy ? bulk.variables.input.action : null;
  const icon = (action: BulkTicketInput['action'], Icon: typeof Flag) =>
    pendingAction === action ? <Spinner /> : <Icon aria-hidden="true" className="size-4" />;

  return (
    <section
      aria-label="Bulk actions"
      className="space-y-3 rounded-xl bg-indigo-50 p-3 ring-1 ring-indigo-200 sm:px-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p aria-live="polite" className="mr-auto w-full text-sm font-semibold text-indigo-950 sm:w-auto">
          {plural(selectedIds.length)} selected
        </p>
        {me.employeeId ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => run({ ids, action: 'assign', assigneeId: me.employeeId }, 'you')}
          >
            {icon('assign', UserRound)}
            Assign to me
          </Button>
        ) : null}
        {mayAssignOthers ? (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => setDialog('assign')}>
            <UserPlus aria-hidden="true" className="size-4" />
            Assign…
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => run({ ids, action: 'assign', assigneeId: null })}
        >
          <UserMinus aria-hidden="true" className="size-4" />
          Unassign
        </Button>
        <ChoiceMenu
          label="Set status"
          icon={icon('set-status', CircleCheck)}
          disabled={busy}
          choices={ticketStatuses.map((status) => ({
            label: ticketStatusLabels[status],
            onSelect: () => run({ ids, action: 'set-status', status }),
          }))}
        />
        <ChoiceMenu
          label="Set priority"
          icon={icon('set-priority', Flag)}
          disabled={busy}
          choices={ticketPriorities.map((priority) => ({
            label: ticketPriorityLabels[priority],
            onSelect: () => run({ ids, action: 'set-priority', priority }),
          }))}
        />
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => setDialog('tag')}>
          {icon('add-tag', Tag)}
          Add tag…
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => setDialog('close')}>
          {icon('close', CircleCheck)}
          Close tickets
        </Button>
        <Button variant="ghost" size="sm" onClick={onClear} disabled={busy}>
          <X aria-hidden="true" className="size-4" />
          Clear selection
        </Button>
      </div>
      {bulk.isError ? (
        <Alert title={bulk.error.message}>
          {failedTickets.length > 0 ? (
            <p>Not found: {failedTickets.join(', ')}. Your selection is kept.</p>
          ) : (
            <p>Your selection is kept; try again.</p>
          )}
        </Alert>
      ) : null}

      <AssignDialog
        open={dialog === 'assign'}
        count={selectedIds.length}
        pending={busy}
        onClose={() => setDialog(null)}
        onAssign={(agent) => run({ ids, action: 'assign', assigneeId: agent.id }, agent.name)}
      />
      <TagDialog
        open={dialog === 'tag'}
        count={selectedIds.length}
        pending={busy}
        onClose={() => setDialog(null)}
        onAdd={(tag) => run({ ids, action: 'add-tag', tag })}
      />
      <ConfirmDialog
        open={dialog === 'close'}
        onClose={() => setDialog(null)}
        title={`Close ${plural(selectedIds.length)}?`}
        description="Closed tickets leave the open views. A ticket can be reopened from its page."
        confirmLabel={`Close ${plural(selectedIds.length)}`}
        onConfirm={() => run({ ids, action: 'close' })}
        pending={busy}
        destructive={false}
      />
    </section>
  );
}

function ChoiceMenu({
  label,
  icon,
  disabled,
  choices,
}: {
  label: string;
  icon: ReactNode;
  disabled: boolean;
  choices: { label: string; onSelect: () => void }[];
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        disabled={disabled}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        {icon}
        {label}
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </DropdownMenu.Trigger>
      <MenuContent align="start" aria-label={label} className="min-w-44">
        {choices.map((choice) => (
          <MenuItem key={choice.label} onSelect={choice.onSelect}>
            {choice.label}
          </MenuItem>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}

function AssignDialog({
  open,
  count,
  pending,
  onClose,
  onAssign,
}: {
  open: boolean;
  count: number;
  pending: boolean;
  onClose: () => void;
  onAssign: (agent: PickedRecord) => void;
}) {
  const [agent, setAgent] = useState<PickedRecord | null>(null);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agent) setError('Choose an agent from the list');
    else onAssign(agent);
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Assign ${plural(count)}`}
      description="The agent is notified of each ticket."
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        <Field label="Agent" error={error}>
          {(control) => (
            <EmployeePicker
              whoMay="helpdesk:view"
              {...control}
              onlyActive
              value={agent}
              onChange={(picked) => {
                setAgent(picked);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <FormActions submitLabel="Assign" pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function TagDialog({
  open,
  count,
  pending,
  onClose,
  onAdd,
}: {
  open: boolean;
  count: number;
  pending: boolean;
  onClose: () => void;
  onAdd: (tag: string) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = tagSchema.safeParse(text);
    if (parsed.success) onAdd(parsed.data);
    else setError(parsed.error.issues[0]?.message);
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Add a tag to ${plural(count)}`}
      description="Tickets that have the tag already keep it once."
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        <Field label="Tag" error={error}>
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              maxLength={40}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <FormActions submitLabel="Add tag" pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
