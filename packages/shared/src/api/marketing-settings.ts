import { z } from 'zod';
import { recordVersion, text } from './fields';

// Issue 23: a workspace's marketing settings, GET/PUT /api/v1/marketing/settings. A workspace
// that never saved them reads the defaults, at version 1.

export const maxSendRatePerSecond = 10_000;

/** A sender's name as messages show it: a mail header, so one line. Empty: none. */
export const senderNameSchema = text()
  .trim()
  .max(100, 'Use at most 100 characters')
  .regex(/^[^\r\n]*$/, 'Keep the name on one line')
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** A sender's address, lower case. Empty: none. */
export const senderEmailSchema = text()
  .trim()
  .toLowerCase()
  .max(254, 'Use at most 254 characters')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid email address')
  .transform((value) => (value === '' ? null : value))
  .nullable();

export const marketingSettingsSchema = z.object({
  /** Messages a second across all server processes together; null: as fast as the mail server takes them. */
  sendRatePerSecond: z.number().int().nullable(),
  /** Off: opens and clicks are counted per campaign only, never recorded per person. */
  trackPeople: z.boolean(),
  /** The sender of campaigns that do not name their own; null until set. */
  fromName: z.string().nullable(),
  fromEmail: z.string().nullable(),
  /** Shown in every campaign's footer (anti-spam laws ask for one). */
  postalAddress: z.string(),
  version: z.number().int(),
});
export type MarketingSettings = z.infer<typeof marketingSettingsSchema>;

/** What a workspace has until it saves its own (the table's column defaults). */
export const defaultMarketingSettings: MarketingSettings = {
  sendRatePerSecond: 10,
  trackPeople: true,
  fromName: null,
  fromEmail: null,
  postalAddress: '',
  version: 1,
};

/**
 * PUT /api/v1/marketing/settings — `version` as read (412 when stale; the defaults are version 1
 * until first saved). A setting left out keeps its value; an empty sender is none (null).
 */
export const marketingSettingsInputSchema = z.object({
  sendRatePerSecond: z
    .number('Enter a number of messages a second, or none for no limit')
    .int('Enter a whole number')
    .min(1, `Enter between 1 and ${maxSendRatePerSecond.toLocaleString('en-US')}`)
    .max(maxSendRatePerSecond, `Enter between 1 and ${maxSendRatePerSecond.toLocaleString('en-US')}`)
    .nullable()
    .optional(),
  trackPeople: z.boolean('Choose on or off').optional(),
  fromName: senderNameSchema.optional(),
  fromEmail: senderEmailSchema.optional(),
  postalAddress: text().trim().max(500, 'Use at most 500 characters').optional(),
  version: recordVersion({ error: 'The version you read is required' }),
});
export type MarketingSettingsInput = z.input<typeof marketingSettingsInputSchema>;
export type MarketingSettingsValues = z.output<typeof marketingSettingsInputSchema>;
