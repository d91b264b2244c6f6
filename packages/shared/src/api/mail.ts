import { z } from 'zod';
import { mailStatuses, mailTransports } from '../domain/enums';
import { dataListSchema } from './list';

// Settings -> Outbox: GET /api/v1/mail/outbox, what Atrium sent (or would send, without SMTP).

export const outboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(mailStatuses),
  transport: z.enum(mailTransports),
  /** The last delivery attempt's failure, if it failed. */
  error: z.string().nullable(),
  /** Delivery attempts so far, and when the last one was. */
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxSchema = dataListSchema(outboxMailSchema);
