import type { ReportSummary, ReportTrends } from '@atrium/shared';
import type { ReactNode } from 'react';
import { formatHours, formatMoney, formatCount } from '../lib/format';
import { PercentBar } from './report-tables';

/** Overview tab: the period at a glance, from the cards' figures and the trend totals. */
export function ReportOverview({ summary, trends }: { summary: ReportSummary; trends: ReportTrends | null }) {
  const created = trends?.buckets.reduce((sum, bucket) => sum + bucket.created, 0) ?? null;
  const openNow = trends?.buckets.at(-1)?.remaining ?? null;
  const { estimated, actual, estimatedOfTracked } = summary.hours;
  const hoursAgainstEstimate =
    estimatedOfTracked > 0 ? Math.round((actual / estimatedOfTracked) * 100) : null;

  return (
    <section aria-labelledby="overview-glance-title">
      <h2 id="overview-glance-title" className="sr-only">
        The period at a glance
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <GlanceCard title="Tasks">
          <Figure
            label="Tasks in the period"
            value={formatCount(summary.tasks.total)}
            detail={
              trends && created !== null
                ? `${formatCount(trends.openAtStart)} open when it began + ${formatCount(created)} created in it`
                : 'open when it began or created in it'
            }
          />
          {created !== null ? (
            <Figure label="Created" value={formatCount(created)} detail="new tasks during the period" />
          ) : null}
          <Figure label="Completed" value={formatCount(summary.tasks.completed)} />
          {openNow !== null ? <Figure label="Still open" value={formatCount(openNow)} /> : null}
          <Figure label="Overdue" value={formatCount(summary.overdueTasks)} />
          <Meter label="Completion rate" value={summary.tasks.completionRate} tone="success" />
        </GlanceCard>
        <GlanceCard title="Budget">
          <Figure label="Total budget" value={formatMoney(summary.budget.total)} />
          <Figure label="Utilized" value={formatMoney(summary.budget.utilized)} />
          <Figure label="Remaining" value={formatMoney(summary.budget.remaining)} />
          <Meter label="Average progress" value={summary.budget.averageProgress} tone="brand" />
        </GlanceCard>
        <GlanceCard title="Hours">
          <Figure label="Estimated" value={formatHours(estimated)} detail="all tasks in the period" />
          <Figure label="Actual" value={formatHours(actual)} />
          <Figure
            label="Estimate of tracked tasks"
            value={formatHours(estimatedOfTracked)}
            detail="the tasks with actual hours"
          />
          {hoursAgainstEstimate !== null ? (
            <Meter
              label="Actual against estimate"
              value={hoursAgainstEstimate}
              tone={
                hoursAgainstEstimate > 120 ? 'danger' : hoursAgainstEstimate > 100 ? 'warning' : 'success'
              }
            />
          ) : null}
        </GlanceCard>
      </div>
    </section>
  );
}

function GlanceCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">{children}</dl>
    </div>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-slate-600">
        {label}
        {detail ? <span className="block text-xs text-slate-500">{detail}</span> : null}
      </dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function Meter({
  label,
  value,
  tone,
}: {
  label: string;
  value: number;
  tone: 'brand' | 'success' | 'warning' | 'danger';
}) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900">
        <PercentBar value={value} tone={tone} />
      </dd>
    </div>
  );
}
