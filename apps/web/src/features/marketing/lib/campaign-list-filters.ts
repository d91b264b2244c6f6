import {
  campaignSortKeys,
  campaignStatuses,
  campaignTypes,
  defaultCampaignOrder,
  type CampaignSortKey,
  type CampaignStatus,
  type CampaignType,
} from '@atrium/shared';
import { oneOf, searchParamsDifferingFrom, searchTextFrom } from '../../../lib/search-params';

/** The campaign list's search, filters and order: kept in the address, so a reload or a link keeps them. */
export type CampaignListFilters = {
  q: string;
  status: CampaignStatus | '';
  type: CampaignType | '';
  sort: CampaignSortKey;
  order: 'asc' | 'desc';
};

/** The latest changed first, as the API answers without a sort. */
export const defaultCampaignListFilters: CampaignListFilters = {
  q: '',
  status: '',
  type: '',
  sort: 'updatedAt',
  order: 'desc',
};

/** Reads the list from the address; anything unknown (an old or hand-edited link) falls back to the default. */
export function campaignListFiltersFrom(params: URLSearchParams): CampaignListFilters {
  const sort = oneOf(campaignSortKeys, params.get('sort')) ?? defaultCampaignListFilters.sort;
  const order = oneOf(['asc', 'desc'] as const, params.get('order')) ?? defaultCampaignOrder(sort);
  return {
    q: searchTextFrom(params),
    status: oneOf(campaignStatuses, params.get('status')) ?? '',
    type: oneOf(campaignTypes, params.get('type')) ?? '',
    sort,
    order,
  };
}

/** Only what differs from the default, so a plain /marketing/campaigns stays plain. */
export function campaignListSearchParams(filters: CampaignListFilters): URLSearchParams {
  const params = searchParamsDifferingFrom(filters, defaultCampaignListFilters);
  // The order is written only when it is not the one its sort reads in by itself (name: A to Z).
  if (filters.order === defaultCampaignOrder(filters.sort)) params.delete('order');
  else params.set('order', filters.order);
  return params;
}

/** True when a search or filter narrows the list (the order does not). */
export const hasActiveCampaignFilters = (filters: CampaignListFilters) =>
  filters.q !== '' || filters.status !== '' || filters.type !== '';

/** Clearing the filters keeps the order chosen. */
export const clearedCampaignFilters = (filters: CampaignListFilters): CampaignListFilters => ({
  ...defaultCampaignListFilters,
  sort: filters.sort,
  order: filters.order,
});

/**
 * A click on a column heading: the same column flips its direction; a new one starts where it
 * reads best (the API's own default for it: name A to Z, the rest the most or latest first).
 */
export function nextCampaignSort(
  current: Pick<CampaignListFilters, 'sort' | 'order'>,
  column: CampaignSortKey,
): Pick<CampaignListFilters, 'sort' | 'order'> {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: defaultCampaignOrder(column) };
}
