import type { ScheduleStats as Stats } from '@atrium/shared';
import { CalendarDays, Clock, TriangleAlert, UserX } from 'lucide-react';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { formatHours } from '../lib/schedule-format';

/** The four cards of spec 2, over everyone listed for the week (or the one filtered employee). */
export function ScheduleStats({
  stats,
  unavailable,
  limitHours,
}: {
  stats: Stats | null | undefined;
  /** The week failed to load: a dash, not a skeleton that never ends. */
  unavailable: boolean;
  limitHours: number;
}) {
  const loading = !stats && !unavailable;
  return (
    <StatGrid columns={4}>
      <StatCard
        label="Total Shifts"
        value={stats?.totalShifts ?? '—'}
        hint="Active shifts this week"
        icon={CalendarDays}
        loading={loading}
      />
      <StatCard
        label="Scheduled Hours"
        value={stats ? formatHours(stats.scheduledHours) : '—'}
        hint="Shift lengths, breaks taken off"
        icon={Clock}
        tone="success"
        loading={loading}
      />
      <StatCard
        label="Over-Scheduled"
        value={stats?.overScheduled ?? '—'}
        hint={`Above ${formatHours(limitHours)} this week`}
        icon={TriangleAlert}
        tone="danger"
        loading={loading}
      />
      <StatCard
        label="Unassigned"
        value={stats?.unassigned ?? '—'}
        hint="Active, without a shift this week"
        icon={UserX}
        tone="warning"
        loading={loading}
      />
    </StatGrid>
  );
}
