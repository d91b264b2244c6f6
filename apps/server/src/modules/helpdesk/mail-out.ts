import { randomUUID } from 'node:crypto';
import type { Tx } from '@atrium/db';
import { ticketMailSubject } from '@atrium/shared';
import type { OutboxRow } from '../../platform/mail/mail.repository';
import { mailInRepository } from './mail-in.repository';
import type { HelpdeskDeps } from './ticket-changes';
import { ticketsRepository } from './tickets.repository';

/** Mail clients thread by these; a long conversation keeps its first and latest ids (RFC 5322 3.6.4). */
const maxReferences = 20;

const bracketed = (id: string) => `<${id}>`;

/**
 * A formatted reply's html part: the sanitised fragment in the smallest document mail clients
 * render well. No styles beyond the body's font: clients strip or override most of them.
 */
export function emailHtmlDocument(fragment: string): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    '<body style="font-family: -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif; font-size: 14px; line-height: 1.5;">',
    fragment,
    '</body></html>',
  ].join('\n');
}

/**
 * An agent's reply as real email to the customer (issue 21): "[#n] subject", the agent's name as
 * sender name, Reply-To the workspace's inbound address, and a Message-ID / In-Reply-To / References
 * chain so that mail clients thread it and the customer's answer finds the ticket again. Sent by the
 * mailer inside the reply's transaction; the caller stores the returned Message-ID on the message.
 * Internal notes never come here. A formatted reply goes as text and html (multipart/alternative),
 * a plain one as text only.
 */
export async function emailReply(
  tx: Tx,
  deps: HelpdeskDeps,
  reply: {
    tenantId: string;
    ticket: { id: string; number: number; subject: string; customerEmail: string };
    agentName: string;
    body: string;
    /** Sanitised html, when the agent wrote with formatting. */
    html: string | null;
    attachments: { name: string; storageKey: string; contentType: string }[];
  },
): Promise<{ emailMessageId: string; outbox: OutboxRow }> {
  const { tenantId, ticket } = reply;
  const thread = await ticketsRepository.emailThread(tx, tenantId, ticket.id);
  const ids = thread.map((message) => message.emailMessageId!);
  const lastFromCustomer = thread.findLast((message) => message.authorKind === 'customer');
  const references = ids.length > maxReferences ? [ids[0]!, ...ids.slice(-(maxReferences - 1))] : ids;
  const emailMessageId = `${randomUUID()}@${deps.inboundMail.domain}`;
  const replyTo = deps.inboundMail.receiverOn
    ? `${await mailInRepository.slugOf(tx, tenantId)}@${deps.inboundMail.domain}`
    : undefined;
  const outbox = await deps.mailer.send(
    {
      tenantId,
      to: ticket.customerEmail,
      // A subject that came in by mail may hold a folded line break.
      subject: ticketMailSubject(ticket)
        .replace(/[\r\n]+/g, ' ')
        .slice(0, 300),
      text: reply.body,
      ...(reply.html ? { html: emailHtmlDocument(reply.html) } : {}),
      envelope: {
        fromName: reply.agentName,
        ...(replyTo ? { replyTo } : {}),
        messageId: bracketed(emailMessageId),
        ...(lastFromCustomer || ids.length > 0
          ? { inReplyTo: bracketed(lastFromCustomer?.emailMessageId ?? ids.at(-1)!) }
          : {}),
        ...(references.length > 0 ? { references: references.map(bracketed) } : {}),
        ...(reply.attachments.length > 0 ? { attachments: reply.attachments } : {}),
      },
    },
    { tx },
  );
  return { emailMessageId, outbox };
}
