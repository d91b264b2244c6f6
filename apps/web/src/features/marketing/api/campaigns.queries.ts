import type {
  CampaignDetails,
  CampaignEventsQuery,
  CampaignImage,
  CampaignList,
  CampaignListQuery,
  CampaignMailEventPage,
  CampaignPreview,
  CampaignProgress,
  CampaignRecipientPage,
  CampaignRecipientsQuery,
  CampaignResults,
  CreateCampaignInput,
  PreviewCampaignInput,
  SegmentLeadPage,
  SendCampaignInput,
  TestCampaignInput,
  UpdateCampaignInput,
} from '@atrium/shared';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notDeletedHere } from '../../realtime';

// Issue 23: campaigns, their sending and their results (/api/v1/marketing).

/** Every cached campaign answer starts with this key. */
export const campaignsQueryKey = ['marketing-campaigns'] as const;

const marketing = '/api/v1/marketing';
const campaignPath = (id: string) => `${marketing}/campaigns/${encodeURIComponent(id)}`;

/** Drops empty filters, so an unset one is not sent as `?status=`. */
function searchOf(query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const campaignListQueryOptions = (query: Partial<CampaignListQuery>) =>
  queryOptions({
    queryKey: [...campaignsQueryKey, 'list', query],
    queryFn: ({ signal }) => apiRequest<CampaignList>(`${marketing}/campaigns${searchOf(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...campaignsQueryKey, 'details', id],
    queryFn: ({ signal }) => apiRequest<CampaignDetails>(campaignPath(id), { signal }),
  });

/** While a campaign is waiting or sending the page asks again every second (its progress bar). */
const isUnderway = (status: CampaignProgress['status'] | undefined) =>
  status === 'scheduled' || status === 'active';

export const campaignProgressQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...campaignsQueryKey, 'progress', id],
    queryFn: ({ signal }) => apiRequest<CampaignProgress>(`${campaignPath(id)}/progress`, { signal }),
    refetchInterval: (query) => (isUnderway(query.state.data?.status) ? 1000 : false),
  });

export const campaignResultsQueryOptions = (id: string, live = false) =>
  queryOptions({
    queryKey: [...campaignsQueryKey, 'results', id],
    queryFn: ({ signal }) => apiRequest<CampaignResults>(`${campaignPath(id)}/results`, { signal }),
    refetchInterval: live ? 5000 : false,
  });

export const campaignRecipientsQueryOptions = (id: string, query: Partial<CampaignRecipientsQuery>) =>
  queryOptions({
    queryKey: [...campaignsQueryKey, 'recipients', id, query],
    queryFn: ({ signal }) =>
      apiRequest<CampaignRecipientPage>(`${campaignPath(id)}/recipients${searchOf(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const campaignEventsQueryOptions = (id: string, query: Partial<CampaignEventsQuery>) =>
  queryOptions({
    queryKey: [...campaignsQueryKey, 'events', id, query],
    queryFn: ({ signal }) =>
      apiRequest<CampaignMailEventPage>(`${campaignPath(id)}/events${searchOf(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** The rendered message as one lead (or a sample person) would get it; not cached between opens. */
export const campaignPreviewQueryOptions = (
  id: string,
  input: PreviewCampaignInput,
  contentVersion: number,
) =>
  queryOptions({
    queryKey: [...campaignsQueryKey, 'preview', id, input.leadId ?? null, contentVersion],
    queryFn: ({ signal }) =>
      apiRequest<CampaignPreview>(`${campaignPath(id)}/preview`, { method: 'POST', json: input, signal }),
    gcTime: 0,
  });

/** Leads by name, address or company: the "preview as" and "send a test as" pickers. */
export const leadSearchQueryOptions = (query: { q?: string; limit?: number; cursor?: string }) =>
  queryOptions({
    queryKey: ['marketing-leads', 'search', query],
    queryFn: ({ signal }) => apiRequest<SegmentLeadPage>(`${marketing}/leads${searchOf(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const refreshCampaigns = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: campaignsQueryKey, predicate: notDeletedHere(queryClient) });

export const createCampaign = (input: CreateCampaignInput) =>
  apiRequest<CampaignDetails>(`${marketing}/campaigns`, { method: 'POST', json: input });

export const updateCampaign = (id: string, input: UpdateCampaignInput) =>
  apiRequest<CampaignDetails>(campaignPath(id), { method: 'PATCH', json: input });

export const duplicateCampaign = (id: string) =>
  apiRequest<CampaignDetails>(`${campaignPath(id)}/duplicate`, { method: 'POST' });

export const deleteCampaign = (id: string) => apiRequest<void>(campaignPath(id), { method: 'DELETE' });

/** Now, or at `scheduleAt`. */
export const sendCampaign = (id: string, input: SendCampaignInput) =>
  apiRequest<CampaignProgress>(`${campaignPath(id)}/send`, { method: 'POST', json: input });

export type CampaignAction = 'pause' | 'resume' | 'cancel' | 'resend-unconfirmed';

export const runCampaignAction = (id: string, action: CampaignAction, version: number) =>
  apiRequest<CampaignProgress>(`${campaignPath(id)}/${action}`, { method: 'POST', json: { version } });

export const sendCampaignTest = (id: string, input: TestCampaignInput) =>
  apiRequest<void>(`${campaignPath(id)}/test`, { method: 'POST', json: input });

/** An image for an image block; its address is public, as the mail that shows it is. */
export function uploadCampaignImage(id: string, file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiRequest<CampaignImage>(`${campaignPath(id)}/images`, { method: 'POST', form });
}
