import type { MarketingSettings, MarketingSettingsInput } from '@atrium/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Issue 23: the workspace's marketing settings (sending rate, tracking, sender, postal address).

export const marketingSettingsQueryKey = ['marketing-settings'] as const;

const settingsPath = '/api/v1/marketing/settings';

export const marketingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: marketingSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest<MarketingSettings>(settingsPath, { signal }),
  });

/** 412 when `version` is stale: someone else saved in between. */
export const saveMarketingSettings = (input: MarketingSettingsInput) =>
  apiRequest<MarketingSettings>(settingsPath, { method: 'PUT', json: input });
