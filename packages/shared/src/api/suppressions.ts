import { z } from 'zod';
import { suppressionReasons } from './campaign-content';
import { optionalFilter, text } from './fields';
import { listPageSchema, listQuerySchema } from './list';

// The suppression list (issue 23): addresses no campaign is sent to, whatever segment they are in.
// Unsubscribes, bounces and complaints add to it by themselves; a manager adds or releases an
// address by hand. Routes under /api/v1/marketing/suppressions.

/** GET /api/v1/marketing/suppressions — newest first; `q` finds the address (any part of it), `reason` keeps one reason. */
export const suppressionListQuerySchema = listQuerySchema.extend({
  q: optionalFilter(text().trim().max(254, 'Use at most 254 characters')),
  reason: optionalFilter(z.enum(suppressionReasons, 'Choose a reason')),
});
export type SuppressionListQuery = z.output<typeof suppressionListQuerySchema>;

/** POST /api/v1/marketing/suppressions — kept lower-case; 409 when the address is already on the list. */
export const createSuppressionSchema = z.object({
  email: text()
    .trim()
    .toLowerCase()
    .min(1, 'Enter an email address')
    .max(254, 'Use at most 254 characters')
    .pipe(z.email('Enter a valid email address')),
  /** Why, in the manager's words. */
  detail: text().trim().max(500, 'Use at most 500 characters').default(''),
});
export type CreateSuppressionInput = z.input<typeof createSuppressionSchema>;
export type CreateSuppressionValues = z.output<typeof createSuppressionSchema>;

export const suppressionSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  reason: z.enum(suppressionReasons),
  /** The bounce's status and words, the complaint, or the manager's note; empty when there are none. */
  detail: z.string(),
  /** The campaign whose mail led to it (an unsubscribe link, a bounce); null when added by hand. */
  campaign: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Who added it by hand; null when it came from mail. */
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Suppression = z.infer<typeof suppressionSchema>;

export const suppressionListResponseSchema = listPageSchema(suppressionSchema);
export type SuppressionListResponse = z.infer<typeof suppressionListResponseSchema>;
