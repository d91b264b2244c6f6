import { z } from 'zod';
import { leadSources, leadStatuses } from '../domain/enums';
import { isoDateTime, recordVersion } from './fields';

// Issue 23: one lead, read and changed where revenue attribution needs it: its stage, its value
// and when it became a customer. Routes under /api/v1/marketing/leads/:id.

export const maxLeadValue = 999_999_999_999;

/** GET /api/v1/marketing/leads/:id */
export const leadDetailsSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  source: z.enum(leadSources),
  status: z.enum(leadStatuses),
  score: z.number().int(),
  tags: z.array(z.string()),
  industry: z.string().nullable(),
  companySize: z.string().nullable(),
  /** What the lead is worth as a customer; null when not entered. */
  value: z.number().nullable(),
  /** When it became a customer; null while it is not one. */
  convertedAt: z.string().nullable(),
  /**
   * The campaign whose link it last clicked before becoming a customer: its value is that
   * campaign's revenue. Null for a lead that is not a customer or clicked none.
   */
  attributedCampaign: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type LeadDetails = z.infer<typeof leadDetailsSchema>;

/**
 * PATCH /api/v1/marketing/leads/:id — a lead that becomes a customer does so now, or at the
 * `convertedAt` given; one that stops being a customer loses the date and its campaign.
 */
export const updateLeadSchema = z.object({
  version: recordVersion(),
  status: z.enum(leadStatuses, 'Choose a stage from the list').optional(),
  value: z
    .number('Enter the value as a number')
    .min(0, 'The value cannot be negative')
    .max(maxLeadValue, 'At most 999,999,999,999')
    .nullable()
    .optional(),
  convertedAt: isoDateTime('Enter the date and time it became a customer').nullable().optional(),
});
export type UpdateLeadValues = z.infer<typeof updateLeadSchema>;
