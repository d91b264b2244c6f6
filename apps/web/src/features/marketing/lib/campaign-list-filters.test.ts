import { describe, expect, it } from 'vitest';
import {
  campaignListFiltersFrom,
  campaignListSearchParams,
  clearedCampaignFilters,
  defaultCampaignListFilters,
  hasActiveCampaignFilters,
  nextCampaignSort,
} from './campaign-list-filters';

describe('campaign list filters in the address', () => {
  it('reads the defaults from a plain address and writes nothing back', () => {
    const filters = campaignListFiltersFrom(new URLSearchParams());
    expect(filters).toEqual(defaultCampaignListFilters);
    expect(campaignListSearchParams(filters).toString()).toBe('');
  });

  it('round-trips a search, filters and a sort', () => {
    const params = new URLSearchParams('q=spring&status=active&type=sms&sort=sent&order=asc');
    const filters = campaignListFiltersFrom(params);
    expect(filters).toEqual({ q: 'spring', status: 'active', type: 'sms', sort: 'sent', order: 'asc' });
    expect(campaignListFiltersFrom(campaignListSearchParams(filters))).toEqual(filters);
  });

  it('falls back to the default for unknown values', () => {
    const filters = campaignListFiltersFrom(new URLSearchParams('status=lost&type=fax&sort=colour&order=up'));
    expect(filters).toEqual(defaultCampaignListFilters);
  });

  it('reads a sort without an order in the direction it reads best', () => {
    expect(campaignListFiltersFrom(new URLSearchParams('sort=name')).order).toBe('asc');
    expect(campaignListFiltersFrom(new URLSearchParams('sort=sent')).order).toBe('desc');
    expect(
      campaignListSearchParams({ ...defaultCampaignListFilters, sort: 'name', order: 'asc' }).toString(),
    ).toBe('sort=name');
    const nameZtoA = { ...defaultCampaignListFilters, sort: 'name', order: 'desc' } as const;
    expect(campaignListFiltersFrom(campaignListSearchParams(nameZtoA))).toEqual(nameZtoA);
  });
});

describe('nextCampaignSort', () => {
  it('flips the direction of the same column', () => {
    expect(nextCampaignSort({ sort: 'sent', order: 'desc' }, 'sent')).toEqual({ sort: 'sent', order: 'asc' });
  });

  it('starts a new column in its natural direction', () => {
    expect(nextCampaignSort({ sort: 'updatedAt', order: 'desc' }, 'name')).toEqual({
      sort: 'name',
      order: 'asc',
    });
    expect(nextCampaignSort({ sort: 'name', order: 'asc' }, 'sent')).toEqual({ sort: 'sent', order: 'desc' });
  });
});

describe('active filters', () => {
  it('counts the search, status and type but not the order', () => {
    expect(hasActiveCampaignFilters({ ...defaultCampaignListFilters, sort: 'name', order: 'asc' })).toBe(
      false,
    );
    expect(hasActiveCampaignFilters({ ...defaultCampaignListFilters, type: 'email' })).toBe(true);
  });

  it('clears them but keeps the order', () => {
    expect(
      clearedCampaignFilters({ q: 'x', status: 'draft', type: 'sms', sort: 'sent', order: 'asc' }),
    ).toEqual({ ...defaultCampaignListFilters, sort: 'sent', order: 'asc' });
  });
});
