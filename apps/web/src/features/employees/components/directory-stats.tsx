import { formatCount } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Hourglass, UserCheck, Users, UserX } from 'lucide-react';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { employeeStatsQueryOptions } from '../api/employees.queries';
import { hasActiveFilters, type DirectoryFilters } from '../lib/directory-filters';

/**
 * Spec 2: total, active, inactive and pending, over the employees the filters match — as the
 * projects' cards count the projects theirs match (issue 20); the Total card says which.
 */
export function DirectoryStats({ filters }: { filters: DirectoryFilters }) {
  const stats = useQuery(employeeStatsQueryOptions(filters));
  // A failed count shows a dash; the list below carries the error message and its retry.
  const value = (figure: number | undefined) => (figure === undefined ? '—' : formatCount(figure));
  const loading = stats.isPending;
  return (
    <section aria-label="Employee statistics">
      <StatGrid>
        <StatCard
          label="Total"
          value={value(stats.data?.total)}
          hint={hasActiveFilters(filters) ? 'Matching the filters' : 'All employees'}
          icon={Users}
          loading={loading}
        />
        <StatCard
          label="Active"
          value={value(stats.data?.active)}
          icon={UserCheck}
          tone="success"
          loading={loading}
        />
        <StatCard
          label="Inactive"
          value={value(stats.data?.inactive)}
          icon={UserX}
          tone="neutral"
          loading={loading}
        />
        <StatCard
          label="Pending"
          value={value(stats.data?.pending)}
          icon={Hourglass}
          tone="warning"
          loading={loading}
        />
      </StatGrid>
    </section>
  );
}
