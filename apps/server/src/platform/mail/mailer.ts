import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Db } from '@atrium/db';
import type { Logger } from '../logging/logger';
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
});

export type MailMessage = z.input<typeof mailMessageSchema>;

export type Mailer = {
  /** Records the message in the outbox and, when SMTP is configured, delivers it. */
  send(message: MailMessage): Promise<OutboxRow>;
  /** A workspace's mail, newest first. */
  outbox(tenantId: string, limit: number): Promise<OutboxRow[]>;
};

/**
 * Every message is kept in the outbox table (the app can show it). Without SMTP_URL the outbox is the
 * destination; with it, nodemailer also delivers the message over SMTP and the row records whether
 * that worked.
 */
export function createMailer(options: { db: Db; from: string; smtpUrl?: string; log: Logger }): Mailer {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

  return {
    outbox: (tenantId, limit) => mailRepository.listForTenant(options.db, tenantId, limit),
    async send(input) {
      const message = mailMessageSchema.parse(input);
      const envelope = {
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      };
      const row = await mailRepository.insert(options.db, {
        tenantId: message.tenantId ?? null,
        to: message.to,
        from: options.from,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        transport: smtp ? 'smtp' : 'outbox',
        status: smtp ? 'queued' : 'sent',
        sentAt: smtp ? null : new Date(),
      });
      if (!smtp) return row;
      try {
        await smtp.sendMail(envelope);
        await mailRepository.markDelivered(options.db, row.id, 'sent');
        return { ...row, status: 'sent', sentAt: new Date() };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        options.log.error({ err: error, to: message.to }, 'SMTP delivery failed');
        await mailRepository.markDelivered(options.db, row.id, 'failed', reason);
        return { ...row, status: 'failed', error: reason };
      }
    },
  };
}
