import { z } from 'zod';
import { campaignSendStatuses } from './campaign-content';
import { optionalFilter, text } from './fields';
import { listPageSchema, listQuerySchema } from './list';

// Issue 23: a campaign's results page — the funnel (sent -> delivered -> opened -> clicked), opens
// and clicks over time, clicks per link, the recipients with their status, and the bounces and
// unsubscribes. Opens and clicks flagged as bots or link scanners are kept but never counted here.

/**
 * A part of a whole as a percentage to 1 decimal, as the dashboard's Campaign CTR is written;
 * null while the whole is nothing (no rate before anything was delivered).
 */
export function campaignRate(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/**
 * Opens and clicks over time: hour by hour for the first 48 hours after sending started (when
 * most of them happen), then day by day (24-hour steps from the 48th hour, the same for every
 * time zone).
 */
export const campaignTimelineHourlyHours = 48;

const count = () => z.number().int();
const rate = () => z.number().nullable();

export const campaignResultsSchema = z.object({
  campaignId: z.uuid(),
  sendingStartedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /**
   * Recipients: sends made when the campaign started. Delivered: sent less bounced. Opened and
   * clicked: people (once each) with per-person tracking, human hits without it.
   */
  funnel: z.object({
    recipients: count(),
    sent: count(),
    delivered: count(),
    opened: count(),
    clicked: count(),
    unsubscribed: count(),
    bounced: count(),
    failed: count(),
  }),
  /** Percentages to 1 decimal, null before there is anything to divide by. */
  rates: z.object({
    /** Delivered of sent. */
    delivery: rate(),
    /** Opened of delivered. */
    open: rate(),
    /** Clicked of delivered: the dashboard's Campaign CTR. */
    click: rate(),
    /** Clicked of opened. */
    clickToOpen: rate(),
    /** Unsubscribed of delivered. */
    unsubscribe: rate(),
    /** Bounced of sent. */
    bounce: rate(),
  }),
  /**
   * Human opens and clicks (every hit, a person's second open too) per bucket, oldest first, from
   * the hour sending started to the bucket of the latest hit; empty before any hit.
   */
  timeline: z.array(
    z.object({
      /** The bucket's start. */
      at: z.string(),
      unit: z.enum(['hour', 'day']),
      opens: count(),
      clicks: count(),
    }),
  ),
  /** Every link of the message, in the order it appears, and any other link that was clicked. */
  links: z.array(
    z.object({
      index: count(),
      /** The link as written (merge tags unmerged), or as clicked when the message changed since. */
      url: z.string(),
      clicks: count(),
      /** Recipients who clicked it; 0 without per-person tracking. */
      uniqueClickers: count(),
    }),
  ),
  /** Hits flagged as bots or link scanners: kept, never counted above. */
  botHits: z.object({ opens: count(), clicks: count() }),
  /**
   * Customers whose value counts for this campaign: the last campaign they clicked before
   * becoming customers (the revenue attribution).
   */
  attributedCustomers: count(),
  /**
   * An email campaign's: the sum of its attributed customers' values. Another type's: entered by
   * hand.
   */
  revenue: z.number(),
});
export type CampaignResults = z.infer<typeof campaignResultsSchema>;

/** The recipients list's status filter: a send's status, or what the recipient did. */
export const campaignRecipientFilters = [
  ...campaignSendStatuses,
  'opened',
  'clicked',
  'unsubscribed',
] as const;
export type CampaignRecipientFilter = (typeof campaignRecipientFilters)[number];

/** GET /api/v1/marketing/campaigns/:id/recipients?status=&q=&cursor= — in the order they were queued. */
export const campaignRecipientsQuerySchema = listQuerySchema.extend({
  status: optionalFilter(z.enum(campaignRecipientFilters)),
  /** Part of the address or of the lead's name. */
  q: optionalFilter(text().trim().max(100, 'Use at most 100 characters')),
});
export type CampaignRecipientsQuery = z.output<typeof campaignRecipientsQuerySchema>;

export const campaignRecipientSchema = z.object({
  /** The send's id. */
  id: z.uuid(),
  leadId: z.uuid(),
  /** The address it went to, as it was when the campaign started. */
  email: z.string(),
  leadName: z.string(),
  status: z.enum(campaignSendStatuses),
  sentAt: z.string().nullable(),
  /** The first human open and click. */
  openedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  /** The mail server's last answer, or the bounce's status and words. */
  error: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;
export const campaignRecipientPageSchema = listPageSchema(campaignRecipientSchema);
export type CampaignRecipientPage = z.infer<typeof campaignRecipientPageSchema>;

/** The mail events of the "bounces and unsubscribes" panel. */
export const campaignMailEventKinds = ['bounce', 'unsubscribe', 'complaint'] as const;
export type CampaignMailEventKind = (typeof campaignMailEventKinds)[number];

/** GET /api/v1/marketing/campaigns/:id/events?kind= — newest first; every kind when none is given. */
export const campaignEventsQuerySchema = listQuerySchema.extend({
  kind: optionalFilter(z.enum(campaignMailEventKinds)),
});
export type CampaignEventsQuery = z.output<typeof campaignEventsQuerySchema>;

export const campaignMailEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(campaignMailEventKinds),
  occurredAt: z.string(),
  sendId: z.uuid().nullable(),
  leadId: z.uuid().nullable(),
  email: z.string().nullable(),
  leadName: z.string().nullable(),
  /** For a bounce: the status code and words the mail server gave. */
  detail: z.string().nullable(),
});
export type CampaignMailEvent = z.infer<typeof campaignMailEventSchema>;
export const campaignMailEventPageSchema = listPageSchema(campaignMailEventSchema);
export type CampaignMailEventPage = z.infer<typeof campaignMailEventPageSchema>;
