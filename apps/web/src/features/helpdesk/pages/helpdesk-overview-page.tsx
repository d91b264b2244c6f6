import { overviewPeriods, type HelpdeskOverview, type OverviewPeriod } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Clock, Inbox, LifeBuoy, UserX } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { StatCard } from '../../../components/ui/stat-card';
import { useMe } from '../../accounts';
import { DeflectionPanel, RatingCsatPanel } from '../../portal';
import { helpdeskOverviewQueryOptions } from '../api/helpdesk-setup.queries';
import { overviewLinks } from '../lib/overview-links';

// Recharts loads with the charts, after the figures, and never with the rest of the help desk.
const OverviewCharts = lazy(() =>
  import('../components/helpdesk-overview-charts').then((module) => ({ default: module.OverviewCharts })),
);

const periodLabels: Record<OverviewPeriod, string> = {
  7: 'Last 7 days',
  30: 'Last 30 days',
  90: 'Last 90 days',
};

const periodOf = (params: URLSearchParams): OverviewPeriod =>
  overviewPeriods.find((days) => String(days) === params.get('days')) ?? 30;

let countFormat: Intl.NumberFormat | undefined;
const formatCount = (value: number) => (countFormat ??= new Intl.NumberFormat('en')).format(value);

function formatHours(hours: number | null) {
  if (hours === null) return '—';
  return hours < 1 ? `${Math.round(hours * 60)} min` : `${hours.toFixed(1)} h`;
}

/** A KPI card that opens the queue it counts. */
function KpiLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="block rounded-xl transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {children}
    </Link>
  );
}

function Kpis({ overview, days }: { overview: HelpdeskOverview | undefined; days: OverviewPeriod }) {
  const kpis = overview?.kpis;
  const loading = !kpis;
  const cards = [
    {
      id: 'open',
      label: 'Open',
      value: kpis ? formatCount(kpis.open) : null,
      hint: 'Open, in progress and pending',
      icon: LifeBuoy,
      tone: 'brand',
      to: overviewLinks.open,
      linkLabel: `Open: ${kpis ? formatCount(kpis.open) : '…'} tickets — show them in the queue`,
    },
    {
      id: 'unassigned',
      label: 'Unassigned',
      value: kpis ? formatCount(kpis.unassigned) : null,
      hint: 'Open and nobody’s',
      icon: UserX,
      tone: 'warning',
      to: overviewLinks.unassigned,
      linkLabel: `Unassigned: ${kpis ? formatCount(kpis.unassigned) : '…'} tickets — show them in the queue`,
    },
    {
      id: 'breaching',
      label: 'Breaching',
      value: kpis ? formatCount(kpis.breaching) : null,
      hint: 'Past a first-response or resolution due time',
      icon: AlertTriangle,
      tone: 'danger',
      to: overviewLinks.breaching,
      linkLabel: `Breaching: ${kpis ? formatCount(kpis.breaching) : '…'} tickets — show the tickets breaching soon`,
    },
    {
      id: 'first-response',
      label: 'Avg. first response',
      value: kpis ? formatHours(kpis.averageFirstResponseHours) : null,
      hint: `Wall-clock hours, tickets of the ${periodLabels[days].toLowerCase()}`,
      icon: Clock,
      tone: 'neutral',
      to: overviewLinks.answered,
      linkLabel: `Average first response: ${kpis ? formatHours(kpis.averageFirstResponseHours) : '…'} in wall-clock hours — show the newest tickets`,
    },
    {
      id: 'resolved',
      label: 'Resolved this week',
      value: kpis ? formatCount(kpis.resolvedThisWeek) : null,
      hint: 'Since the start of the week',
      icon: CheckCircle2,
      tone: 'success',
      to: overviewLinks.resolved,
      linkLabel: `Resolved this week: ${kpis ? formatCount(kpis.resolvedThisWeek) : '…'} tickets — show resolved and closed tickets`,
    },
  ] as const;
  return (
    <section aria-labelledby="helpdesk-kpis">
      <h2 id="helpdesk-kpis" className="sr-only">
        Key figures
      </h2>
      {/* Five in a row only where the labels fit beside the sidebar; three, then two, below. */}
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 2xl:grid-cols-5">
        {cards.map((card) => (
          <KpiLink key={card.id} to={card.to} label={card.linkLabel}>
            <StatCard
              label={card.label}
              value={card.value}
              hint={card.hint}
              icon={card.icon}
              tone={card.tone}
              loading={loading}
            />
          </KpiLink>
        ))}
      </div>
    </section>
  );
}

function ChartsSkeleton() {
  return (
    <div className="grid gap-6 xl:grid-cols-2" aria-busy="true">
      <p className="sr-only">Loading the charts</p>
      {[0, 1, 2].map((index) => (
        <div
          key={index}
          className={`h-80 animate-pulse rounded-xl bg-white shadow-sm ring-1 ring-slate-200 ${index === 0 ? 'xl:col-span-2' : ''}`}
        />
      ))}
    </div>
  );
}

const hasTickets = (overview: HelpdeskOverview) =>
  overview.kpis.open > 0 ||
  overview.kpis.resolvedThisWeek > 0 ||
  overview.perDay.some((day) => day.opened > 0 || day.resolved > 0);

/** /helpdesk (issue 21): the help desk at a glance, every figure a way into the queue. */
export function HelpdeskOverviewPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const days = periodOf(params);
  const overview = useQuery(helpdeskOverviewQueryOptions(days));
  const data = overview.data;

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Help Desk — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Help Desk"
        description="Open work, response times and the trend of tickets, each a way into the queue."
        actions={
          <>
            <div className="w-44">
              <Select
                aria-label="Period"
                value={String(days)}
                onChange={(event) => setParams({ days: event.target.value }, { replace: true })}
              >
                {overviewPeriods.map((period) => (
                  <option key={period} value={period}>
                    {periodLabels[period]}
                  </option>
                ))}
              </Select>
            </div>
            <Link to="/helpdesk/tickets" className={buttonClasses({ variant: 'secondary' })}>
              <Inbox aria-hidden="true" className="size-4" />
              Open the queue
            </Link>
          </>
        }
      />

      {overview.isError && !data ? (
        <LoadError
          error={overview.error}
          title="The help desk figures could not be loaded"
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <>
          <Kpis overview={data} days={days} />
          {!data ? (
            <ChartsSkeleton />
          ) : hasTickets(data) ? (
            <Suspense fallback={<ChartsSkeleton />}>
              <OverviewCharts overview={data} periodLabel={periodLabels[days]} />
            </Suspense>
          ) : (
            <EmptyState
              icon={LifeBuoy}
              title="No tickets yet"
              description="When customers write in, or an agent enters a ticket, the trends show here."
              action={
                <Link to="/helpdesk/tickets" className={buttonClasses()}>
                  Go to the queue
                </Link>
              }
            />
          )}
          {data ? <RatingCsatPanel csat={data.csat} periodLabel={periodLabels[days]} /> : null}
          <DeflectionPanel days={days} periodLabel={periodLabels[days]} />
        </>
      )}
    </div>
  );
}
