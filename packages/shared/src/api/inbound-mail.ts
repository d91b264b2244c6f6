import { z } from 'zod';
import { inboundMailOutcomes, inboundMailSources } from '../domain/enums';
import { optionalFilter } from './fields';
import { listPageSchema, listQuerySchema } from './list';

/** GET /api/v1/helpdesk/inbound-mail: the mail that reached the help desk, newest first. */
export const inboundMailListQuerySchema = listQuerySchema.extend({
  outcome: optionalFilter(z.enum(inboundMailOutcomes)),
});
export type InboundMailListQuery = z.infer<typeof inboundMailListQuerySchema>;

export const inboundMailSchema = z.object({
  id: z.uuid(),
  source: z.enum(inboundMailSources),
  fromAddress: z.string(),
  subject: z.string(),
  outcome: z.enum(inboundMailOutcomes),
  /** Why it was ignored or failed. */
  reason: z.string().nullable(),
  ticket: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
  sizeBytes: z.number().int(),
  /** A failed mail's raw message can be downloaded and tried again. */
  hasRaw: z.boolean(),
  receivedAt: z.string(),
});
export type InboundMail = z.infer<typeof inboundMailSchema>;

export const inboundMailListResponseSchema = listPageSchema(inboundMailSchema);
export type InboundMailListResponse = z.infer<typeof inboundMailListResponseSchema>;

/** POST /api/v1/helpdesk/inbound-mail (a raw MIME message): what became of it. */
export const inboundMailResultSchema = z.object({
  outcome: z.enum(inboundMailOutcomes),
  /** The same Message-ID was taken before: nothing was stored this time. */
  duplicate: z.boolean(),
  ticketId: z.uuid().nullable(),
});
export type InboundMailResult = z.infer<typeof inboundMailResultSchema>;

/** GET /api/v1/helpdesk/mail-settings: where customers' mail reaches this workspace. */
export const helpdeskMailSettingsSchema = z.object({
  /** `<workspace slug>@<INBOUND_MAIL_DOMAIN>`, to forward support mail to. */
  inboundAddress: z.string(),
  /** Whether this server's SMTP receiver is on (INBOUND_SMTP_PORT); without it, use IMAP or the API. */
  receiverOn: z.boolean(),
});
export type HelpdeskMailSettings = z.infer<typeof helpdeskMailSettingsSchema>;
