import { countOf } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { timeEntryStatsOptions, type TimeFilters } from '../api/time-entries.queries';
import { formatHours } from '../lib/zoned-time';

/** Spec 2: the five cards, over the same filtered entries the timesheet lists. */
export function TimeStats({ filters }: { filters: TimeFilters }) {
  const stats = useQuery(timeEntryStatsOptions(filters));
  if (stats.isError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200"
      >
        <span>The totals could not be loaded. {stats.error.message}</span>
        <Button variant="secondary" size="sm" onClick={() => void stats.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const loading = stats.isPending;
  const data = stats.data;
  return (
    <section aria-label="Totals">
      <StatGrid columns={5}>
        <StatCard
          label="Total Hours"
          loading={loading}
          value={data ? formatHours(data.totalHours) : null}
          hint={data ? countOf(data.entries, { one: 'entry', other: 'entries' }) : null}
        />
        <StatCard
          label="Overtime Hours"
          loading={loading}
          value={data ? formatHours(data.overtimeHours) : null}
          hint="Above 8 hours per entry"
        />
        <StatCard
          label="Currently Clocked In"
          loading={loading}
          value={data?.currentlyClockedIn}
          hint="Open entries"
        />
        <StatCard
          label="Completed Entries"
          loading={loading}
          value={data?.completedEntries}
          hint="Waiting for approval"
        />
        <StatCard
          label="Average Hours"
          loading={loading}
          value={data ? formatHours(data.averageHours) : null}
          hint="Per clocked-out entry"
        />
      </StatGrid>
    </section>
  );
}
