import { z } from 'zod';
import { ticketCategories, ticketPriorities } from '../domain/enums';
import { optionalFilter } from './fields';
import { overviewCsatSchema } from './ticket-ratings';

// The help desk overview (issue 21, /helpdesk): KPIs and charts over a period, each linking to the
// filtered queue.

export const overviewPeriods = [7, 30, 90] as const;
export type OverviewPeriod = (typeof overviewPeriods)[number];

/** GET /api/v1/helpdesk/overview?days=30 — the period the charts and the average cover. */
export const helpdeskOverviewQuerySchema = z.object({
  days: optionalFilter(
    z.coerce
      .number()
      .refine((days) => (overviewPeriods as readonly number[]).includes(days), 'Choose 7, 30 or 90 days'),
  ).transform((days) => (days ?? 30) as OverviewPeriod),
});
export type HelpdeskOverviewQuery = z.output<typeof helpdeskOverviewQuerySchema>;

export const helpdeskOverviewSchema = z.object({
  days: z.number().int(),
  /** The workspace's time zone: the days of the period are its calendar days. */
  timeZone: z.string(),
  kpis: z.object({
    /** Unfinished: open, in progress and pending, as the dashboard's Open Tickets card counts them. */
    open: z.number().int(),
    /** Unfinished and nobody's. */
    unassigned: z.number().int(),
    /** Unfinished with a first-response or resolution due time already past. */
    breaching: z.number().int(),
    /**
     * Hours (wall clock) from creation to the first agent reply, on average over the tickets created
     * in the period that were answered; null when none was.
     */
    averageFirstResponseHours: z.number().nullable(),
    /** Resolved since the start of this week (the workspace's week start, in its time zone). */
    resolvedThisWeek: z.number().int(),
  }),
  /** One entry per calendar day of the period, oldest first. */
  perDay: z.array(z.object({ date: z.string(), opened: z.number().int(), resolved: z.number().int() })),
  /** Unfinished tickets by category and by priority, every value present. */
  byCategory: z.array(z.object({ category: z.enum(ticketCategories), count: z.number().int() })),
  byPriority: z.array(z.object({ priority: z.enum(ticketPriorities), count: z.number().int() })),
  /** Satisfaction answers given in the period (issue 22). */
  csat: overviewCsatSchema,
});
export type HelpdeskOverview = z.infer<typeof helpdeskOverviewSchema>;
