import type { TimeEntry } from '@atrium/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ClipboardList, LogOut, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import {
  timeEntriesInfiniteOptions,
  timeEntryStatsOptions,
  type TimeFilters,
} from '../api/time-entries.queries';
import { useClockActions } from '../hooks/use-clock-actions';
import { CorrectEntryDialog } from './correct-entry-dialog';
import {
  EmployeeCell,
  EntryCard,
  entryEmployeeName,
  HoursCell,
  OvertimeCell,
  ShiftCell,
} from './entry-cells';
import { LoadError, LoadMore, RowsSkeleton } from './list-states';
import { TimeEntryStatusBadge } from './time-entry-status-badge';

const headerCell = 'px-4 py-3 whitespace-nowrap';

type EntryActionProps = {
  entry: TimeEntry;
  canManage: boolean;
  ownEmployeeId: string | null;
  onCorrect: (entry: TimeEntry) => void;
};

function EntryActions({ entry, canManage, ownEmployeeId, onCorrect }: EntryActionProps) {
  const { clockOut } = useClockActions();
  const name = entryEmployeeName(entry);
  const canClockOut = entry.status === 'active' && (canManage || entry.employeeId === ownEmployeeId);
  // Spec 4: approved and rejected are final, so only open and completed entries can be corrected.
  const canCorrect = canManage && (entry.status === 'active' || entry.status === 'completed');
  if (!canClockOut && !canCorrect) return null;
  return (
    <div className="flex justify-end gap-2">
      {canClockOut ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={clockOut.isPending}
          onClick={() => clockOut.mutate({ entryId: entry.id, name })}
        >
          {clockOut.isPending ? <Spinner /> : <LogOut aria-hidden="true" className="size-4" />}
          Clock Out<span className="sr-only"> {name}</span>
        </Button>
      ) : null}
      {canCorrect ? (
        <Button
          variant="ghost"
          size="sm"
          className="size-9 px-0"
          title="Correct"
          aria-label={`Correct the entry of ${name}`}
          onClick={() => onCorrect(entry)}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </Button>
      ) : null}
    </div>
  );
}

function TimesheetRow({ timeZone, ...actions }: EntryActionProps & { timeZone: string }) {
  const { entry } = actions;
  return (
    <tr className="align-top">
      <td className="py-3 pr-4 pl-4 sm:pl-6">
        <EmployeeCell entry={entry} />
      </td>
      <td className="px-4 py-3">
        <ShiftCell entry={entry} timeZone={timeZone} />
      </td>
      <td className="px-4 py-3 text-right">
        <HoursCell entry={entry} />
      </td>
      <td className="px-4 py-3 text-right">
        <OvertimeCell entry={entry} />
      </td>
      <td className="px-4 py-3">
        <TimeEntryStatusBadge status={entry.status} />
      </td>
      <td className="py-3 pr-4 pl-4 sm:pr-6">
        <EntryActions {...actions} />
      </td>
    </tr>
  );
}

/** Spec 2 "Timesheet": the filtered entries, newest first, a page at a time. */
export function TimesheetTab({
  filters,
  timeZone,
  canManage,
  ownEmployeeId,
}: {
  filters: TimeFilters;
  timeZone: string;
  canManage: boolean;
  ownEmployeeId: string | null;
}) {
  const entries = useInfiniteQuery(timeEntriesInfiniteOptions(filters));
  const total = useQuery(timeEntryStatsOptions(filters)).data?.entries;
  const [correcting, setCorrecting] = useState<TimeEntry | null>(null);

  let body;
  if (entries.isPending) {
    body = <RowsSkeleton label="Loading the timesheet" />;
  } else if (entries.isError) {
    body = (
      <LoadError
        title="The timesheet could not be loaded"
        error={entries.error}
        onRetry={() => void entries.refetch()}
      />
    );
  } else {
    const rows = entries.data.pages.flatMap((page) => page.data);
    body =
      rows.length === 0 ? (
        <div className="p-4 sm:p-6">
          <EmptyState
            icon={ClipboardList}
            title="No time entries"
            description={
              filters.range !== 'all' || filters.status || filters.employeeId
                ? 'No entries match these filters. Try another date range or status.'
                : canManage
                  ? 'Entries show up here as people clock in and out. To record hours that were not clocked, use Add Manual Entry.'
                  : 'Clock in above to start your first entry; your hours show up here.'
            }
          />
        </div>
      ) : (
        <>
          <ul aria-label="Time entries" className="divide-y divide-slate-100 sm:hidden">
            {rows.map((entry) => (
              <EntryCard
                key={entry.id}
                entry={entry}
                timeZone={timeZone}
                badge={<TimeEntryStatusBadge status={entry.status} />}
                actions={
                  <EntryActions
                    entry={entry}
                    canManage={canManage}
                    ownEmployeeId={ownEmployeeId}
                    onCorrect={setCorrecting}
                  />
                }
              />
            ))}
          </ul>
          <div className="relative hidden overflow-x-auto sm:block">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">Time entries, newest first</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className={`${headerCell} pl-4 sm:pl-6`}>
                    Employee
                  </th>
                  <th scope="col" className={headerCell}>
                    Shift
                  </th>
                  <th scope="col" className={`${headerCell} text-right`}>
                    Hours
                  </th>
                  <th scope="col" className={`${headerCell} text-right`}>
                    Overtime
                  </th>
                  <th scope="col" className={headerCell}>
                    Status
                  </th>
                  <th scope="col" className={`${headerCell} pr-4 sm:pr-6`}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((entry) => (
                  <TimesheetRow
                    key={entry.id}
                    entry={entry}
                    timeZone={timeZone}
                    canManage={canManage}
                    ownEmployeeId={ownEmployeeId}
                    onCorrect={setCorrecting}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore
            shown={rows.length}
            total={total}
            hasMore={entries.hasNextPage}
            loading={entries.isFetchingNextPage}
            onLoadMore={() => void entries.fetchNextPage()}
          />
        </>
      );
  }

  return (
    <section
      aria-label="Timesheet"
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      {body}
      {correcting ? (
        <CorrectEntryDialog entry={correcting} timeZone={timeZone} onClose={() => setCorrecting(null)} />
      ) : null}
    </section>
  );
}
