import type {
  CreateMailboxValues,
  HelpdeskMailSettings,
  Mailbox,
  MailboxPollResult,
  UpdateMailboxValues,
  InboundMailListResponse,
  InboundMailOutcome,
  InboundMailResult,
} from '@atrium/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const inboundMailKey = ['helpdesk', 'inbound-mail'] as const;

/** GET /api/v1/helpdesk/mail-settings: the address customers' mail is forwarded to. */
export const mailSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['helpdesk', 'mail-settings'],
    queryFn: ({ signal }) => apiRequest<HelpdeskMailSettings>('/api/v1/helpdesk/mail-settings', { signal }),
    staleTime: Infinity,
  });

/** GET /api/v1/helpdesk/inbound-mail: the mail that arrived, newest first, of one outcome or all. */
export const inboundMailQueryOptions = (outcome: InboundMailOutcome | undefined) =>
  infiniteQueryOptions({
    queryKey: [...inboundMailKey, outcome ?? 'all'],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '25' });
      if (outcome) params.set('outcome', outcome);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<InboundMailListResponse>(`/api/v1/helpdesk/inbound-mail?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Mail arrives on its own, outside the workspace's change events: look again while it is open.
    refetchInterval: 10_000,
  });

export const retryInboundMail = (id: string) =>
  apiRequest<InboundMailResult>(`/api/v1/helpdesk/inbound-mail/${id}/retry`, { method: 'POST' });

export const rawMailUrl = (id: string) => `/api/v1/helpdesk/inbound-mail/${id}/raw`;

export const attachmentUrl = (ticketId: string, fileId: string) =>
  `/api/v1/helpdesk/tickets/${ticketId}/attachments/${fileId}`;

export const mailboxesKey = ['helpdesk', 'mailboxes'] as const;

/** GET /api/v1/helpdesk/mailboxes: the IMAP mailboxes polled for mail. */
export const mailboxesQueryOptions = () =>
  queryOptions({
    queryKey: mailboxesKey,
    queryFn: ({ signal }) => apiRequest<{ data: Mailbox[] }>('/api/v1/helpdesk/mailboxes', { signal }),
    // Each poll writes its time and outcome: look again while the settings are open.
    refetchInterval: 30_000,
  });

export const createMailbox = (values: CreateMailboxValues) =>
  apiRequest<Mailbox>('/api/v1/helpdesk/mailboxes', { method: 'POST', json: values });

export const updateMailbox = (id: string, values: UpdateMailboxValues) =>
  apiRequest<Mailbox>(`/api/v1/helpdesk/mailboxes/${id}`, { method: 'PATCH', json: values });

export const deleteMailbox = (id: string) =>
  apiRequest<void>(`/api/v1/helpdesk/mailboxes/${id}`, { method: 'DELETE' });

export const pollMailbox = (id: string) =>
  apiRequest<MailboxPollResult>(`/api/v1/helpdesk/mailboxes/${id}/poll`, { method: 'POST' });
