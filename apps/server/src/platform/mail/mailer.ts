import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Db, Tx } from '@atrium/db';
import type { Jobs } from '../jobs/jobs';
import type { Logger } from '../logging/logger';
import type { FileStorage } from '../storage/file-storage';
import { mailRepository, type OutboxRow } from './mail.repository';

const mailMessageSchema = z.object({
  /** The workspace the mail belongs to; none for system mail such as sign-up. */
  tenantId: z.uuid().nullish(),
  to: z.email(),
  // A line break in a header would let a caller smuggle in extra headers.
  subject: z
    .string()
    .min(1)
    .max(300)
    .regex(/^[^\r\n]*$/, 'must be one line'),
  text: z.string(),
  html: z.string().optional(),
  envelope: z
    .object({
      fromName: z
        .string()
        .max(200)
        .regex(/^[^\r\n]*$/)
        .optional(),
      replyTo: z.email().optional(),
      messageId: z
        .string()
        .regex(/^<[^\s<>]+>$/)
        .optional(),
      inReplyTo: z
        .string()
        .regex(/^<[^\s<>]+>$/)
        .optional(),
      references: z
        .array(z.string().regex(/^<[^\s<>]+>$/))
        .max(50)
        .optional(),
      attachments: z
        .array(z.object({ name: z.string(), storageKey: z.string(), contentType: z.string().optional() }))
        .optional(),
    })
    .optional(),
});

export type MailMessage = z.input<typeof mailMessageSchema>;

export type Mailer = {
  /**
   * Records the message in the outbox and, when SMTP is configured, has a job deliver it. Pass the
   * change's transaction: a rolled-back change then sends nothing.
   */
  send(message: MailMessage, options?: { tx?: Tx }): Promise<OutboxRow>;
  /** A workspace's mail, newest first. */
  outbox(tenantId: string, limit: number): Promise<OutboxRow[]>;
};

const deliverQueue = 'mail.deliver';

/** Told of each message an SMTP server took, and of each attempt that failed (metrics). */
export type DeliveryCounter = { sent(): void; failed(): void };

/** The address of a sender written `Name <address>` (MAIL_FROM), or the sender as it is. */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
/** After the first attempt, retries after about 30 s, 1, 2, 4, 8, 16 and 32 minutes. */
const defaultRetries = { retryLimit: 7, retryDelaySeconds: 30 };

/**
 * Every message is kept in the outbox table (the app shows it). Without SMTP_URL the outbox is the
 * destination; with it, a background job delivers the message over SMTP, retrying with back-off
 * while the server refuses or cannot be reached, and the row records each attempt.
 */
export function createMailer(deps: {
  db: Db;
  jobs: Jobs;
  from: string;
  smtpUrl?: string;
  /** Where the attachments of outgoing mail are kept. */
  storage: FileStorage;
  log: Logger;
  retries?: { retryLimit: number; retryDelaySeconds: number };
  deliveries?: DeliveryCounter;
}): Mailer {
  const { db, jobs, log, retries = defaultRetries } = deps;
  const smtp = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : undefined;

  if (smtp) {
    jobs.register<{ outboxId: string }>(
      deliverQueue,
      async ({ outboxId }, { attempt }) => {
        const row = await mailRepository.find(db, outboxId);
        if (!row || row.status === 'sent') return;
        try {
          const envelope = row.envelope ?? {};
          await smtp.sendMail({
            from: envelope.fromName ? { name: envelope.fromName, address: addressOf(row.from) } : row.from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html ?? undefined,
            replyTo: envelope.replyTo,
            messageId: envelope.messageId,
            inReplyTo: envelope.inReplyTo,
            references: envelope.references,
            attachments: envelope.attachments?.map((file) => ({
              filename: file.name,
              contentType: file.contentType,
              content: deps.storage.read(file.storageKey),
            })),
          });
          deps.deliveries?.sent();
          await mailRepository.recordAttempt(db, row.id, { status: 'sent' });
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          const last = attempt > retries.retryLimit;
          deps.deliveries?.failed();
          log.warn(
            { err: error, to: row.to, attempt },
            last ? 'SMTP delivery failed; giving up' : 'SMTP delivery failed; will retry',
          );
          await mailRepository.recordAttempt(db, row.id, {
            status: last ? 'failed' : 'queued',
            error: reason,
          });
          throw error;
        }
      },
      { ...retries, retryBackoff: true, expireInSeconds: 120, label: 'Deliver an email' },
    );
  }

  return {
    outbox: (tenantId, limit) => mailRepository.listForTenant(db, tenantId, limit),
    async send(input, { tx } = {}) {
      const message = mailMessageSchema.parse(input);
      const row = await mailRepository.insert(tx ?? db, {
        tenantId: message.tenantId ?? null,
        to: message.to,
        from: deps.from,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        envelope: message.envelope ?? null,
        transport: smtp ? 'smtp' : 'outbox',
        status: smtp ? 'queued' : 'sent',
        sentAt: smtp ? null : new Date(),
      });
      // tenantId: the workspace's admins see the delivery among its background jobs.
      if (smtp) await jobs.enqueue(deliverQueue, { outboxId: row.id, tenantId: row.tenantId }, { tx });
      return row;
    },
  };
}
