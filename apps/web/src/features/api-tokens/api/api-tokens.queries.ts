import type { ApiToken, CreateApiTokenInput, CreatedApiToken } from '@atrium/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: ['api-tokens', 'list'],
    queryFn: ({ signal }) => apiRequest<{ data: ApiToken[] }>('/api/v1/api-tokens', { signal }),
    select: (page) => page.data,
  });

export const createApiToken = (input: CreateApiTokenInput) =>
  apiRequest<CreatedApiToken>('/api/v1/api-tokens', { method: 'POST', json: input });

export const revokeApiToken = (id: string) =>
  apiRequest<void>(`/api/v1/api-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
