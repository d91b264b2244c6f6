import { portalTicketRatingSchema, publicRatingSchema, rateTicketSchema } from '@atrium/shared';
import { noContent, type ApiSection } from '../../platform/openapi/api-operation';

export const ticketRatingsApi: ApiSection = {
  tag: 'Satisfaction ratings',
  description:
    'Each time a ticket is resolved its customer is asked "How did we do?" (1 to 5 and a comment), in the portal and by an emailed link that needs no sign-in. Each request is answered once.',
  operations: [
    {
      method: 'get',
      path: '/portal/tickets/:id/rating',
      summary: "The latest satisfaction request of the customer's own ticket",
      description:
        "`rateable` is true once the ticket is resolved or closed. Another customer's ticket is 404.",
      access: 'portal:use',
      responses: { 200: portalTicketRatingSchema },
    },
    {
      method: 'post',
      path: '/portal/tickets/:id/rating',
      summary: "Rate the customer's own resolved ticket",
      description:
        'Answers the latest request: once. A second answer is 410; a ticket still being worked on is 409.',
      access: 'portal:use',
      body: rateTicketSchema,
      responses: { 200: portalTicketRatingSchema },
      errors: [409, 410],
    },
    {
      method: 'get',
      path: '/public/ratings/:token',
      summary: 'What an emailed rating link asks about',
      description: 'The token is the signed link from the email: an altered one is 404, a used one 410.',
      access: 'public',
      responses: { 200: publicRatingSchema },
      errors: [410],
    },
    {
      method: 'post',
      path: '/public/ratings/:token',
      summary: 'Answer an emailed rating link',
      description: 'Works once: a used link is 410 ("already rated"), an altered one 404.',
      access: 'public',
      body: rateTicketSchema,
      responses: { 204: noContent },
      errors: [410],
    },
  ],
};
