import { z } from 'zod';
import { recordVersion, text } from './fields';

/** The IMAP ports people mean: 993 with TLS, 143 without (or upgraded with STARTTLS). */
export const defaultImapPort = (tls: boolean) => (tls ? 993 : 143);

const hostName = text()
  .trim()
  .min(1, 'Enter the IMAP server, e.g. imap.example.com')
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, 'Enter a host name or IP address, e.g. imap.example.com');

const folderName = text().trim().min(1, 'Enter a folder').max(200);

/** An IMAP mailbox the help desk polls for mail (Settings -> Help desk, issue 21). */
export const mailboxFieldsSchema = z.object({
  host: hostName,
  port: z.number().int().min(1, 'Enter a port from 1 to 65535').max(65_535, 'Enter a port from 1 to 65535'),
  tls: z.boolean(),
  username: text().trim().min(1, 'Enter the user name, often the mailbox’s address').max(320),
  folder: folderName.default('INBOX'),
  /** After a fetch the message is moved here; empty keeps it where it is, marked as read. */
  moveTo: folderName.nullable().default(null),
  enabled: z.boolean().default(true),
});

export const createMailboxSchema = mailboxFieldsSchema.extend({
  password: text().min(1, 'Enter the password').max(1000),
});
export type CreateMailboxValues = z.input<typeof createMailboxSchema>;

/** A password left out keeps the stored one. */
export const updateMailboxSchema = mailboxFieldsSchema.partial().extend({
  password: text().min(1, 'Enter the password').max(1000).optional(),
  version: recordVersion(),
});
export type UpdateMailboxValues = z.input<typeof updateMailboxSchema>;

export const mailboxSchema = z.object({
  id: z.uuid(),
  host: z.string(),
  port: z.number().int(),
  tls: z.boolean(),
  username: z.string(),
  folder: z.string(),
  moveTo: z.string().nullable(),
  enabled: z.boolean(),
  /** When it was last polled, and what went wrong then (null when it went well). */
  lastPolledAt: z.string().nullable(),
  lastError: z.string().nullable(),
  version: z.number().int(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

export const mailboxListSchema = z.object({ data: z.array(mailboxSchema) });

/** POST /api/v1/helpdesk/mailboxes/:id/poll: what one fetch found. */
export const mailboxPollResultSchema = z.object({
  fetched: z.number().int(),
  error: z.string().nullable(),
  mailbox: mailboxSchema,
});
export type MailboxPollResult = z.infer<typeof mailboxPollResultSchema>;
