import {
  employeeFullName,
  slaTiers,
  ticketCategories,
  ticketPriorities,
  ticketPriorityLabels,
  ticketStatuses,
  ticketStatusLabels,
  ticketTypes,
  unfinishedTicketStatuses,
  type TicketSortKey,
} from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { FilterSelect, SortSelect, type SortOption } from '../../../components/ui/filter-select';
import { Button } from '../../../components/ui/button';
import { MultiFilterMenu } from '../../../components/ui/multi-filter-menu';
import { SearchField } from '../../../components/ui/search-field';
import { cn } from '../../../lib/cn';
import { useMe } from '../../accounts';
import { EmployeePicker } from '../../employees';
import { agentQueryOptions } from '../api/tickets.queries';
import { slaTierLabels, ticketCategoryLabels, ticketTypeLabels } from '../lib/ticket-labels';
import { statusFilterParam, statusesOf, type TicketQueueFilters } from '../lib/ticket-queue-filters';

const sortChoices: readonly [TicketSortKey, 'asc' | 'desc', string][] = [
  ['created', 'desc', 'Newest first'],
  ['created', 'asc', 'Oldest first'],
  ['updated', 'desc', 'Recently updated'],
  ['updated', 'asc', 'Longest without an update'],
  ['priority', 'desc', 'Priority, urgent first'],
  ['priority', 'asc', 'Priority, low first'],
  ['number', 'desc', 'Number, highest first'],
  ['number', 'asc', 'Number, lowest first'],
  ['subject', 'asc', 'Subject, A–Z'],
  ['subject', 'desc', 'Subject, Z–A'],
];

/** The sort menu, for the cards on a phone; on wider screens the table's headings sort too. */
const sortOptions: readonly SortOption<TicketSortKey>[] = sortChoices.map(([sort, order, label]) => ({
  sort,
  order,
  label,
}));

/**
 * Issue 21 queue: search over number, subject, message text and customer; filters by status,
 * priority, type, category, agent, SLA tier, tag and customer; the order.
 */
export function TicketQueueToolbar({
  filters,
  onChange,
  searching,
}: {
  filters: TicketQueueFilters;
  onChange: (changes: Partial<TicketQueueFilters>) => void;
  searching: boolean;
}) {
  const me = useMe();
  // A name picked here is remembered; an agent filter that arrived by link looks its name up.
  const [pickedNames, setPickedNames] = useState<Record<string, string>>({});
  const isPerson = filters.assigneeId !== '' && filters.assigneeId !== 'unassigned';
  const linkedAgent = useQuery({
    ...agentQueryOptions(filters.assigneeId),
    enabled:
      isPerson && pickedNames[filters.assigneeId] === undefined && filters.assigneeId !== me.employeeId,
  });
  // On a phone the eight filters fold away behind one button, so the tickets start on the first screen.
  const [filtersShown, setFiltersShown] = useState(false);
  const filtersId = useId();
  const activeFilters = (
    ['status', 'priority', 'type', 'category', 'assigneeId', 'slaTier', 'tag', 'customer'] as const
  ).filter((key) => filters[key] !== '').length;
  const agentName =
    pickedNames[filters.assigneeId] ??
    (filters.assigneeId === me.employeeId
      ? me.user.name
      : linkedAgent.data
        ? employeeFullName(linkedAgent.data)
        : '');

  return (
    <div
      role="search"
      aria-label="Tickets"
      className="grid gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_15rem]">
        <SearchField
          label="Search tickets"
          placeholder="Search by number, subject, message or customer"
          value={filters.q}
          onSearch={(q) => onChange({ q })}
          searching={searching}
        />
        <SortSelect options={sortOptions} sort={filters.sort} order={filters.order} onChange={onChange} />
      </div>
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={filtersShown}
        aria-controls={filtersId}
        onClick={() => setFiltersShown((shown) => !shown)}
        className="justify-self-start sm:hidden"
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {filtersShown ? 'Hide filters' : 'Filters'}
        {activeFilters > 0 ? <span className="text-indigo-700">({activeFilters} on)</span> : null}
      </Button>
      <div
        id={filtersId}
        className={cn('grid-cols-2 gap-3 sm:grid sm:grid-cols-4', filtersShown ? 'grid' : 'hidden')}
      >
        <MultiFilterMenu
          label="Status"
          allLabel="All statuses"
          values={ticketStatuses}
          labels={ticketStatusLabels}
          selected={statusesOf(filters.status)}
          presets={[{ label: 'Not resolved', short: 'Unresolved', values: unfinishedTicketStatuses }]}
          onChange={(statuses) => onChange({ status: statusFilterParam(statuses) })}
        />
        <FilterSelect
          label="Priority"
          allLabel="All priorities"
          values={ticketPriorities}
          labels={ticketPriorityLabels}
          value={filters.priority}
          onChange={(priority) => onChange({ priority })}
        />
        <FilterSelect
          label="Type"
          allLabel="All types"
          values={ticketTypes}
          labels={ticketTypeLabels}
          value={filters.type}
          onChange={(type) => onChange({ type })}
        />
        <FilterSelect
          label="Category"
          allLabel="All categories"
          values={ticketCategories}
          labels={ticketCategoryLabels}
          value={filters.category}
          onChange={(category) => onChange({ category })}
        />
        <div className="col-span-2 sm:col-span-1">
          <EmployeePicker
            whoMay="helpdesk:view"
            aria-label="Agent"
            placeholder="All agents"
            clearLabel="Show every agent"
            value={isPerson ? { id: filters.assigneeId, name: agentName } : null}
            onChange={(agent) => {
              if (agent) setPickedNames((known) => ({ ...known, [agent.id]: agent.name }));
              onChange({ assigneeId: agent?.id ?? '' });
            }}
          />
        </div>
        <FilterSelect
          label="SLA tier"
          allLabel="All SLA tiers"
          values={slaTiers}
          labels={slaTierLabels}
          value={filters.slaTier}
          onChange={(slaTier) => onChange({ slaTier })}
          className="col-span-2 sm:col-span-1"
        />
        <SearchField
          label="Tag"
          placeholder="Tag"
          value={filters.tag}
          onSearch={(tag) => onChange({ tag: tag.slice(0, 40) })}
          searching={false}
        />
        <SearchField
          label="Customer"
          placeholder="Customer name or email"
          value={filters.customer}
          onSearch={(customer) => onChange({ customer })}
          searching={false}
        />
      </div>
    </div>
  );
}
