import type { OutboxMail } from '@atrium/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/mail/outbox: what Atrium sent, or keeps for the in-app outbox without SMTP. */
export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: ['mail', 'outbox'],
    queryFn: ({ signal }) => apiRequest<{ data: OutboxMail[] }>('/api/v1/mail/outbox', { signal }),
    select: (page) => page.data,
  });
