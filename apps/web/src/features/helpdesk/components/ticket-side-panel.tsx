import {
  slaTiers,
  ticketCategories,
  ticketPriorities,
  ticketPriorityLabels,
  ticketStatuses,
  ticketStatusLabels,
  ticketTypes,
  type TicketDetails,
  type UpdateTicketInput,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { TagInput } from '../../../components/ui/tag-input';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { hasPermission, useMe } from '../../accounts';
import { EmployeePicker } from '../../employees';
import { CustomerInviteDialog, RatingSummary } from '../../portal';
import { slaPoliciesQueryOptions } from '../api/sla.queries';
import { refreshAfterTicketChange, ticketDetailsQueryOptions, updateTicket } from '../api/tickets.queries';
import { formatElapsed, slaTargetsText, ticketTypeLabels } from '../lib/ticket-labels';
import { policyTargetsText, SlaClocks } from './sla-clocks';

type TicketChange = Omit<UpdateTicketInput, 'version'>;

/**
 * The side panel (issue 21): status, priority, type, category, tags, assignee and SLA tier, each
 * saved as it changes with the version the page shows. When someone else saved first (412) the
 * ticket is reloaded with their change, and the panel says so. Changes made in quick succession
 * queue up (one mutation scope per ticket) and each is sent with the version the one before it
 * made; the controls stay enabled, so the focus stays where the agent is.
 */
export function TicketSidePanel({
  ticket,
  timeZone,
}: {
  ticket: TicketDetails;
  timeZone: string | undefined;
}) {
  const queryClient = useQueryClient();
  const me = useMe();
  const mayAssignOthers = hasPermission(me, 'helpdesk:manage');
  const [stale, setStale] = useState(false);
  const [inviting, setInviting] = useState(false);
  const detailsKey = ticketDetailsQueryOptions(ticket.id).queryKey;

  const save = useMutation({
    scope: { id: `ticket-${ticket.id}` },
    mutationFn: (change: TicketChange) =>
      updateTicket(ticket.id, {
        ...change,
        version: queryClient.getQueryData(detailsKey)?.version ?? ticket.version,
      }),
    onMutate: () => setStale(false),
    onSuccess: (saved) => {
      queryClient.setQueryData(detailsKey, saved);
      void refreshAfterTicketChange(queryClient);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) {
        setStale(true);
        void queryClient.invalidateQueries({ queryKey: detailsKey });
      }
    },
  });
  // While a change is on its way the panel shows it, not the value it replaces.
  const shown: TicketDetails = save.isPending
    ? { ...ticket, ...(save.variables as Partial<TicketDetails>) }
    : ticket;
  const change = (value: TicketChange) => save.mutate(value);
  const busy = save.isPending;
  const assigneeHeadingId = useId();
  const assignedToMe = ticket.assignee !== null && ticket.assignee.id === me.employeeId;
  // The tier's targets as the SLA page set them; the spec's until they are loaded.
  const policies = useQuery(slaPoliciesQueryOptions());
  const tierPolicy = policies.data?.data.find((policy) => policy.tier === shown.slaTier);

  return (
    <aside
      aria-labelledby="ticket-details-heading"
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="ticket-details-heading" className="text-base font-semibold text-slate-900">
          Details
        </h2>
        <p aria-live="polite" className="flex items-center gap-1.5 text-xs text-slate-600">
          {busy ? (
            <>
              <Spinner /> Saving…
            </>
          ) : save.isSuccess ? (
            'Saved'
          ) : null}
        </p>
      </div>
      {stale ? (
        <Alert title="Someone else changed this ticket">
          It has been reloaded with their changes. Make your change again if it is still needed.
        </Alert>
      ) : save.isError ? (
        <ServerErrorAlert error={save.error} title="The change could not be saved" />
      ) : null}

      <PanelSelect
        label="Status"
        value={shown.status}
        options={ticketStatuses.map((status) => [status, ticketStatusLabels[status]])}
        onChange={(status) => change({ status })}
      />
      <PanelSelect
        label="Priority"
        value={shown.priority}
        options={ticketPriorities.map((priority) => [priority, ticketPriorityLabels[priority]])}
        onChange={(priority) => change({ priority })}
      />
      <PanelSelect
        label="Type"
        value={shown.type}
        options={ticketTypes.map((type) => [type, ticketTypeLabels[type]])}
        onChange={(type) => change({ type })}
      />
      <PanelSelect
        label="Category"
        value={shown.category}
        options={ticketCategories.map((category) => [category, category])}
        onChange={(category) => change({ category })}
      />
      <PanelSelect
        label="SLA tier"
        value={shown.slaTier ?? ''}
        options={[['', 'No SLA'], ...slaTiers.map((tier) => [tier, tier] as const)]}
        hint={tierPolicy ? policyTargetsText(tierPolicy) : slaTargetsText(shown.slaTier)}
        onChange={(tier) => change({ slaTier: tier === '' ? null : tier })}
      />

      {mayAssignOthers ? (
        <PanelField label="Assignee">
          {(id) => (
            <EmployeePicker
              whoMay="helpdesk:view"
              id={id}
              onlyActive
              placeholder="Unassigned"
              clearLabel="Unassign"
              value={ticket.assignee ? { id: ticket.assignee.id, name: ticket.assignee.name } : null}
              onChange={(agent) => {
                const assigneeId = agent?.id ?? null;
                if (assigneeId !== (ticket.assignee?.id ?? null)) change({ assigneeId });
              }}
            />
          )}
        </PanelField>
      ) : (
        <div role="group" aria-labelledby={assigneeHeadingId} className="space-y-2">
          <p id={assigneeHeadingId} className="text-sm font-medium text-slate-800">
            Assignee
          </p>
          <p className="text-sm text-slate-800">
            {ticket.assignee ? (
              ticket.assignee.name
            ) : (
              <span className="text-slate-600 italic">Unassigned</span>
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            {me.employeeId && !assignedToMe ? (
              <Button variant="secondary" size="sm" onClick={() => change({ assigneeId: me.employeeId })}>
                Take it
              </Button>
            ) : null}
            {ticket.assignee ? (
              <Button variant="ghost" size="sm" onClick={() => change({ assigneeId: null })}>
                Unassign
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-slate-600">
            Only a Manager or an Admin may give a ticket to someone else.
          </p>
        </div>
      )}
      {mayAssignOthers && me.employeeId && !assignedToMe ? (
        <Button variant="secondary" size="sm" onClick={() => change({ assigneeId: me.employeeId })}>
          Assign to me
        </Button>
      ) : null}

      <PanelField label="Tags">
        {(id) => (
          <TagInput
            id={id}
            value={shown.tags}
            onChange={(tags) => change({ tags })}
            placeholder="Add a tag and press Enter"
          />
        )}
      </PanelField>

      <section aria-labelledby="ticket-sla-heading" className="space-y-3 border-t border-slate-200 pt-4">
        <h3 id="ticket-sla-heading" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          SLA clocks
        </h3>
        <SlaClocks ticket={ticket} timeZone={timeZone} />
      </section>

      <dl className="space-y-3 border-t border-slate-200 pt-4 text-sm">
        <Fact term="Customer">
          <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">
            {ticket.customer.name}
          </span>
          <a
            href={`mailto:${ticket.customer.email}`}
            className="text-indigo-700 [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {ticket.customer.email}
          </a>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            Invite to the portal
          </Button>
          <CustomerInviteDialog
            open={inviting}
            onClose={() => setInviting(false)}
            customer={{ name: ticket.customer.name, email: ticket.customer.email }}
          />
        </Fact>
        <Fact term="Created">{formatDateTime(ticket.createdAt, timeZone)}</Fact>
        <Fact term="Updated">{formatDateTime(ticket.updatedAt, timeZone)}</Fact>
        <Fact term="First response">
          {ticket.firstRespondedAt
            ? `${formatElapsed(ticket.createdAt, ticket.firstRespondedAt)} after it came in`
            : 'Not answered yet'}
        </Fact>
        {ticket.resolvedAt ? (
          <Fact term="Resolved">{formatDateTime(ticket.resolvedAt, timeZone)}</Fact>
        ) : null}
        {ticket.closedAt ? <Fact term="Closed">{formatDateTime(ticket.closedAt, timeZone)}</Fact> : null}
        {ticket.rating ? (
          <Fact term="Satisfaction">
            <RatingSummary rating={ticket.rating} timeZone={timeZone} />
          </Fact>
        ) : null}
      </dl>
    </aside>
  );
}

function PanelField({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string | undefined;
  children: (id: string, hintId: string | undefined) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1.5">{children(id, hintId)}</div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function PanelSelect<Value extends string>({
  label,
  value,
  options,
  hint,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly (readonly [Value, string])[];
  hint?: string;
  onChange: (value: Value) => void;
}) {
  return (
    <PanelField label={label} hint={hint}>
      {(id, hintId) => (
        <Select
          id={id}
          aria-describedby={hintId}
          value={value}
          onChange={(event) => onChange(event.target.value as Value)}
        >
          {options.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </Select>
      )}
    </PanelField>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="mt-0.5 text-slate-800">{children}</dd>
    </div>
  );
}
