import {
  campaignStatuses,
  campaignStatusLabels,
  campaignTypeLabels,
  campaignTypes,
  type CampaignSortKey,
} from '@atrium/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Megaphone, Plus, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FilterSelect, SortSelect, type SortOption } from '../../../components/ui/filter-select';
import { ListSkeleton } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadMore, PagedListError, PagedListHeading, type ListNoun } from '../../../components/ui/paged-list';
import { SearchField } from '../../../components/ui/search-field';
import { cn } from '../../../lib/cn';
import { useAddressState } from '../../../lib/search-params';
import { hasPermission, useMe } from '../../accounts';
import { campaignListInfiniteQueryOptions } from '../api/campaign-list.queries';
import { useCampaignRowActions } from '../components/campaign-list-actions';
import { CampaignCards, CampaignTable } from '../components/campaign-list-table';
import { NewCampaignDialog } from '../components/new-campaign-dialog';
import {
  campaignListFiltersFrom,
  campaignListSearchParams,
  clearedCampaignFilters,
  hasActiveCampaignFilters,
  type CampaignListFilters,
} from '../lib/campaign-list-filters';

const campaignNoun: ListNoun = { one: 'campaign', many: 'campaigns' };

/** The sort menu, for the cards on a phone; on wider screens the table's headings sort too. */
const sortOptions: readonly SortOption<CampaignSortKey>[] = [
  { sort: 'updatedAt', order: 'desc', label: 'Recently updated' },
  { sort: 'updatedAt', order: 'asc', label: 'Least recently updated' },
  { sort: 'name', order: 'asc', label: 'Name, A–Z' },
  { sort: 'name', order: 'desc', label: 'Name, Z–A' },
  { sort: 'sent', order: 'desc', label: 'Most sent' },
  { sort: 'sent', order: 'asc', label: 'Fewest sent' },
];

/**
 * /marketing/campaigns (issue 23): every campaign with its audience, sending and results, searched,
 * filtered and sorted by the server in keyset pages; the search and filters live in the address.
 */
export function CampaignListPage() {
  const me = useMe();
  const mayManage = hasPermission(me, 'marketing:manage');
  const [filters, show] = useAddressState(campaignListFiltersFrom, campaignListSearchParams);
  const changeFilters = (changes: Partial<CampaignListFilters>) =>
    show((current) => ({ ...current, ...changes }));
  const list = useInfiniteQuery(campaignListInfiniteQueryOptions(filters));
  const campaigns = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const [creating, setCreating] = useState(false);
  const { actions, dialog } = useCampaignRowActions();

  const filtered = hasActiveCampaignFilters(filters);
  const newButton = mayManage ? (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" className="size-4" />
      New campaign
    </Button>
  ) : null;

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Campaigns — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Campaigns"
        description="Email, SMS, social and webinar campaigns with their budgets and results."
        actions={newButton}
      />

      <div
        role="search"
        aria-label="Campaigns"
        className="grid grid-cols-2 gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4 lg:grid-cols-[minmax(0,1fr)_11rem_11rem_13rem]"
      >
        <div className="col-span-2 lg:col-span-1">
          <SearchField
            label="Search campaigns"
            placeholder="Search by campaign name"
            value={filters.q}
            onSearch={(q) => changeFilters({ q })}
            searching={list.isFetching && !list.isFetchingNextPage && list.isPlaceholderData}
          />
        </div>
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          values={campaignStatuses}
          labels={campaignStatusLabels}
          value={filters.status}
          onChange={(status) => changeFilters({ status })}
        />
        <FilterSelect
          label="Type"
          allLabel="All types"
          values={campaignTypes}
          labels={campaignTypeLabels}
          value={filters.type}
          onChange={(type) => changeFilters({ type })}
        />
        <SortSelect
          options={sortOptions}
          sort={filters.sort}
          order={filters.order}
          onChange={changeFilters}
          className="col-span-2 lg:col-span-1"
        />
      </div>

      <section aria-labelledby="campaign-results" aria-busy={list.isFetching} className="space-y-4">
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
          <PagedListHeading id="campaign-results" list={list} noun={campaignNoun} />
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={() => show(clearedCampaignFilters(filters))}>
              Clear filters
            </Button>
          ) : null}
        </div>

        {list.isPending ? (
          <ListSkeleton label="Loading campaigns…" rows={6} />
        ) : list.isError && campaigns.length === 0 ? (
          <PagedListError list={list} noun={campaignNoun} />
        ) : campaigns.length === 0 ? (
          <EmptyState
            icon={filtered ? SearchX : Megaphone}
            title={filtered ? 'No campaigns match' : 'No campaigns yet'}
            description={
              filtered
                ? 'No campaign matches this search and these filters. Try other words or clear the filters.'
                : mayManage
                  ? 'Plan an SMS, social or webinar campaign, or write an email and send it to a segment of your leads.'
                  : 'Campaigns appear here once your marketing team creates them.'
            }
            action={
              filtered ? (
                <Button variant="secondary" onClick={() => show(clearedCampaignFilters(filters))}>
                  Clear filters
                </Button>
              ) : (
                newButton
              )
            }
          />
        ) : (
          <div className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
            <CampaignTable
              campaigns={campaigns}
              actions={mayManage ? actions : null}
              sort={filters}
              onSort={changeFilters}
            />
            <CampaignCards campaigns={campaigns} actions={mayManage ? actions : null} />
          </div>
        )}

        <LoadMore list={list} noun={campaignNoun} />
      </section>

      {mayManage ? <NewCampaignDialog open={creating} onClose={() => setCreating(false)} /> : null}
      {dialog}
    </div>
  );
}
