import { countOf, formatCount, type CampaignResults as Results } from '@atrium/shared';
import { BarChart3, Link2, MailX, UserCheck, Wallet } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { TableScroller } from '../../../components/ui/list-states';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { formatMoney, formatRate } from '../lib/campaign-format';

// Recharts loads with the chart, after the figures, and never with the rest of marketing.
const CampaignTimelineChart = lazy(() =>
  import('./campaign-timeline-chart').then((module) => ({ default: module.CampaignTimelineChart })),
);

const sectionClasses = 'space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';

/** Sent → delivered → opened → clicked, each bar as wide as its share of what was sent. */
function Funnel({ results }: { results: Results }) {
  const { funnel, rates } = results;
  const steps = [
    {
      key: 'sent',
      label: 'Sent',
      count: funnel.sent,
      rate: `of ${countOf(funnel.recipients, { one: 'recipient', other: 'recipients' })}`,
    },
    {
      key: 'delivered',
      label: 'Delivered',
      count: funnel.delivered,
      rate: `${formatRate(rates.delivery)} of sent`,
    },
    { key: 'opened', label: 'Opened', count: funnel.opened, rate: `${formatRate(rates.open)} of delivered` },
    {
      key: 'clicked',
      label: 'Clicked',
      count: funnel.clicked,
      rate: `${formatRate(rates.click)} of delivered · ${formatRate(rates.clickToOpen)} of opened`,
    },
  ];
  const widest = Math.max(funnel.sent, 1);
  return (
    <section aria-labelledby="campaign-funnel-heading" className={sectionClasses}>
      <h3 id="campaign-funnel-heading" className="font-semibold text-slate-900">
        Funnel
      </h3>
      <ol className="space-y-3">
        {steps.map((step) => (
          <li
            key={step.key}
            className="grid gap-1 sm:grid-cols-[8rem_minmax(0,1fr)] sm:items-center sm:gap-4"
          >
            <div className="flex items-baseline justify-between gap-2 sm:block">
              <span className="text-sm font-medium text-slate-700">{step.label}</span>
              <span className="block text-lg font-bold text-slate-900 tabular-nums">
                {formatCount(step.count)}
              </span>
            </div>
            <div>
              <div aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-slate-100">
                <div
                  className="h-full rounded-full bg-indigo-600"
                  style={{ width: `${Math.round((step.count / widest) * 100)}%` }}
                />
              </div>
              <p className="mt-1 text-sm text-slate-600">{step.rate}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Clicks per link, in the order the links appear in the message. */
function LinkClicks({ results }: { results: Results }) {
  return (
    <section aria-labelledby="campaign-links-heading" className="space-y-3">
      <h3 id="campaign-links-heading" className="font-semibold text-slate-900">
        Clicks per link
      </h3>
      {results.links.length === 0 ? (
        <EmptyState
          icon={Link2}
          title="The message has no links"
          description="Add a button or a link to see what people click."
        />
      ) : (
        <TableScroller labelledBy="campaign-links-table">
          {/* The scrolling box is a region of its own: a name apart from the section's. */}
          <span id="campaign-links-table" hidden>
            Links and their clicks
          </span>
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Link
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Clicks
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Unique clickers
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {results.links.map((link) => (
                <tr key={`${link.index}-${link.url}`}>
                  <th
                    scope="row"
                    className="max-w-md px-4 py-3 text-left font-normal [overflow-wrap:anywhere] text-slate-900"
                  >
                    {link.url}
                  </th>
                  <td className="px-4 py-3 text-right font-medium text-slate-900 tabular-nums">
                    {formatCount(link.clicks)}
                  </td>
                  <td className="px-4 py-3 text-right text-slate-700 tabular-nums">
                    {formatCount(link.uniqueClickers)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}

/**
 * An email campaign's results (issue 23): the funnel, opens and clicks over time, clicks per link,
 * unsubscribes, bounces and the revenue of the customers it brought. Bot and scanner hits are left
 * out of every figure.
 */
export function CampaignResults({ results, timeZone }: { results: Results; timeZone: string }) {
  const { funnel, rates } = results;
  const bots = results.botHits.opens + results.botHits.clicks;

  if (funnel.sent === 0 && funnel.recipients === 0) {
    return (
      <EmptyState
        icon={BarChart3}
        title="No results yet"
        description="Once the campaign is sent, its deliveries, opens, clicks, unsubscribes and bounces show here."
      />
    );
  }

  return (
    <div className="space-y-6">
      <StatGrid columns={4}>
        <StatCard
          label="Unsubscribed"
          value={formatCount(funnel.unsubscribed)}
          hint={`${formatRate(rates.unsubscribe)} of delivered`}
          icon={MailX}
          tone="warning"
        />
        <StatCard
          label="Bounced"
          value={formatCount(funnel.bounced)}
          hint={`${formatRate(rates.bounce)} of sent`}
          icon={MailX}
          tone="danger"
        />
        <StatCard
          label="Customers won"
          value={formatCount(results.attributedCustomers)}
          hint="Their last click before buying was here"
          icon={UserCheck}
          tone="success"
        />
        <StatCard
          label="Revenue"
          value={formatMoney(results.revenue)}
          hint="The values of the customers won"
          icon={Wallet}
          tone="neutral"
        />
      </StatGrid>
      <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        <Funnel results={results} />
        <Suspense
          fallback={
            <div role="status" className={`${sectionClasses} h-80 animate-pulse motion-reduce:animate-none`}>
              <span className="sr-only">Loading the chart…</span>
            </div>
          }
        >
          <CampaignTimelineChart timeline={results.timeline} timeZone={timeZone} />
        </Suspense>
      </div>
      {bots > 0 ? (
        <p className="text-sm text-slate-600">
          Left out of these figures: {countOf(results.botHits.opens, { one: 'open', other: 'opens' })} and{' '}
          {countOf(results.botHits.clicks, { one: 'click', other: 'clicks' })} by bots and link scanners.
        </p>
      ) : null}
      <LinkClicks results={results} />
    </div>
  );
}
