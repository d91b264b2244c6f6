import type { MailStatus, MailTransport } from '@atrium/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/mail/outbox: what Atrium sent, or keeps for the in-app outbox without SMTP. */
export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: MailStatus;
  transport: MailTransport;
  /** The last delivery attempt's failure, if it failed. */
  error: string | null;
  /** Delivery attempts so far, and when the last one was. */
  attempts: number;
  lastAttemptAt: string | null;
  createdAt: string;
  sentAt: string | null;
};

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: ['mail', 'outbox'],
    queryFn: ({ signal }) => apiRequest<{ data: OutboxMail[] }>('/api/v1/mail/outbox', { signal }),
    select: (page) => page.data,
  });
