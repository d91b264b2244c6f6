import { countOf, formatCount, type CampaignListItem } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Filter, MailX, Send, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDate, formatDateTime, formatRelative } from '../../../lib/dates';
import { useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import { campaignListQueryOptions } from '../api/campaigns.queries';
import { CampaignStatusBadge, CampaignTypeBadge } from '../components/campaign-badges';
import { formatRate, sendProgress } from '../lib/campaign-format';

/** How many campaigns each part of the overview shows; the list has the rest. */
const underwayLimit = 10;
const recentLimit = 6;

const sections: { to: string; label: string; description: string; icon: LucideIcon }[] = [
  {
    to: '/marketing/campaigns',
    label: 'Campaigns',
    description: 'Email, SMS, social and webinar campaigns with their budgets and results.',
    icon: Send,
  },
  {
    to: '/marketing/segments',
    label: 'Segments',
    description: 'Saved groups of leads that campaigns go to, counted as you build them.',
    icon: Filter,
  },
  {
    to: '/marketing/suppressions',
    label: 'Suppression list',
    description: 'Addresses no campaign is sent to: unsubscribed, bounced, complained or added by hand.',
    icon: MailX,
  },
];

/**
 * /marketing (issue 23): what is sending or waiting to send now, with its progress, the campaigns
 * changed last with their rates, and the way into each part of marketing.
 */
export function MarketingOverviewPage() {
  const me = useMe();
  // The list answers one status at a time: sending and scheduled are asked for side by side.
  const active = useQuery(campaignListQueryOptions({ status: 'active', limit: underwayLimit }));
  const scheduled = useQuery(
    campaignListQueryOptions({ status: 'scheduled', sort: 'updatedAt', limit: underwayLimit }),
  );
  const recent = useQuery(campaignListQueryOptions({ sort: 'updatedAt', limit: recentLimit }));
  const underwayError = active.error ?? scheduled.error;

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Marketing — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Marketing Automation"
        description="What is sending now, the latest results, and your audiences."
        actions={
          <Link to="/marketing/campaigns" className={buttonClasses({ variant: 'secondary' })}>
            <Send aria-hidden="true" className="size-4" />
            All campaigns
          </Link>
        }
      />

      <nav aria-label="Marketing">
        <ul className="grid gap-4 sm:grid-cols-3">
          {sections.map(({ to, label, description, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1 font-semibold text-slate-900 group-hover:text-indigo-700">
                    {label}
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </span>
                  <span className="mt-0.5 block text-sm text-slate-600">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Panel
          id="marketing-underway"
          title="Sending and scheduled"
          more={{ to: '/marketing/campaigns?status=active', label: 'All active campaigns' }}
        >
          {underwayError ? (
            <LoadError
              error={underwayError}
              title="The campaigns under way could not be loaded"
              onRetry={() => {
                void active.refetch();
                void scheduled.refetch();
              }}
            />
          ) : active.isPending || scheduled.isPending ? (
            <ListSkeleton label="Loading the campaigns under way…" rows={3} />
          ) : (
            <UnderwayList campaigns={[...(active.data?.data ?? []), ...(scheduled.data?.data ?? [])]} />
          )}
        </Panel>

        <Panel
          id="marketing-recent"
          title="Recently updated"
          more={{ to: '/marketing/campaigns', label: 'All campaigns' }}
        >
          {recent.isPending ? (
            <ListSkeleton label="Loading the latest campaigns…" rows={4} />
          ) : recent.isError ? (
            <LoadError
              error={recent.error}
              title="The latest campaigns could not be loaded"
              onRetry={() => void recent.refetch()}
            />
          ) : (
            <RecentList campaigns={recent.data.data} />
          )}
        </Panel>
      </div>
    </div>
  );
}

function Panel({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <Link
          to={more.to}
          className="rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {more.label}
        </Link>
      </div>
      {children}
    </section>
  );
}

function CampaignName({ campaign }: { campaign: CampaignListItem }) {
  return (
    <Link
      to={`/marketing/campaigns/${campaign.id}`}
      className="font-medium text-slate-900 [overflow-wrap:anywhere] hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {campaign.name}
    </Link>
  );
}

/** Each campaign sending or waiting: how far it has gone, or when it starts. */
function UnderwayList({ campaigns }: { campaigns: readonly CampaignListItem[] }) {
  const timeZone = useWorkspaceTimeZone();
  if (campaigns.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
        Nothing is sending or scheduled right now.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {campaigns.map((campaign) => {
        const progress = sendProgress(campaign.sent, campaign.recipients);
        return (
          <li key={campaign.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CampaignName campaign={campaign} />
              <span className="flex flex-wrap gap-1.5">
                <CampaignStatusBadge status={campaign.status} />
                <CampaignTypeBadge type={campaign.type} />
              </span>
            </div>
            {campaign.recipients > 0 ? (
              <div>
                <div
                  role="progressbar"
                  aria-label={`${campaign.name}: sent`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress}
                  aria-valuetext={`${formatCount(campaign.sent)} of ${formatCount(campaign.recipients)} sent`}
                  className="h-2 overflow-hidden rounded-full bg-slate-100"
                >
                  <div className="h-full rounded-full bg-indigo-600" style={{ width: `${progress}%` }} />
                </div>
                <p className="mt-1 text-xs text-slate-600 tabular-nums">
                  {formatCount(campaign.sent)} of{' '}
                  {countOf(campaign.recipients, { one: 'recipient', other: 'recipients' })} sent ({progress}%)
                </p>
              </div>
            ) : (
              <p className="text-xs text-slate-600">
                {campaign.startsAt ? (
                  <>
                    {campaign.status === 'scheduled' ? 'Starts ' : 'Started '}
                    <time dateTime={campaign.startsAt} title={formatDateTime(campaign.startsAt, timeZone)}>
                      {campaign.type === 'email'
                        ? formatDateTime(campaign.startsAt, timeZone)
                        : formatDate(campaign.startsAt, timeZone)}
                    </time>
                  </>
                ) : (
                  'No start date yet'
                )}
                {campaign.sent > 0 ? ` · ${formatCount(campaign.sent)} sent` : ''}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The campaigns changed last, with how their messages did. */
function RecentList({ campaigns }: { campaigns: readonly CampaignListItem[] }) {
  if (campaigns.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
        No campaigns yet.{' '}
        <Link to="/marketing/campaigns" className="font-medium text-indigo-700 underline">
          Create the first one
        </Link>
        .
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {campaigns.map((campaign) => (
        <li
          key={campaign.id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
        >
          <div className="min-w-0 flex-1">
            <CampaignName campaign={campaign} />
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
              <CampaignStatusBadge status={campaign.status} />
              <span>
                Updated <time dateTime={campaign.updatedAt}>{formatRelative(campaign.updatedAt)}</time>
              </span>
            </p>
          </div>
          <dl className="flex gap-4 text-sm">
            <div>
              <dt className="text-xs text-slate-600">Open rate</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{formatRate(campaign.openRate)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Click rate</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{formatRate(campaign.clickRate)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
