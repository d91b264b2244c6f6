import { ticketReference, type TicketSortKey, type TicketSummary } from '@atrium/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { SortableHeading } from '../../../components/ui/sortable-heading';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { useWorkspaceTimeZone } from '../../workspace';
import { nextTicketSort, type TicketQueueFilters } from '../lib/ticket-queue-filters';
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';

type TicketSort = Pick<TicketQueueFilters, 'sort' | 'order'>;

export type TicketSelection = {
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Selects every loaded ticket, or clears them when all are selected. */
  onToggleAll: () => void;
};

type ListProps = {
  tickets: readonly TicketSummary[];
  selection: TicketSelection;
  /** The queue's address, handed to the ticket page so its way back keeps the view and filters. */
  queueSearch: string;
};

/**
 * The queue on a tablet or wider: sortable headings (the server sorts), a box per row and one for
 * all loaded rows; the subject is the link to the ticket. The table scrolls in its own frame.
 */
export function TicketTable({
  tickets,
  selection,
  queueSearch,
  sort,
  onSort,
}: ListProps & { sort: TicketSort; onSort: (sort: TicketSort) => void }) {
  const timeZone = useWorkspaceTimeZone();
  const heading = (column: TicketSortKey, label: string, className?: string) => (
    <SortableHeading
      column={column}
      sort={sort}
      onSort={(key) => onSort(nextTicketSort(sort, key))}
      className={className}
    >
      {label}
    </SortableHeading>
  );
  return (
    <div
      role="region"
      aria-label="Tickets table"
      tabIndex={0}
      className="relative hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600 md:block"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-10 py-3 pr-1 pl-4">
              <SelectAllBox tickets={tickets} selection={selection} />
            </th>
            {heading('number', '#', 'w-20')}
            {heading('subject', 'Subject', 'min-w-64')}
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            {heading('priority', 'Priority')}
            <th scope="col" className="px-3 py-3">
              Agent
            </th>
            {heading('updated', 'Updated')}
            {heading('created', 'Created', 'pr-4')}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tickets.map((ticket) => {
            const selected = selection.selected.has(ticket.id);
            return (
              <tr
                key={ticket.id}
                className={cn('align-top', selected ? 'bg-indigo-50/70' : 'hover:bg-slate-50')}
              >
                <td className="py-3 pr-1 pl-4">
                  <SelectBox
                    checked={selected}
                    onChange={() => selection.onToggle(ticket.id)}
                    label={`Select ticket ${ticketReference(ticket.number)} ${ticket.subject}`}
                  />
                </td>
                <td className="px-3 py-3 font-medium whitespace-nowrap text-slate-600 tabular-nums">
                  {ticketReference(ticket.number)}
                </td>
                <th scope="row" className="px-3 py-3 text-left font-normal">
                  <TicketLink ticket={ticket} queueSearch={queueSearch} />
                  <TicketSecondLine ticket={ticket} />
                </th>
                <td className="px-3 py-3">
                  <TicketStatusBadge status={ticket.status} />
                </td>
                <td className="px-3 py-3">
                  <TicketPriorityBadge priority={ticket.priority} />
                </td>
                <td className="min-w-36 px-3 py-3 text-slate-800">
                  <TicketAgent ticket={ticket} />
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                  <When iso={ticket.updatedAt} timeZone={timeZone} />
                </td>
                <td className="py-3 pr-4 pl-3 whitespace-nowrap text-slate-700">
                  <When iso={ticket.createdAt} timeZone={timeZone} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The queue on a phone: one card per ticket, nothing wider than the screen. */
export function TicketCards({ tickets, selection, queueSearch }: ListProps) {
  const timeZone = useWorkspaceTimeZone();
  return (
    <div className="space-y-2 md:hidden">
      <div className="flex items-center gap-2 px-1">
        <SelectAllBox tickets={tickets} selection={selection} id="select-all-cards" />
        <label htmlFor="select-all-cards" className="text-sm text-slate-700">
          Select all loaded tickets
        </label>
      </div>
      <ul aria-label="Tickets" className="space-y-2">
        {tickets.map((ticket) => {
          const selected = selection.selected.has(ticket.id);
          return (
            <li
              key={ticket.id}
              className={cn(
                'flex gap-3 rounded-xl p-3 shadow-sm ring-1',
                selected ? 'bg-indigo-50 ring-indigo-200' : 'bg-white ring-slate-200',
              )}
            >
              <div className="pt-0.5">
                <SelectBox
                  checked={selected}
                  onChange={() => selection.onToggle(ticket.id)}
                  label={`Select ticket ${ticketReference(ticket.number)} ${ticket.subject}`}
                />
              </div>
              <div className="min-w-0 flex-1 space-y-2">
                <p className="text-xs font-medium text-slate-600 tabular-nums">
                  {ticketReference(ticket.number)} · <When iso={ticket.createdAt} timeZone={timeZone} />
                </p>
                <TicketLink ticket={ticket} queueSearch={queueSearch} />
                <TicketSecondLine ticket={ticket} />
                <div className="flex flex-wrap items-center gap-2">
                  <TicketStatusBadge status={ticket.status} />
                  <TicketPriorityBadge priority={ticket.priority} />
                  <span className="text-sm text-slate-700">
                    <TicketAgent ticket={ticket} />
                  </span>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function TicketLink({ ticket, queueSearch }: { ticket: TicketSummary; queueSearch: string }) {
  return (
    <Link
      to={`/helpdesk/tickets/${ticket.id}`}
      state={{ queueSearch }}
      className="block font-semibold text-slate-900 [overflow-wrap:anywhere] hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {ticket.subject}
    </Link>
  );
}

/** The customer, the SLA tier and the tags under the subject. */
function TicketSecondLine({ ticket }: { ticket: TicketSummary }) {
  return (
    <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
      <span className="[overflow-wrap:anywhere]">{ticket.customer.name}</span>
      {ticket.slaTier ? <span>{ticket.slaTier} SLA</span> : null}
      {ticket.tags.length > 0 ? (
        <span className="flex flex-wrap gap-1">
          {ticket.tags.map((tag) => (
            <span
              key={tag}
              className="max-w-32 truncate rounded-md bg-slate-100 px-2 py-0.5 font-medium text-slate-700"
            >
              {tag}
            </span>
          ))}
        </span>
      ) : null}
    </span>
  );
}

function TicketAgent({ ticket }: { ticket: TicketSummary }) {
  if (!ticket.assignee) return <span className="text-slate-600 italic">Unassigned</span>;
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <Avatar name={ticket.assignee.name} size="sm" className="size-6 text-[0.625rem]" />
      <span className="min-w-0">{ticket.assignee.name}</span>
    </span>
  );
}

/** "3 hours ago", with the exact time in the workspace's zone on hover. */
function When({ iso, timeZone }: { iso: string; timeZone: string | undefined }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso, timeZone)}>
      {formatRelative(iso)}
    </time>
  );
}

function SelectBox({ checked, onChange, label }: { checked: boolean; onChange: () => void; label: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={onChange}
      className="size-4 rounded border-slate-300 accent-indigo-600"
    />
  );
}

/** Checked when every loaded ticket is; mixed when only some are. */
function SelectAllBox({
  tickets,
  selection,
  id,
}: {
  tickets: readonly TicketSummary[];
  selection: TicketSelection;
  id?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const selectedCount = tickets.filter((ticket) => selection.selected.has(ticket.id)).length;
  const all = tickets.length > 0 && selectedCount === tickets.length;
  const some = selectedCount > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      id={id}
      type="checkbox"
      {...(id ? {} : { 'aria-label': 'Select all loaded tickets' })}
      checked={all}
      onChange={selection.onToggleAll}
      className="size-4 rounded border-slate-300 accent-indigo-600"
    />
  );
}
