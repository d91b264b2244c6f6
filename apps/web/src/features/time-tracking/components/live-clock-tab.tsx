import { quickClockInLimit, type LiveClock } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { LogIn, LogOut, UserRoundCheck } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { liveClockOptions } from '../api/time-entries.queries';
import { useClockActions } from '../hooks/use-clock-actions';
import { formatClockTime } from '../lib/zoned-time';
import { ElapsedTime } from './elapsed-time';
import { LoadError, RowsSkeleton } from './list-states';

type ClockedInPerson = LiveClock['clockedIn'][number];
type AvailablePerson = LiveClock['available'][number];

function PersonLabel({ person }: { person: AvailablePerson }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={person.employeeName} />
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{person.employeeName}</p>
        <p className="truncate text-xs text-slate-600">
          {person.employeeCode} · {person.jobTitle}, {person.department}
        </p>
      </div>
    </div>
  );
}

function ClockedInRow({
  person,
  timeZone,
  canClockOut,
}: {
  person: ClockedInPerson;
  timeZone: string;
  canClockOut: boolean;
}) {
  const { clockOut } = useClockActions();
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 px-4 py-3 sm:px-6">
      <PersonLabel person={person} />
      <div className="flex w-full items-center justify-between gap-4 pl-13 sm:w-auto sm:pl-0">
        <div className="sm:text-right">
          <ElapsedTime since={person.clockIn} className="block font-semibold text-emerald-800 tabular-nums" />
          <span className="text-xs text-slate-600">since {formatClockTime(person.clockIn, timeZone)}</span>
        </div>
        {canClockOut ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={clockOut.isPending}
            onClick={() => clockOut.mutate({ entryId: person.entryId, name: person.employeeName })}
          >
            {clockOut.isPending ? <Spinner /> : <LogOut aria-hidden="true" className="size-4" />}
            Clock Out<span className="sr-only"> {person.employeeName}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function QuickClockInCard({ person, isSelf }: { person: AvailablePerson; isSelf: boolean }) {
  const { clockIn } = useClockActions();
  return (
    <li className="flex items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <PersonLabel person={person} />
      <Button
        size="sm"
        disabled={clockIn.isPending}
        // Without an employee id the server clocks in the signed-in person (an Employee's only choice).
        onClick={() =>
          clockIn.mutate(
            isSelf
              ? { name: person.employeeName }
              : { employeeId: person.employeeId, name: person.employeeName },
          )
        }
      >
        {clockIn.isPending ? <Spinner /> : <LogIn aria-hidden="true" className="size-4" />}
        Clock In<span className="sr-only"> {person.employeeName}</span>
      </Button>
    </li>
  );
}

/**
 * Spec 2 "Live Clock": who is clocked in now, with Clock Out, and Quick Clock In for up to 6 people
 * who are not (spec 9). It refreshes itself, so clock-ins elsewhere show up without a reload.
 */
export function LiveClockTab({
  timeZone,
  canManage,
  ownEmployeeId,
}: {
  timeZone: string;
  canManage: boolean;
  ownEmployeeId: string | null;
}) {
  const live = useQuery(liveClockOptions());

  if (live.isPending) {
    return (
      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <RowsSkeleton label="Loading who is clocked in" rows={3} />
      </div>
    );
  }
  if (live.isError) {
    return (
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <LoadError
          title="The live clock could not be loaded"
          error={live.error}
          onRetry={() => void live.refetch()}
        />
      </div>
    );
  }

  const { clockedIn, clockedInTotal, available } = live.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="clocked-in-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="clocked-in-title" className="text-lg font-semibold text-slate-900">
            Clocked In <span className="text-slate-500 tabular-nums">({clockedInTotal})</span>
          </h2>
          {live.isFetching ? (
            <span className="flex items-center gap-2 text-xs text-slate-600">
              <Spinner className="size-3" /> Refreshing
            </span>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Everyone on the clock right now, whatever the filters; it refreshes every 30 seconds.
        </p>
        <div className="mt-3">
          {clockedIn.length === 0 ? (
            <EmptyState icon={UserRoundCheck} title="No employees currently clocked in" />
          ) : (
            <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
              <ul className="divide-y divide-slate-100">
                {clockedIn.map((person) => (
                  <ClockedInRow
                    key={person.entryId}
                    person={person}
                    timeZone={timeZone}
                    canClockOut={canManage || person.employeeId === ownEmployeeId}
                  />
                ))}
              </ul>
              {clockedInTotal > clockedIn.length ? (
                <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:px-6">
                  Showing the {clockedIn.length} who clocked in first of {clockedInTotal}. Filter the
                  Timesheet by status Active to see everyone.
                </p>
              ) : null}
            </div>
          )}
        </div>
      </section>
      {available.length > 0 ? (
        <section aria-labelledby="quick-clock-in-title">
          <h2 id="quick-clock-in-title" className="text-lg font-semibold text-slate-900">
            Quick Clock In
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {canManage
              ? `Up to ${quickClockInLimit} active employees who are not clocked in.`
              : 'Start your working time on the server clock.'}
          </p>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 2xl:grid-cols-3">
            {available.map((person) => (
              <QuickClockInCard
                key={person.employeeId}
                person={person}
                isSelf={person.employeeId === ownEmployeeId}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
