import { useQuery } from '@tanstack/react-query';
import { LogIn, LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { ownOpenEntryOptions } from '../api/time-entries.queries';
import { useClockActions } from '../hooks/use-clock-actions';
import { formatClockTime, formatShortDay } from '../lib/zoned-time';
import { ElapsedTime } from './elapsed-time';

/** The signed-in person's own clock: in or out on the server clock, with the running time. */
export function MyClockPanel({ employeeId, timeZone }: { employeeId: string; timeZone: string }) {
  const openEntry = useQuery(ownOpenEntryOptions(employeeId));
  const { clockIn, clockOut } = useClockActions();
  const entry = openEntry.data ?? null;
  const running = entry !== null;

  let status;
  if (openEntry.isPending) {
    status = <span className="inline-block h-5 w-48 animate-pulse rounded bg-slate-200" />;
  } else if (openEntry.isError) {
    status = (
      <span className="text-red-800">
        Your clock could not be loaded.{' '}
        <button
          type="button"
          className="font-semibold underline underline-offset-2"
          onClick={() => void openEntry.refetch()}
        >
          Retry
        </button>
      </span>
    );
  } else if (entry) {
    status = (
      <>
        You are clocked in since {formatClockTime(entry.clockIn, timeZone)}
        <span className="text-slate-500"> · {formatShortDay(entry.clockIn, timeZone)}</span>
      </>
    );
  } else {
    status = 'You are not clocked in';
  }

  return (
    <section
      aria-labelledby="my-clock-title"
      className={cn(
        'flex flex-wrap items-center justify-between gap-4 rounded-xl p-4 shadow-sm ring-1 sm:px-6',
        running ? 'bg-emerald-50 ring-emerald-200' : 'bg-white ring-slate-200',
      )}
    >
      <div className="min-w-0">
        <h2 id="my-clock-title" className="text-sm font-semibold text-slate-900">
          Your clock
        </h2>
        <p className="mt-0.5 text-sm text-slate-700" aria-live="polite">
          {status}
        </p>
      </div>
      <div className="flex items-center gap-4">
        {entry ? (
          <ElapsedTime since={entry.clockIn} className="text-2xl font-bold text-emerald-800 tabular-nums" />
        ) : null}
        {entry ? (
          <Button
            variant="secondary"
            disabled={clockOut.isPending}
            onClick={() => clockOut.mutate({ entryId: entry.id, name: 'You' })}
          >
            {clockOut.isPending ? <Spinner /> : <LogOut aria-hidden="true" className="size-4" />}
            Clock Out
          </Button>
        ) : (
          <Button
            disabled={openEntry.isPending || clockIn.isPending}
            onClick={() => clockIn.mutate({ name: 'You' })}
          >
            {clockIn.isPending ? <Spinner /> : <LogIn aria-hidden="true" className="size-4" />}
            Clock In
          </Button>
        )}
      </div>
    </section>
  );
}
