import { approvalRefusal, countOf, type ApprovalDecision, type TimeEntry } from '@atrium/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Inbox, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import {
  decideEntries,
  decideEntry,
  timeEntriesInfiniteOptions,
  timeEntriesKey,
  timeEntryStatsOptions,
  type TimeFilters,
} from '../api/time-entries.queries';
import {
  EmployeeCell,
  EntryCard,
  entryEmployeeName,
  HoursCell,
  OvertimeCell,
  ShiftCell,
} from './entry-cells';
import { LoadError, LoadMore, RowsSkeleton } from './list-states';

type Decision = { entries: TimeEntry[]; decision: ApprovalDecision };

const headerCell = 'px-4 py-3 whitespace-nowrap';
const checkboxClasses = 'size-4 rounded border-slate-300 accent-indigo-600 disabled:opacity-40';

const pastTense: Record<ApprovalDecision, string> = { approve: 'approved', reject: 'rejected' };
const entryNoun = { one: 'entry', other: 'entries' };

function decisionTitle({ entries, decision }: Decision): string {
  const [only] = entries;
  return entries.length === 1 && only
    ? `The entry of ${entryEmployeeName(only)} was ${pastTense[decision]}`
    : `${countOf(entries.length, entryNoun)} ${pastTense[decision]}`;
}

/** The server names each refused entry of a bulk request (`ids.<index>`); the first one explains it. */
function refusalDetail(error: Error): string {
  const first = error instanceof ApiError && error.fields ? Object.values(error.fields)[0] : undefined;
  return first ? `${error.message}. ${first}.` : error.message;
}

function SelectAllCheckbox({
  checked,
  indeterminate,
  disabled,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all entries"
      className={checkboxClasses}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/**
 * Spec 2 "Approval Queue": completed entries wait here for Approve or Reject; both are final
 * (spec 4). Issue 4: never one's own entry, and a selection can be decided in one request.
 */
export function ApprovalQueueTab({
  filters,
  timeZone,
  ownEmployeeId,
}: {
  filters: TimeFilters;
  timeZone: string;
  ownEmployeeId: string | null;
}) {
  const queueFilters: TimeFilters = { ...filters, status: 'completed' };
  const queryClient = useQueryClient();
  const entries = useInfiniteQuery(timeEntriesInfiniteOptions(queueFilters));
  const total = useQuery(timeEntryStatsOptions(queueFilters)).data?.entries;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<Decision | null>(null);

  const decide = useMutation({
    mutationFn: async ({ entries: chosen, decision }: Decision): Promise<void> => {
      const [only] = chosen;
      if (chosen.length === 1 && only) await decideEntry(only.id, decision);
      else
        await decideEntries(
          chosen.map((entry) => entry.id),
          decision,
        );
    },
    onSuccess: (_result, decision) => {
      toast.success(decisionTitle(decision));
      const decided = new Set(decision.entries.map((entry) => entry.id));
      setSelected((current) => new Set([...current].filter((id) => !decided.has(id))));
    },
    onError: (error, { decision }) =>
      toast.error(`Could not ${decision}`, { description: refusalDetail(error) }),
    onSettled: () => {
      setConfirming(null);
      return queryClient.invalidateQueries({ queryKey: timeEntriesKey });
    },
  });

  let body;
  if (entries.isPending) {
    body = <RowsSkeleton label="Loading the approval queue" />;
  } else if (entries.isError) {
    body = (
      <LoadError
        title="The approval queue could not be loaded"
        error={entries.error}
        onRetry={() => void entries.refetch()}
      />
    );
  } else {
    const rows = entries.data.pages.flatMap((page) => page.data);
    // Spec 4 and issue 4, mirrored from the server: one's own entries cannot be decided here.
    const decidable = rows.filter((entry) => approvalRefusal(entry, ownEmployeeId) === null);
    const chosen = decidable.filter((entry) => selected.has(entry.id));
    const allChosen = decidable.length > 0 && chosen.length === decidable.length;
    const toggle = (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });

    const selectAll = (
      <SelectAllCheckbox
        checked={allChosen}
        indeterminate={chosen.length > 0 && !allChosen}
        disabled={decidable.length === 0}
        onChange={(on) => setSelected(on ? new Set(decidable.map((entry) => entry.id)) : new Set())}
      />
    );
    const renderCheckbox = (entry: TimeEntry) => {
      const refusal = approvalRefusal(entry, ownEmployeeId);
      return (
        <input
          type="checkbox"
          aria-label={`Select the entry of ${entryEmployeeName(entry)}`}
          className={`${checkboxClasses} mt-2`}
          checked={refusal === null && selected.has(entry.id)}
          disabled={refusal !== null}
          onChange={(event) => toggle(entry.id, event.target.checked)}
        />
      );
    };
    const renderDecision = (entry: TimeEntry) => {
      const refusal = approvalRefusal(entry, ownEmployeeId);
      if (refusal) {
        return <p className="max-w-48 text-xs text-slate-600 sm:ml-auto sm:text-right">{refusal.message}</p>;
      }
      const name = entryEmployeeName(entry);
      const approving =
        decide.isPending &&
        decide.variables.decision === 'approve' &&
        decide.variables.entries.some((chosenEntry) => chosenEntry.id === entry.id);
      return (
        <div className="flex justify-end gap-2">
          <Button
            size="sm"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ entries: [entry], decision: 'approve' })}
          >
            {approving ? <Spinner /> : null}
            Approve<span className="sr-only"> the entry of {name}</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={decide.isPending}
            onClick={() => setConfirming({ entries: [entry], decision: 'reject' })}
          >
            Reject<span className="sr-only"> the entry of {name}</span>
          </Button>
        </div>
      );
    };

    body =
      rows.length === 0 ? (
        <div className="p-4 sm:p-6">
          <EmptyState
            icon={Inbox}
            title="No entries pending approval"
            description="Completed entries in this date range show up here for a decision."
          />
        </div>
      ) : (
        <>
          <div
            role="group"
            aria-label="Selected entries"
            className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3 sm:px-6"
          >
            <div className="flex items-center gap-3">
              <span className="flex items-center sm:hidden">{selectAll}</span>
              <p className="text-sm text-slate-700" aria-live="polite">
                {chosen.length === 0
                  ? 'Completed entries for the employee and dates above. Select some to decide them together.'
                  : `${chosen.length} selected`}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                disabled={chosen.length === 0 || decide.isPending}
                onClick={() => setConfirming({ entries: chosen, decision: 'approve' })}
              >
                <Check aria-hidden="true" className="size-4" />
                <span>
                  Approve
                  <span className="sr-only sm:not-sr-only"> selected</span>
                </span>
              </Button>
              <Button
                variant="danger"
                size="sm"
                disabled={chosen.length === 0 || decide.isPending}
                onClick={() => setConfirming({ entries: chosen, decision: 'reject' })}
              >
                <X aria-hidden="true" className="size-4" />
                <span>
                  Reject
                  <span className="sr-only sm:not-sr-only"> selected</span>
                </span>
              </Button>
            </div>
          </div>
          <ul aria-label="Entries pending approval" className="divide-y divide-slate-100 sm:hidden">
            {rows.map((entry) => (
              <EntryCard
                key={entry.id}
                entry={entry}
                timeZone={timeZone}
                selected={selected.has(entry.id)}
                leading={renderCheckbox(entry)}
                actions={renderDecision(entry)}
              />
            ))}
          </ul>
          <div className="relative hidden overflow-x-auto sm:block">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">Completed entries waiting for approval, newest first</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="w-10 py-3 pr-2 pl-4 sm:pl-6">
                    {selectAll}
                  </th>
                  <th scope="col" className={headerCell}>
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
                  <th scope="col" className={`${headerCell} pr-4 text-right sm:pr-6`}>
                    Decision
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((entry) => (
                  <tr
                    key={entry.id}
                    className={selected.has(entry.id) ? 'bg-indigo-50/60 align-top' : 'align-top'}
                  >
                    <td className="py-3 pr-2 pl-4 sm:pl-6">{renderCheckbox(entry)}</td>
                    <td className="px-4 py-3">
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
                    <td className="py-3 pr-4 pl-4 sm:pr-6">{renderDecision(entry)}</td>
                  </tr>
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

  const confirmCount = confirming?.entries.length ?? 0;
  const [confirmOnly] = confirming?.entries ?? [];
  const confirmSubject =
    confirmCount === 1 && confirmOnly
      ? `the entry of ${entryEmployeeName(confirmOnly)}`
      : countOf(confirmCount, entryNoun);
  return (
    <section
      aria-label="Approval Queue"
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      {body}
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => {
          if (!decide.isPending) setConfirming(null);
        }}
        title={
          confirming?.decision === 'approve' ? `Approve ${confirmSubject}?` : `Reject ${confirmSubject}?`
        }
        description={
          confirming?.decision === 'approve'
            ? 'Approved hours go to the payroll export. The decision is final.'
            : 'Rejected hours are not paid. The decision is final.'
        }
        confirmLabel={confirming?.decision === 'approve' ? 'Approve' : 'Reject'}
        destructive={confirming?.decision !== 'approve'}
        pending={decide.isPending}
        onConfirm={() => {
          if (confirming) decide.mutate(confirming);
        }}
      />
    </section>
  );
}
