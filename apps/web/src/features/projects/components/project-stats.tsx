import { useQuery } from '@tanstack/react-query';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { projectStatsQueryOptions } from '../api/projects.queries';
import { formatCount } from '../lib/format';
import { hasActiveFilters, type ProjectFilters } from '../lib/project-filters';

/**
 * Spec 2: the five cards, counted over the projects the filters show — as the directory's cards
 * count the employees theirs match (issue 20); the first card says which. Without icons: five in a
 * row beside the sidebar leave no room for one next to "Active Projects" or "Avg Completion".
 */
export function ProjectStats({ filters }: { filters: ProjectFilters }) {
  const stats = useQuery(projectStatsQueryOptions(filters));
  // A failed count shows a dash; the list below carries the error message and its retry.
  const value = (figure: number | undefined) => (figure === undefined ? '—' : formatCount(figure));
  const loading = stats.isPending;
  const data = stats.data;
  return (
    <section aria-label="Project statistics">
      <StatGrid columns={5}>
        <StatCard
          label="Total Projects"
          value={value(data?.totalProjects)}
          hint={hasActiveFilters(filters) ? 'Matching the filters' : 'All projects'}
          loading={loading}
        />
        <StatCard label="Active Projects" value={value(data?.activeProjects)} loading={loading} />
        <StatCard label="Completed" value={value(data?.completedProjects)} loading={loading} />
        <StatCard label="Overdue Tasks" value={value(data?.overdueTasks)} loading={loading} />
        <StatCard
          label="Avg Completion"
          value={data ? `${data.averageCompletion}%` : '—'}
          loading={loading}
        />
      </StatGrid>
    </section>
  );
}
