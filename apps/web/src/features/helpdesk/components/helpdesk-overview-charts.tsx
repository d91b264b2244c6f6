import { ticketPriorityLabels, type HelpdeskOverview } from '@atrium/shared';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { overviewLinks } from '../lib/overview-links';

// The only help desk file that imports recharts: the overview page loads it lazily.

const colors = { opened: '#6366f1', resolved: '#059669', category: '#0ea5e9', priority: '#d97706' } as const;
const axisTick = { fill: '#475569', fontSize: 12 };

let formats: { day: Intl.DateTimeFormat; longDay: Intl.DateTimeFormat; count: Intl.NumberFormat } | undefined;
function format() {
  // Calendar dates (YYYY-MM-DD) read as UTC midnight, shown as that same date.
  formats ??= {
    day: new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    longDay: new Intl.DateTimeFormat('en', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
    count: new Intl.NumberFormat('en'),
  };
  return formats;
}
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);
const tickets = (count: number) => `${format().count.format(count)} ${count === 1 ? 'ticket' : 'tickets'}`;

/** Opened against resolved per day, and the open tickets by category and by priority. */
export function OverviewCharts({
  overview,
  periodLabel,
}: {
  overview: HelpdeskOverview;
  periodLabel: string;
}) {
  const navigate = useNavigate();
  const days = overview.perDay.map((day) => ({
    ...day,
    label: format().day.format(dayOf(day.date)),
    name: format().longDay.format(dayOf(day.date)),
  }));
  const opened = days.reduce((sum, day) => sum + day.opened, 0);
  const resolved = days.reduce((sum, day) => sum + day.resolved, 0);
  const categories = overview.byCategory.map((entry) => ({
    key: entry.category,
    name: entry.category,
    count: entry.count,
    to: overviewLinks.category(entry.category),
  }));
  const priorities = overview.byPriority.map((entry) => ({
    key: entry.priority,
    name: ticketPriorityLabels[entry.priority],
    count: entry.count,
    to: overviewLinks.priority(entry.priority),
  }));

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <h2 className="sr-only">Charts</h2>
      <ChartCard
        id="opened-resolved"
        wide
        title="Tickets opened and resolved"
        summary={`${periodLabel}: ${tickets(opened)} opened and ${tickets(resolved)} resolved, per day.`}
        legend={[
          { label: 'Opened', color: colors.opened },
          { label: 'Resolved', color: colors.resolved },
        ]}
        chart={
          <BarChart
            data={days}
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
              dataKey="opened"
              name="Opened"
              fill={colors.opened}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
              cursor="pointer"
              onClick={() => void navigate(overviewLinks.answered)}
            />
            <Bar
              dataKey="resolved"
              name="Resolved"
              fill={colors.resolved}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
              cursor="pointer"
              onClick={() => void navigate(overviewLinks.resolved)}
            />
          </BarChart>
        }
        figures={
          <>
            <p className="flex flex-wrap gap-x-4 gap-y-1">
              <Link className={linkClasses} to={overviewLinks.answered}>
                Every ticket, newest first
              </Link>
              <Link className={linkClasses} to={overviewLinks.resolved}>
                Resolved and closed tickets
              </Link>
            </p>
            <details className="mt-3">
              <summary className="cursor-pointer rounded font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
                Show the figures as a table
              </summary>
              <table className="mt-3 w-full text-sm">
                <caption className="sr-only">Tickets opened and resolved per day</caption>
                <thead>
                  <tr className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    <th scope="col" className="py-1.5 pr-4">
                      Day
                    </th>
                    <th scope="col" className="py-1.5 pl-4 text-right">
                      Opened
                    </th>
                    <th scope="col" className="py-1.5 pl-4 text-right">
                      Resolved
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {days.map((day) => (
                    <tr key={day.date}>
                      <th scope="row" className="py-1.5 pr-4 text-left font-normal text-slate-800">
                        {day.name}
                      </th>
                      <td className="py-1.5 pl-4 text-right font-medium text-slate-900 tabular-nums">
                        {day.opened}
                      </td>
                      <td className="py-1.5 pl-4 text-right font-medium text-slate-900 tabular-nums">
                        {day.resolved}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        }
      />
      <BreakdownCard
        id="by-category"
        title="Open tickets by category"
        color={colors.category}
        rows={categories}
        onOpen={(to) => void navigate(to)}
      />
      <BreakdownCard
        id="by-priority"
        title="Open tickets by priority"
        color={colors.priority}
        rows={priorities}
        onOpen={(to) => void navigate(to)}
      />
    </div>
  );
}

const linkClasses =
  'rounded font-medium text-indigo-700 underline-offset-2 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

type BreakdownRow = { key: string; name: string; count: number; to: string };

/** A bar per value; each bar, and each row of the list under it, opens the queue filtered by it. */
function BreakdownCard({
  id,
  title,
  color,
  rows,
  onOpen,
}: {
  id: string;
  title: string;
  color: string;
  rows: BreakdownRow[];
  onOpen: (to: string) => void;
}) {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <ChartCard
      id={id}
      title={title}
      summary={`${tickets(total)} open: ${rows.map((row) => `${row.name} ${format().count.format(row.count)}`).join(', ')}.`}
      legend={[{ label: 'Open tickets', color }]}
      chart={
        <BarChart
          data={rows}
          layout="vertical"
          margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} tick={axisTick} />
          <YAxis
            type="category"
            dataKey="name"
            width={120}
            tickLine={false}
            axisLine={false}
            tick={axisTick}
          />
          <Tooltip cursor={{ fill: '#f1f5f9' }} />
          <Bar
            dataKey="count"
            name="Open tickets"
            fill={color}
            radius={[0, 3, 3, 0]}
            isAnimationActive={false}
            cursor="pointer"
            onClick={(entry) => onOpen((entry.payload as BreakdownRow).to)}
          />
        </BarChart>
      }
      figures={
        <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {rows.map((row) => (
            <li key={row.key}>
              <Link
                to={row.to}
                className={`flex justify-between gap-3 py-1 ${linkClasses}`}
                aria-label={`${row.name}: ${tickets(row.count)} open — show them in the queue`}
              >
                <span>{row.name}</span>
                <span className="tabular-nums">{format().count.format(row.count)}</span>
              </Link>
            </li>
          ))}
        </ul>
      }
    />
  );
}

/**
 * A chart with its text alternative: the picture is hidden from assistive technology; the caption
 * sums it up, and the links or the table under it hold every figure.
 */
function ChartCard({
  id,
  title,
  summary,
  legend,
  chart,
  figures,
  wide = false,
}: {
  id: string;
  title: string;
  summary: string;
  legend: { label: string; color: string }[];
  chart: ReactNode;
  figures: ReactNode;
  wide?: boolean;
}) {
  const titleId = `${id}-title`;
  return (
    <figure
      aria-labelledby={titleId}
      className={`min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 ${wide ? 'xl:col-span-2' : ''}`}
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
      <div className="mt-4 text-sm">{figures}</div>
    </figure>
  );
}
