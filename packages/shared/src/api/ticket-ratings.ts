import { z } from 'zod';
import { text } from './fields';

// Satisfaction ratings (issue 22): each time a ticket is resolved, its customer is asked "How did we
// do?" — in the portal and by a signed, single-use link in an email — and answers once, 1 to 5 with a
// comment. Agents see the answer on the ticket; the help desk overview shows CSAT.

export const ratingScores = [1, 2, 3, 4, 5] as const;
export type RatingScore = (typeof ratingScores)[number];

/** What each score means, for the buttons' names and the email's links. */
export const ratingScoreLabels: Record<RatingScore, string> = {
  1: 'Very dissatisfied',
  2: 'Dissatisfied',
  3: 'Neutral',
  4: 'Satisfied',
  5: 'Very satisfied',
};

/** CSAT counts a 4 or a 5 as a satisfied customer, the usual definition. */
export const satisfiedFrom: RatingScore = 4;

/**
 * The share of satisfied answers (4 and 5) among all answers, as a whole percent; null without an
 * answer, where a 0 % would be a false alarm.
 */
export function csatPercent({ answered, satisfied }: { answered: number; satisfied: number }) {
  return answered === 0 ? null : Math.round((satisfied / answered) * 100);
}

/** One satisfaction request: score and comment stay empty until the customer answers. */
export const ticketRatingSchema = z.object({
  id: z.uuid(),
  score: z.number().int().min(1).max(5).nullable(),
  comment: z.string(),
  /** When the customer was asked: the ticket's resolution. */
  requestedAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type TicketRating = z.infer<typeof ticketRatingSchema>;

/** POST /api/v1/portal/tickets/:id/rating and POST /api/v1/public/ratings/:token. */
export const rateTicketSchema = z.object({
  score: z
    .number('Choose a score from 1 to 5')
    .int()
    .min(1, 'Choose a score from 1 to 5')
    .max(5, 'Choose a score from 1 to 5'),
  comment: text().trim().max(2000, 'Use at most 2000 characters').optional().default(''),
});
export type RateTicketInput = z.input<typeof rateTicketSchema>;

/** GET /api/v1/portal/tickets/:id/rating — the latest request for the customer's ticket, if any. */
export const portalTicketRatingSchema = z.object({
  /** The ticket is resolved or closed: the customer may rate it. */
  rateable: z.boolean(),
  rating: ticketRatingSchema.nullable(),
});
export type PortalTicketRating = z.infer<typeof portalTicketRatingSchema>;

/** GET /api/v1/public/ratings/:token — what the rating page shows before the answer (410 once answered). */
export const publicRatingSchema = z.object({
  workspaceName: z.string(),
  ticket: z.object({ number: z.number().int(), subject: z.string() }),
});
export type PublicRating = z.infer<typeof publicRatingSchema>;

const csatCountsSchema = z.object({
  /** Answers in the period. */
  answered: z.number().int(),
  /** Of which 4 or 5. */
  satisfied: z.number().int(),
  /** satisfied / answered as a whole percent; null without answers. */
  percent: z.number().int().nullable(),
});

/** The help desk overview's CSAT: answers given in the period, overall and per agent at resolution. */
export const overviewCsatSchema = csatCountsSchema.extend({
  perAgent: z.array(csatCountsSchema.extend({ agent: z.object({ id: z.uuid(), name: z.string() }) })),
});
export type OverviewCsat = z.infer<typeof overviewCsatSchema>;
