import { z } from 'zod';
import { businessCalendarSchema } from '../domain/business-time';
import { slaTiers, ticketStatuses } from '../domain/enums';
import { isoDate, recordVersion, text } from './fields';
import { personRefSchema } from './projects';
import { ticketSummarySchema } from './tickets';

// SLA management (issue 21; spec 9 SLA tiers): the policy of each tier, the business calendars the
// clocks count, and compliance. Routes under /api/v1/helpdesk/sla.

/** A policy's targets stay within what a smallint holds; a year of 8-hour days is about 2,000 hours. */
export const maxSlaTargetHours = 10_000;

/** Statuses that may stop a ticket's clocks; a resolved or closed ticket's clocks stop anyway. */
export const slaPausableStatuses = ['open', 'in-progress', 'pending'] as const;

const targetHours = (label: string) =>
  z
    .number(`Enter the ${label} target in hours`)
    .int('Use whole hours')
    .min(1, 'At least 1 hour')
    .max(maxSlaTargetHours, `At most ${maxSlaTargetHours} hours`);

/**
 * PATCH /api/v1/helpdesk/sla/policies/:tier — the tier's targets in business hours, its calendar
 * (null: the workspace's default calendar) and the statuses that pause its clocks. The tickets of
 * the tier still running get their due times again.
 */
export const updateSlaPolicySchema = z
  .object({
    firstResponseHours: targetHours('first response'),
    resolutionHours: targetHours('resolution'),
    calendarId: z.uuid('Choose a calendar from the list').nullable(),
    pauseStatuses: z
      .array(z.enum(slaPausableStatuses, 'Choose among Open, In Progress and Pending'))
      .transform((statuses) => [...new Set(statuses)]),
    version: recordVersion({ error: 'The version you read is required' }),
  })
  .refine(({ firstResponseHours, resolutionHours }) => resolutionHours >= firstResponseHours, {
    path: ['resolutionHours'],
    message: 'At least the first response target',
  });
export type UpdateSlaPolicyInput = z.input<typeof updateSlaPolicySchema>;
export type UpdateSlaPolicyValues = z.output<typeof updateSlaPolicySchema>;

export const slaPolicySchema = z.object({
  id: z.uuid(),
  tier: z.enum(slaTiers),
  firstResponseHours: z.number().int(),
  resolutionHours: z.number().int(),
  /** Null: the workspace's default calendar. */
  calendarId: z.uuid().nullable(),
  pauseStatuses: z.array(z.enum(ticketStatuses)),
  version: z.number().int(),
});
export type SlaPolicy = z.infer<typeof slaPolicySchema>;

/** GET /api/v1/helpdesk/sla/policies — the four tiers, Bronze to Platinum. */
export const slaPolicyListSchema = z.object({ data: z.array(slaPolicySchema) });
export type SlaPolicyList = z.infer<typeof slaPolicyListSchema>;

/** A country, or a country and region, as date-holidays names them: DE, US-CA. */
const holidayCountryPattern = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;

/**
 * POST /api/v1/helpdesk/sla/calendars — a business calendar: opening periods per weekday (several
 * a day), days off, and optionally a country whose public holidays are days off too. Marking one the
 * default unmarks the previous default.
 */
export const createBusinessCalendarSchema = businessCalendarSchema.extend({
  name: text({ error: 'Enter a name' }).trim().min(1, 'Enter a name').max(100, 'Use at most 100 characters'),
  holidayCountry: text()
    .trim()
    .toUpperCase()
    .refine(
      (value) => value === '' || holidayCountryPattern.test(value),
      'Use a country code like DE, or a country and region like US-CA',
    )
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
  isDefault: z.boolean('Default is true or false').default(false),
});
export type CreateBusinessCalendarInput = z.input<typeof createBusinessCalendarSchema>;
export type CreateBusinessCalendarValues = z.output<typeof createBusinessCalendarSchema>;

/**
 * PUT /api/v1/helpdesk/sla/calendars/:id — the whole calendar again, with the version read. The
 * default calendar cannot be unmarked: mark another one instead.
 */
export const updateBusinessCalendarSchema = createBusinessCalendarSchema.extend({
  version: recordVersion({ error: 'The version you read is required' }),
});
export type UpdateBusinessCalendarInput = z.input<typeof updateBusinessCalendarSchema>;
export type UpdateBusinessCalendarValues = z.output<typeof updateBusinessCalendarSchema>;

export const businessCalendarViewSchema = businessCalendarSchema.extend({
  id: z.uuid(),
  name: z.string(),
  holidayCountry: z.string().nullable(),
  isDefault: z.boolean(),
  /** The tiers counting in this calendar (the default one also serves tiers without a calendar). */
  usedBy: z.array(z.enum(slaTiers)),
  version: z.number().int(),
});
export type BusinessCalendarView = z.infer<typeof businessCalendarViewSchema>;

/** GET /api/v1/helpdesk/sla/calendars — every calendar, the default first, then by name. */
export const businessCalendarListSchema = z.object({ data: z.array(businessCalendarViewSchema) });
export type BusinessCalendarList = z.infer<typeof businessCalendarListSchema>;

/** The longest compliance period: a year and a day. */
export const maxCompliancePeriodDays = 366;

/**
 * GET /api/v1/helpdesk/sla/compliance?from=&to= — the tickets created from `from` to `to`
 * (inclusive days in the workspace's time zone).
 */
export const slaComplianceQuerySchema = z
  .object({ from: isoDate(), to: isoDate() })
  .refine(({ from, to }) => to >= from, { path: ['to'], message: 'End on or after the start' })
  .refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / 86_400_000 < maxCompliancePeriodDays, {
    path: ['to'],
    message: `Choose at most ${maxCompliancePeriodDays} days`,
  });
export type SlaComplianceQuery = z.output<typeof slaComplianceQuerySchema>;

/**
 * Met targets among the decided ones: met, or breached (answered late, or not answered and overdue).
 * A clock still running or paused within its target is not counted yet; null when none is decided.
 */
const metShareSchema = z.object({
  met: z.number().int(),
  breached: z.number().int(),
  percent: z.number().nullable(),
});
export type SlaMetShare = z.infer<typeof metShareSchema>;

const complianceLineSchema = z.object({
  tickets: z.number().int(),
  firstResponse: metShareSchema,
  resolution: metShareSchema,
});

export const slaComplianceSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every tier, in order, even without tickets. */
  tiers: z.array(complianceLineSchema.extend({ tier: z.enum(slaTiers) })),
  /** The assignees of the period's tickets with an SLA tier, by name. */
  agents: z.array(complianceLineSchema.extend({ agent: personRefSchema })),
  /** Business hours from creation to the first response, and to the resolution; null without any. */
  averageFirstResponseHours: z.number().nullable(),
  averageResolutionHours: z.number().nullable(),
  /** The tickets now at risk, created in any period: the queue's Breaching soon, nearest first. */
  atRisk: z.array(ticketSummarySchema),
});
export type SlaCompliance = z.infer<typeof slaComplianceSchema>;
