import { leadStatusLabels, type LeadDetails } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { isUuid } from '../../../lib/search-params';
import { hasPermission, useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import { leadQueryOptions } from '../api/leads.queries';
import { LeadStageForm } from '../components/lead-stage-form';
import { formatMoney, noValue } from '../lib/campaign-format';
import { Fact, textLinkClasses } from '../components/fact';

const sectionClasses = 'space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';

/** Where a link to a lead came from, so the page can lead back there (see `leadLinkState`). */
type CameFrom = { backTo?: string; backLabel?: string } | null;

function BackLink() {
  const cameFrom = useLocation().state as CameFrom;
  return (
    <Link
      to={cameFrom?.backTo ?? '/marketing/campaigns'}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {cameFrom?.backLabel ?? 'Back to campaigns'}
    </Link>
  );
}

/** Whose revenue the lead's value is, in words. */
function RevenueCredit({ lead }: { lead: LeadDetails }) {
  if (lead.status !== 'customer') {
    return <p className="text-sm text-slate-700">Not a customer yet: its value counts for no campaign.</p>;
  }
  if (!lead.attributedCampaign) {
    return (
      <p className="text-sm text-slate-700">
        It clicked no campaign before becoming a customer, so its value counts for none.
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      Its value of <span className="font-semibold text-slate-900">{formatMoney(lead.value ?? 0)}</span> counts
      as revenue of{' '}
      <Link to={`/marketing/campaigns/${lead.attributedCampaign.id}`} className={textLinkClasses}>
        {lead.attributedCampaign.name}
      </Link>
      , the last campaign it clicked before becoming a customer.
    </p>
  );
}

function LeadView({
  lead,
  timeZone,
  canManage,
}: {
  lead: LeadDetails;
  timeZone: string;
  canManage: boolean;
}) {
  const name = `${lead.firstName} ${lead.lastName}`;
  return (
    <>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] text-slate-900">
            {name}
          </h1>
          <Badge tone={lead.status === 'customer' ? 'success' : lead.status === 'lost' ? 'danger' : 'brand'}>
            {leadStatusLabels[lead.status]}
          </Badge>
        </div>
        <p className="text-sm [overflow-wrap:anywhere] text-slate-600">
          {[lead.jobTitle, lead.company].filter(Boolean).join(' at ') || 'Lead'}
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="lead-stage-heading" className={sectionClasses}>
          <h2 id="lead-stage-heading" className="text-base font-semibold text-slate-900">
            Stage and value
          </h2>
          <RevenueCredit lead={lead} />
          {canManage ? (
            <LeadStageForm key={`${lead.id}-${lead.version}`} lead={lead} timeZone={timeZone} />
          ) : (
            <dl className="grid grid-cols-2 gap-4">
              <Fact label="Stage">{leadStatusLabels[lead.status]}</Fact>
              <Fact label="Value">{formatMoney(lead.value)}</Fact>
              <Fact label="Became a customer">
                {lead.convertedAt ? formatDateTime(lead.convertedAt, timeZone) : noValue}
              </Fact>
            </dl>
          )}
        </section>
        <section aria-labelledby="lead-details-heading" className={sectionClasses}>
          <h2 id="lead-details-heading" className="text-base font-semibold text-slate-900">
            Details
          </h2>
          <dl className="grid grid-cols-2 gap-4">
            <Fact label="Email" wide>
              <a href={`mailto:${lead.email}`} className={textLinkClasses}>
                {lead.email}
              </a>
            </Fact>
            <Fact label="Phone">{lead.phone ?? noValue}</Fact>
            <Fact label="Source">{lead.source}</Fact>
            <Fact label="Score">{lead.score}</Fact>
            <Fact label="Industry">{lead.industry ?? noValue}</Fact>
            <Fact label="Company size">{lead.companySize ?? noValue}</Fact>
            <Fact label="Added">{formatDate(lead.createdAt, timeZone)}</Fact>
            <Fact label="Tags" wide>
              {lead.tags.length > 0 ? lead.tags.join(', ') : 'None'}
            </Fact>
          </dl>
        </section>
      </div>
    </>
  );
}

/**
 * /marketing/leads/:id (issue 23): one lead, opened from a campaign's recipients or a segment's
 * leads: its details, and its stage and value, which decide the revenue of the campaign it clicked.
 */
export function LeadPage() {
  const { id = '' } = useParams();
  const me = useMe();
  const timeZone = useWorkspaceTimeZone();
  const validId = isUuid(id);
  const details = useQuery({ ...leadQueryOptions(id), enabled: validId });
  const lead = details.data;
  const notFound = !validId || (details.error instanceof ApiError && details.error.status === 404);

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`${lead ? `${lead.firstName} ${lead.lastName}` : 'Lead'} — ${me.workspace.name} — Atrium`}</title>
      <BackLink />
      {lead && timeZone ? (
        <LeadView lead={lead} timeZone={timeZone} canManage={hasPermission(me, 'marketing:manage')} />
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Lead</h1>
          {notFound ? (
            <EmptyState
              icon={SearchX}
              title="Lead not found"
              description="It may have been deleted, or the link is incomplete."
              action={
                <Link to="/marketing/segments" className={buttonClasses({ variant: 'secondary' })}>
                  Open the segments
                </Link>
              }
            />
          ) : details.isError ? (
            <LoadError
              error={details.error}
              title="The lead could not be loaded"
              onRetry={() => void details.refetch()}
            />
          ) : (
            <ListSkeleton label="Loading the lead…" rows={3} />
          )}
        </>
      )}
    </div>
  );
}
