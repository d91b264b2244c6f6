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
 * An agent's reply as real email to the customer (issue 21): "[#n] subject", the agent's name as
 * sender name, Reply-To the workspace's inbound address, and a Message-ID / In-Reply-To / References
 * chain so that mail clients thread it and the customer's answer finds the ticket again. Sent by the
 * mailer inside the reply's transaction; the caller stores the returned Message-ID on the message.
 * Internal notes never come here.
 */
export async function emailReply(
  tx: Tx,
  deps: HelpdeskDeps,
  reply: {
    tenantId: string;
    ticket: { id: string; number: number; subject: string; customerEmail: string };
    agentName: string;
    body: string;
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
