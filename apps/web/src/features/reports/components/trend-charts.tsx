import { nounFor, type ReportTrends } from '@atrium/shared';
import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { bucketLabel, bucketName, formatCount, formatPeriod, plural } from '../lib/format';

// The only file that imports recharts: the page loads it with React.lazy when the Trends tab opens,
// so the chart library stays out of every other tab's download.

const colors = { created: '#6366f1', completed: '#059669', remaining: '#d97706' } as const;
const axisTick = { fill: '#475569', fontSize: 12 };

const unitNames: Record<ReportTrends['unit'], string> = { day: 'Day', week: 'Week', month: 'Month' };

type Point = {
  key: string;
  label: string;
  name: string;
  created: number;
  completed: number;
  remaining: number;
};

/** Trends tab: tasks created against completed per bucket, and the burndown of the period's tasks. */
export function TrendCharts({ trends }: { trends: ReportTrends }) {
  const points: Point[] = trends.buckets.map((bucket) => ({
    key: bucket.start,
    label: bucketLabel(trends.unit, bucket.start),
    name: bucketName(trends.unit, bucket.start, bucket.end),
    created: bucket.created,
    completed: bucket.completed,
    remaining: bucket.remaining,
  }));
  const first = trends.buckets[0];
  const last = trends.buckets.at(-1);
  const period = first && last ? formatPeriod(first.start, last.end) : '';
  const created = points.reduce((sum, point) => sum + point.created, 0);
  const completed = points.reduce((sum, point) => sum + point.completed, 0);
  const remainingNow = last?.remaining ?? trends.scope;
  // The burndown starts from all the period's tasks and falls as they are completed.
  const burndown = [
    { key: 'start', label: 'Start', name: 'Start of the period', remaining: trends.scope },
    ...points,
  ];
  const unit = unitNames[trends.unit];

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <h2 className="sr-only">Trends</h2>
      <ChartCard
        id="created-completed"
        title="Tasks created and completed"
        summary={`${period}: ${plural(created, 'task', 'tasks')} created and ${formatCount(completed)} completed, per ${unit.toLowerCase()}.`}
        legend={[
          { label: 'Created', color: colors.created },
          { label: 'Completed', color: colors.completed },
        ]}
        chart={
          <BarChart
            data={points}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={axisTick} minTickGap={12} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={axisTick} />
            <Tooltip
              cursor={{ fill: '#f1f5f9' }}
              labelFormatter={(_, payload) => String(payload[0]?.payload.name ?? '')}
            />
            <Bar
              dataKey="created"
              name="Created"
              fill={colors.created}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
            <Bar
              dataKey="completed"
              name="Completed"
              fill={colors.completed}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        }
        table={
          <DataTable
            caption="Tasks created and completed"
            headers={[unit, 'Created', 'Completed']}
            rows={points.map((point) => [point.key, point.name, point.created, point.completed])}
          />
        }
      />
      <ChartCard
        id="burndown"
        title="Burndown"
        summary={`Of the ${plural(trends.scope, 'task', 'tasks')} in the period (open when it began or created in it), ${formatCount(remainingNow)} ${nounFor(remainingNow, { one: 'is', other: 'are' })} still to do.`}
        legend={[{ label: 'Tasks still to do', color: colors.remaining }]}
        chart={
          <AreaChart
            data={burndown}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={axisTick} minTickGap={12} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={axisTick} />
            <Tooltip labelFormatter={(_, payload) => String(payload[0]?.payload.name ?? '')} />
            <Area
              type="linear"
              dataKey="remaining"
              name="Still to do"
              stroke={colors.remaining}
              strokeWidth={2}
              fill={colors.remaining}
              fillOpacity={0.15}
              isAnimationActive={false}
            />
          </AreaChart>
        }
        table={
          <DataTable
            caption="Burndown: the period's tasks still to do at the end of each bucket"
            headers={[unit, 'Still to do']}
            rows={burndown.map((point) => [point.key, point.name, point.remaining])}
          />
        }
      />
    </div>
  );
}

/**
 * A chart with its text alternative: the picture is hidden from assistive technology; the caption
 * sums it up and the data table (collapsed, one key press away) holds every figure.
 */
function ChartCard({
  id,
  title,
  summary,
  legend,
  chart,
  table,
}: {
  id: string;
  title: string;
  summary: string;
  legend: { label: string; color: string }[];
  chart: ReactNode;
  table: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <figure
      aria-labelledby={titleId}
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h3 id={titleId} className="font-semibold text-slate-900">
        {title}
      </h3>
      <figcaption className="mt-1 text-sm text-slate-600">{summary}</figcaption>
      <div aria-hidden="true" className="mt-4">
        <ul className="flex flex-wrap gap-4 text-xs text-slate-700">
          {legend.map((entry) => (
            <li key={entry.label} className="flex items-center gap-1.5">
              <span className="size-3 rounded-sm" style={{ backgroundColor: entry.color }} />
              {entry.label}
            </li>
          ))}
        </ul>
        <div className="mt-3 h-64" data-chart={id}>
          <ResponsiveContainer width="100%" height="100%">
            {chart}
          </ResponsiveContainer>
        </div>
      </div>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer rounded font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
          Show the figures as a table
        </summary>
        <div className="mt-3">{table}</div>
      </details>
    </figure>
  );
}

function DataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  /** A key, the row's name, then its numbers. */
  rows: (string | number)[][];
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {headers.map((header, index) => (
            <th key={header} scope="col" className={index === 0 ? 'py-1.5 pr-4' : 'py-1.5 pl-4 text-right'}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map(([key, name, ...values]) => (
          <tr key={String(key)}>
            <th scope="row" className="py-1.5 pr-4 text-left font-normal whitespace-nowrap text-slate-800">
              {name}
            </th>
            {values.map((value, index) => (
              <td key={index} className="py-1.5 pl-4 text-right font-medium text-slate-900 tabular-nums">
                {typeof value === 'number' ? formatCount(value) : value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
