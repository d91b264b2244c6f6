import type { ReportSummary } from '@atrium/shared';
import { CircleAlert, CircleCheckBig, FolderKanban, Wallet } from 'lucide-react';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { formatCompactMoney, formatCount, plural } from '../lib/format';

/** Spec 2 "Reports": the 4 summary cards over the filtered projects and period. */
export function SummaryCards({ summary }: { summary: ReportSummary | null }) {
  const loading = summary === null;
  return (
    <section aria-label="Report summary" aria-busy={loading}>
      <StatGrid columns={4}>
        <StatCard
          label="Projects"
          icon={FolderKanban}
          loading={loading}
          value={summary ? formatCount(summary.projects) : '–'}
          hint={summary ? `${plural(summary.tasks.total, 'task', 'tasks')} in the period` : undefined}
        />
        <StatCard
          label="Completion Rate"
          icon={CircleCheckBig}
          tone="success"
          loading={loading}
          value={summary ? `${summary.tasks.completionRate}%` : '–'}
          hint={
            summary
              ? `${formatCount(summary.tasks.completed)} of ${plural(summary.tasks.total, 'task', 'tasks')} completed`
              : undefined
          }
        />
        <StatCard
          label="Budget Utilized"
          icon={Wallet}
          tone="neutral"
          loading={loading}
          value={summary ? formatCompactMoney(summary.budget.utilized) : '–'}
          hint={
            summary
              ? `of ${formatCompactMoney(summary.budget.total)} · ${summary.budget.averageProgress}% average progress`
              : undefined
          }
        />
        <StatCard
          label="Overdue Tasks"
          icon={CircleAlert}
          tone={summary && summary.overdueTasks > 0 ? 'danger' : 'neutral'}
          loading={loading}
          value={summary ? formatCount(summary.overdueTasks) : '–'}
          hint="past their due date, not done"
        />
      </StatGrid>
    </section>
  );
}
