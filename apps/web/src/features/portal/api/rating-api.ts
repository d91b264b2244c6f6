import type { PortalTicketRating, PublicRating, RateTicketInput } from '@atrium/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Satisfaction ratings (issue 22): the portal's form on the customer's own ticket, and the page the
// emailed link opens without signing in.

const portalRatingPath = (ticketId: string) =>
  `/api/v1/portal/tickets/${encodeURIComponent(ticketId)}/rating`;
const publicRatingPath = (token: string) => `/api/v1/public/ratings/${encodeURIComponent(token)}`;

export const portalRatingQueryOptions = (ticketId: string) =>
  queryOptions({
    queryKey: ['portal', 'tickets', ticketId, 'rating'],
    queryFn: ({ signal }) => apiRequest<PortalTicketRating>(portalRatingPath(ticketId), { signal }),
  });

export const ratePortalTicket = (ticketId: string, input: RateTicketInput) =>
  apiRequest<PortalTicketRating>(portalRatingPath(ticketId), { method: 'POST', json: input });

export const publicRatingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public-rating', token],
    queryFn: ({ signal }) => apiRequest<PublicRating>(publicRatingPath(token), { signal }),
    // 404 and 410 are answers, not hiccups.
    retry: false,
  });

export const answerRatingLink = (token: string, input: RateTicketInput) =>
  apiRequest<void>(publicRatingPath(token), { method: 'POST', json: input });
