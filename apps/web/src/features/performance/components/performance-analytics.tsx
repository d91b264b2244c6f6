import { countOf, type PerformanceAnalytics as Analytics, type RatingBandId } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { cn } from '../../../lib/cn';
import { analyticsQueryOptions, type PerformanceFilters } from '../api/performance.queries';

// This file is the only one that imports recharts; the page loads it with React.lazy when the
// Analytics tab opens, so the chart library stays out of the other tabs' download.

const ratingColors: Record<number, string> = {
  5: '#059669',
  4: '#10b981',
  3: '#6366f1',
  2: '#f59e0b',
  1: '#dc2626',
};

const bandColors: Record<RatingBandId, string> = {
  exceptional: '#059669',
  exceeds: '#10b981',
  meets: '#6366f1',
  below: '#f59e0b',
  'needs-improvement': '#dc2626',
};

const goalColors = { active: '#6366f1', completed: '#059669', overdue: '#dc2626' } as const;

type Datum = { key: string; label: string; count: number; color: string };

const plural = (count: number, one: string, many: string) => countOf(count, { one, other: many });

/** Analytics tab (spec 2): rating distribution and goal status, each with a table that says the same. */
export function PerformanceAnalytics({ filters }: { filters: PerformanceFilters }) {
  const analytics = useQuery(analyticsQueryOptions(filters));
  if (analytics.isPending) return <ListSkeleton label="Loading the analytics…" rows={6} />;
  if (analytics.isError) {
    return (
      <LoadError
        error={analytics.error}
        title="The analytics could not be loaded"
        onRetry={() => void analytics.refetch()}
      />
    );
  }
  return <Charts data={analytics.data} />;
}

function Charts({ data }: { data: Analytics }) {
  const ratings: Datum[] = data.ratingDistribution.map((entry) => ({
    key: String(entry.rating),
    label: `${entry.rating} - ${entry.label}`,
    count: entry.count,
    color: ratingColors[entry.rating] ?? '#64748b',
  }));
  const bands: Datum[] = data.bandDistribution.map((entry) => ({
    key: entry.band,
    label: entry.label,
    count: entry.count,
    color: bandColors[entry.band],
  }));
  const goals: Datum[] = (['active', 'completed', 'overdue'] as const).map((status) => ({
    key: status,
    label: { active: 'Active', completed: 'Completed', overdue: 'Overdue' }[status],
    count: data.goalStatus[status],
    color: goalColors[status],
  }));
  const reviewCount = ratings.reduce((sum, entry) => sum + entry.count, 0);
  const ratedEmployees = bands.reduce((sum, entry) => sum + entry.count, 0);
  const mostCommon = [...ratings].sort((a, b) => b.count - a.count)[0];

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard
        id="rating-distribution"
        title="Rating distribution"
        summary={
          reviewCount === 0
            ? 'No reviews in this period.'
            : `${plural(reviewCount, 'review', 'reviews')}; the most common rating is ${mostCommon?.label}.`
        }
        data={ratings}
        labelHeader="Rating"
        valueHeader="Reviews"
        chart={
          <BarChart
            data={ratings}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="key" tickLine={false} axisLine={false} tick={{ fill: '#475569', fontSize: 12 }} />
            <YAxis
              allowDecimals={false}
              tickLine={false}
              axisLine={false}
              tick={{ fill: '#475569', fontSize: 12 }}
            />
            <Tooltip
              cursor={{ fill: '#f1f5f9' }}
              formatter={(value) => [value, 'Reviews']}
              labelFormatter={(_, payload) => String(payload[0]?.payload.label ?? '')}
            />
            <Bar dataKey="count" radius={[4, 4, 0, 0]} isAnimationActive={false}>
              {ratings.map((entry) => (
                <Cell key={entry.key} fill={entry.color} />
              ))}
            </Bar>
          </BarChart>
        }
      />
      <ChartCard
        id="goal-status"
        title="Goal status"
        summary={
          data.goalStatus.total === 0
            ? 'No goals yet.'
            : `${plural(data.goalStatus.total, 'goal', 'goals')}: ${data.goalStatus.completed} completed, ${data.goalStatus.active} active, ${data.goalStatus.overdue} overdue.`
        }
        data={goals}
        labelHeader="Status"
        valueHeader="Goals"
        chart={
          <PieChart accessibilityLayer={false}>
            <Tooltip formatter={(value, name) => [value, name]} />
            <Pie
              data={goals}
              dataKey="count"
              nameKey="label"
              innerRadius="55%"
              outerRadius="85%"
              paddingAngle={2}
              isAnimationActive={false}
              // The picture is hidden from assistive technology (the table carries the figures), so
              // it must not take keyboard focus either.
              rootTabIndex={-1}
            >
              {goals.map((entry) => (
                <Cell key={entry.key} fill={entry.color} />
              ))}
            </Pie>
          </PieChart>
        }
      />
      <ChartCard
        id="band-distribution"
        title="Employees by rating band"
        summary={
          ratedEmployees === 0
            ? 'No employee has a review in this period.'
            : `${plural(ratedEmployees, 'employee', 'employees')} with reviews, by the band of their average rating.`
        }
        data={bands}
        labelHeader="Band"
        valueHeader="Employees"
        chart={
          <BarChart
            data={bands}
            layout="vertical"
            margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#e2e8f0" />
            <XAxis
              type="number"
              allowDecimals={false}
              tickLine={false}
              axisLine={false}
              tick={{ fill: '#475569', fontSize: 12 }}
            />
            <YAxis
              type="category"
              dataKey="label"
              width={120}
              tickLine={false}
              axisLine={false}
              tick={{ fill: '#475569', fontSize: 12 }}
            />
            <Tooltip cursor={{ fill: '#f1f5f9' }} formatter={(value) => [value, 'Employees']} />
            <Bar dataKey="count" radius={[0, 4, 4, 0]} isAnimationActive={false}>
              {bands.map((entry) => (
                <Cell key={entry.key} fill={entry.color} />
              ))}
            </Bar>
          </BarChart>
        }
        className="lg:col-span-2"
      />
    </div>
  );
}

/**
 * A chart with its text alternative: the picture is hidden from screen readers, and the caption and
 * the table under it (which doubles as the legend) carry the same figures.
 */
function ChartCard({
  id,
  title,
  summary,
  data,
  labelHeader,
  valueHeader,
  chart,
  className,
}: {
  id: string;
  title: string;
  summary: string;
  data: Datum[];
  labelHeader: string;
  valueHeader: string;
  chart: ReactNode;
  className?: string;
}) {
  const titleId = `${id}-title`;
  return (
    <figure
      aria-labelledby={titleId}
      className={cn('rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6', className)}
    >
      <h3 id={titleId} className="font-semibold text-slate-900">
        {title}
      </h3>
      <figcaption className="mt-1 text-sm text-slate-600">{summary}</figcaption>
      <div aria-hidden="true" className="mt-4 h-60" data-chart={id}>
        <ResponsiveContainer width="100%" height="100%">
          {chart}
        </ResponsiveContainer>
      </div>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <th scope="col" className="py-1.5">
              {labelHeader}
            </th>
            <th scope="col" className="py-1.5 text-right">
              {valueHeader}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.map((entry) => (
            <tr key={entry.key}>
              <th scope="row" className="py-1.5 text-left font-normal text-slate-800">
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-3 rounded-sm"
                    style={{ backgroundColor: entry.color }}
                  />
                  {entry.label}
                </span>
              </th>
              <td className="py-1.5 text-right font-medium text-slate-900 tabular-nums">{entry.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
