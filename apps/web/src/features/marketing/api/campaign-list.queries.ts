import type { CampaignList } from '@atrium/shared';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { CampaignListFilters } from '../lib/campaign-list-filters';
import { campaignsQueryKey } from './campaigns.queries';

/** Campaigns per page of the list ("Load more" adds the next). */
export const campaignListPageSize = 25;

/**
 * The campaign list in keyset pages. Keyed under the campaigns' own key, so every change to a
 * campaign (refreshCampaigns) refreshes it too.
 */
export const campaignListInfiniteQueryOptions = (filters: CampaignListFilters) =>
  infiniteQueryOptions({
    queryKey: [...campaignsQueryKey, 'list-pages', filters],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(campaignListPageSize) });
      for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<CampaignList>(`/api/v1/marketing/campaigns?${params.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A new search or filter keeps the old rows on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });
