import type { CampaignDetails, CampaignProgress as Progress } from '@atrium/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BarChart3, SearchX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { isUuid } from '../../../lib/search-params';
import { hasPermission, useMe } from '../../accounts';
import {
  campaignProgressQueryOptions,
  campaignQueryOptions,
  campaignResultsQueryOptions,
  campaignsQueryKey,
} from '../api/campaigns.queries';
import { CampaignHeader } from '../components/campaign-header';
import { CampaignMailEvents } from '../components/campaign-mail-events';
import { CampaignProgress } from '../components/campaign-progress';
import { CampaignRecipients } from '../components/campaign-recipients';
import { CampaignResults } from '../components/campaign-results';
import {
  CampaignTrackedResultsForm,
  CampaignTrackedResultsSummary,
} from '../components/campaign-tracked-results-form';
import { useDeletedHere } from '../../realtime';

const backLink = (
  <Link
    to="/marketing/campaigns"
    className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    Back to campaigns
  </Link>
);

/**
 * When the sender moves the campaign on (started, paused itself, finished), the record and its
 * results are read again: the progress poll only carries the counts.
 */
function useRefreshOnStatusChange(campaign: CampaignDetails, progress: Progress | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const status = progress?.status;
  useEffect(() => {
    if (!status) return;
    const previous = seen.current;
    seen.current = status;
    if (previous !== null && previous !== status) {
      void queryClient.invalidateQueries({ queryKey: [...campaignsQueryKey, 'details', campaign.id] });
      void queryClient.invalidateQueries({ queryKey: [...campaignsQueryKey, 'results', campaign.id] });
      void queryClient.invalidateQueries({ queryKey: [...campaignsQueryKey, 'recipients', campaign.id] });
      void queryClient.invalidateQueries({ queryKey: [...campaignsQueryKey, 'events', campaign.id] });
    }
  }, [status, campaign.id, queryClient]);
}

function EmailSections({
  campaign,
  progress,
}: {
  campaign: CampaignDetails;
  progress: Progress | undefined;
}) {
  const status = progress?.status ?? campaign.status;
  const sending = status === 'active';
  // Before sending starts there is no audience list and nothing to count: one empty state says so.
  const started =
    (progress?.recipients ?? campaign.recipients) > 0 ||
    campaign.sendingStartedAt !== null ||
    (status !== 'draft' && status !== 'scheduled');
  const results = useQuery({ ...campaignResultsQueryOptions(campaign.id, sending), enabled: started });
  useRefreshOnStatusChange(campaign, progress);

  return (
    <>
      {progress && progress.status !== 'draft' ? (
        <CampaignProgress progress={progress} timeZone={campaign.timeZone} />
      ) : null}
      <section aria-labelledby="campaign-results-heading" className="space-y-6">
        <h2 id="campaign-results-heading" className="text-lg font-semibold text-slate-900">
          Results
        </h2>
        {!started ? (
          <EmptyState
            icon={BarChart3}
            title="No results yet"
            description="Once the campaign is sent, its recipients, deliveries, opens, clicks, unsubscribes and bounces show here."
          />
        ) : (
          <>
            {results.data ? (
              <CampaignResults results={results.data} timeZone={campaign.timeZone} />
            ) : results.isError ? (
              <LoadError
                error={results.error}
                title="The results could not be loaded"
                onRetry={() => void results.refetch()}
              />
            ) : (
              <ListSkeleton label="Loading the results…" rows={3} />
            )}
            <CampaignRecipients campaignId={campaign.id} timeZone={campaign.timeZone} live={sending} />
            <CampaignMailEvents campaignId={campaign.id} timeZone={campaign.timeZone} live={sending} />
          </>
        )}
      </section>
    </>
  );
}

/**
 * /marketing/campaigns/:id (issue 23): one campaign — its audience and sender, sending with a live
 * progress bar, and its results. Campaigns of the other types have their results entered by hand.
 */
export function CampaignPage() {
  const { id = '' } = useParams();
  const me = useMe();
  const validId = isUuid(id);
  const deletedHere = useDeletedHere(id);
  const details = useQuery({ ...campaignQueryOptions(id), enabled: validId && !deletedHere });
  const campaign = details.data;
  const isEmail = campaign?.type === 'email';
  const progress = useQuery({
    ...campaignProgressQueryOptions(id),
    enabled: validId && isEmail && !deletedHere,
  });
  const canManage = hasPermission(me, 'marketing:manage');

  const notFound =
    !validId ||
    (deletedHere && !campaign) ||
    (details.error instanceof ApiError && details.error.status === 404);
  if (notFound || (details.isError && !campaign)) {
    return (
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <title>{`Campaign — ${me.workspace.name} — Atrium`}</title>
        {backLink}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Campaign</h1>
        {notFound ? (
          <EmptyState
            icon={SearchX}
            title="Campaign not found"
            description="It may have been deleted, or the link is incomplete."
            action={
              <Link to="/marketing/campaigns" className={buttonClasses({ variant: 'secondary' })}>
                Open the campaigns
              </Link>
            }
          />
        ) : details.error ? (
          <LoadError
            error={details.error}
            title="The campaign could not be loaded"
            onRetry={() => void details.refetch()}
          />
        ) : null}
      </div>
    );
  }

  if (!campaign) {
    return (
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <title>{`Campaign — ${me.workspace.name} — Atrium`}</title>
        {backLink}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Campaign</h1>
        <ListSkeleton label="Loading the campaign…" rows={4} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`${campaign.name} — ${me.workspace.name} — Atrium`}</title>
      {backLink}
      <CampaignHeader campaign={campaign} progress={progress.data} canManage={canManage} />
      {isEmail ? (
        <EmailSections campaign={campaign} progress={progress.data} />
      ) : canManage ? (
        <CampaignTrackedResultsForm key={campaign.id} campaign={campaign} />
      ) : (
        <CampaignTrackedResultsSummary campaign={campaign} />
      )}
    </div>
  );
}
