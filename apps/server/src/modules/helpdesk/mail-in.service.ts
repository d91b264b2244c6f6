import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Tx } from '@atrium/db';
import {
  customerReplyEffect,
  type HelpdeskMailSettings,
  type InboundMailListQuery,
  type InboundMailListResponse,
  type InboundMailOutcome,
  type InboundMailSource,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { AppError, notFound } from '../../platform/errors/app-error';
import { activityLog } from '../../platform/activity/activity.service';
import {
  parseInboundMessage,
  ticketNumberInSubject,
  type InboundMessage,
} from '../../platform/mail/inbound-message';
import type { FileAttachment } from '@atrium/db';
import { recordCustomerReply } from './customer-tickets';
import type { HelpdeskDeps } from './ticket-changes';
import { ticketLink, ticketTitle } from './ticket-view';
import { mailInRepository } from './mail-in.repository';
import { ticketsRepository } from './tickets.repository';
import { autoAssign } from './ticket-routing';

export type MailInResult = {
  outcome: InboundMailOutcome;
  /** True when the same message had been taken before: nothing was stored this time. */
  duplicate: boolean;
  ticketId: string | null;
};

const automaticReasons = {
  bounce: 'A delivery status notification (bounce)',
  'auto-reply': 'An automatic reply (out of office or similar)',
  bulk: 'Bulk or list mail (Precedence: bulk)',
} as const;

/** The longest subject a mail-in ticket keeps; the rest of a runaway subject is cut. */
const maxSubjectLength = 300;

/**
 * Mail in (issue 21): every way mail arrives (the SMTP receiver, IMAP, the raw-MIME endpoint) comes
 * through `receive`. A reply finds its ticket by In-Reply-To / References, then by "[#n]" in the
 * subject from the ticket's own customer; anything else opens a ticket for the sender, who becomes a
 * customer contact. Auto-replies and bounces are recorded and go no further (no mail loops); so is
 * what comes back to a campaign's bounce address, which marketing reads (issue 23). The
 * same Message-ID is taken once. A mail that cannot be read or stored is kept, raw, as failed.
 */
export function createMailIn(deps: HelpdeskDeps) {
  const { db, storage, log } = deps;

  async function keepFailed(
    tenantId: string,
    raw: Buffer,
    source: InboundMailSource,
    reason: string,
    parsed?: InboundMessage,
  ): Promise<MailInResult> {
    const stored = await storage.put(tenantId, raw);
    const claimed = await db.transaction((tx) =>
      mailInRepository.claim(tx, {
        tenantId,
        messageId: parsed?.messageId ?? `sha256:${stored.sha256}`,
        source,
        fromAddress: parsed?.from?.address ?? '',
        subject: parsed?.subject.slice(0, maxSubjectLength) ?? '',
        sizeBytes: raw.length,
        outcome: 'failed',
        reason,
        rawStorageKey: stored.key,
      }),
    );
    if (!claimed) await storage.remove(stored.key);
    return { outcome: 'failed', duplicate: !claimed, ticketId: null };
  }

  async function storeAttachments(tenantId: string, message: InboundMessage): Promise<FileAttachment[]> {
    return Promise.all(
      message.attachments.map(async (file) => {
        const stored = await storage.put(tenantId, file.content);
        return { name: file.filename, sizeBytes: stored.sizeBytes, storageKey: stored.key };
      }),
    );
  }

  /** A new ticket from the sender's mail; the sender becomes (or is) a customer contact. */
  async function openTicket(
    tx: Tx,
    tenantId: string,
    message: InboundMessage,
    attachments: FileAttachment[],
    now: Date,
  ): Promise<string> {
    const from = message.from!;
    const contact = await mailInRepository.contactFor(
      tx,
      tenantId,
      from.address,
      from.name || from.address.split('@')[0]!,
    );
    const subject = (message.subject || '(no subject)').slice(0, maxSubjectLength);
    const number = await ticketsRepository.nextNumber(tx, tenantId);
    const routed = await autoAssign(tx, deps, tenantId);
    const id = await ticketsRepository.insert(tx, tenantId, {
      number,
      subject,
      description: message.visibleText,
      customerName: contact.name,
      customerEmail: from.address,
      customerContactId: contact.id,
      assignedAgentId: routed?.assigneeId ?? null,
      teamId: routed?.teamId ?? null,
      attachments,
      createdAt: now,
    });
    await addCustomerMessage(tx, tenantId, id, contact.name, message, attachments, now);
    await activityLog.record(tx, {
      tenantId,
      actor: { userId: null, name: contact.name },
      action: 'created',
      entityType: 'ticket',
      entityId: id,
      summary: `wrote in: ticket ${ticketTitle({ number, subject })}`,
      data: {
        number,
        source: 'email',
        after: { subject, status: 'open', assigneeId: routed?.assigneeId ?? null },
      },
    });
    if (routed) {
      await deps.notifier.notify({
        tx,
        tenantId,
        actor: { userId: null, name: contact.name },
        recipients: { employees: [routed.assigneeId] },
        kind: 'ticket_assigned',
        record: { type: 'ticket', id, link: ticketLink(id) },
        title: `New ticket ${ticketTitle({ number, subject })} from ${contact.name} is yours (round-robin)`,
      });
    }
    await deps.sla.refresh(tx, tenantId, id, now);
    return id;
  }

  function addCustomerMessage(
    tx: Tx,
    tenantId: string,
    ticketId: string,
    authorName: string,
    message: InboundMessage,
    attachments: FileAttachment[],
    now: Date,
  ) {
    const quoted = message.fullText !== message.visibleText ? message.fullText : null;
    return ticketsRepository.insertMessage(tx, tenantId, {
      ticketId,
      authorUserId: null,
      authorName,
      authorKind: 'customer',
      body: message.visibleText || message.fullText,
      html: message.safeHtml,
      quotedText: quoted,
      attachments,
      emailMessageId: message.messageId,
      internal: false,
      createdAt: now,
    });
  }

  /**
   * The customer's reply on their ticket: pending, resolved and recently closed tickets open again
   * (customerReplyEffect); a ticket closed long ago is not continued and a new one opens instead.
   */
  async function continueTicket(
    tx: Tx,
    tenantId: string,
    ticketId: string,
    message: InboundMessage,
    attachments: FileAttachment[],
    now: Date,
  ): Promise<{ ticketId: string; outcome: InboundMailOutcome }> {
    const before = await ticketsRepository.lock(tx, tenantId, ticketId);
    const effect = before ? customerReplyEffect(before, now) : 'new-ticket';
    if (!before || effect === 'new-ticket') {
      return { ticketId: await openTicket(tx, tenantId, message, attachments, now), outcome: 'ticket' };
    }
    const authorName = before.customerName;
    await addCustomerMessage(tx, tenantId, ticketId, authorName, message, attachments, now);
    await recordCustomerReply(tx, deps, {
      tenantId,
      before,
      effect,
      actor: { userId: null, name: authorName },
      source: 'email',
      now,
    });
    return { ticketId, outcome: 'reply' };
  }

  async function receive(tenantId: string, raw: Buffer, source: InboundMailSource): Promise<MailInResult> {
    let message: InboundMessage;
    try {
      message = await parseInboundMessage(raw);
    } catch (error) {
      return keepFailed(tenantId, raw, source, `Could not be read: ${reasonOf(error)}`);
    }
    const messageId = message.messageId ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;
    const claim = {
      tenantId,
      messageId,
      source,
      fromAddress: message.from?.address ?? '',
      subject: message.subject.slice(0, maxSubjectLength),
      sizeBytes: raw.length,
    };
    // A send's bounce address (issue 23): the mail is marketing's, recorded here with its writes.
    const campaignMail = await deps.campaignMail.read(tenantId, raw);
    if (campaignMail) {
      const claimed = await db.transaction(async (tx) => {
        const mailId = await mailInRepository.claim(tx, {
          ...claim,
          outcome: 'ignored',
          reason: campaignMail.reason,
        });
        if (mailId) await campaignMail.record(tx);
        return mailId;
      });
      return { outcome: 'ignored', duplicate: !claimed, ticketId: null };
    }
    if (message.automatic) {
      const claimed = await db.transaction((tx) =>
        mailInRepository.claim(tx, {
          ...claim,
          outcome: 'ignored',
          reason: automaticReasons[message.automatic!],
        }),
      );
      return { outcome: 'ignored', duplicate: !claimed, ticketId: null };
    }
    if (!message.from) return keepFailed(tenantId, raw, source, 'The mail names no sender', message);
    if (await mailInRepository.isTaken(db, tenantId, messageId)) {
      return { outcome: 'reply', duplicate: true, ticketId: null };
    }
    try {
      const attachments = await storeAttachments(tenantId, message);
      return await db.transaction(async (tx) => {
        const mailId = await mailInRepository.claim(tx, { ...claim, outcome: 'ticket' });
        if (!mailId) return { outcome: 'reply', duplicate: true, ticketId: null } as const;
        const now = deps.now();
        const threadTicketId =
          (await mailInRepository.ticketOfThread(tx, tenantId, message.threadIds)) ??
          (await ticketByNumber(tx, tenantId, message));
        const result = threadTicketId
          ? await continueTicket(tx, tenantId, threadTicketId, message, attachments, now)
          : {
              ticketId: await openTicket(tx, tenantId, message, attachments, now),
              outcome: 'ticket' as const,
            };
        await mailInRepository.settle(tx, tenantId, mailId, result);
        return { ...result, duplicate: false };
      });
    } catch (error) {
      log.error({ err: error, tenantId, messageId }, 'inbound mail: could not be stored as a ticket');
      return keepFailed(tenantId, raw, source, `Could not be stored: ${reasonOf(error)}`, message);
    }
  }

  return {
    receive,
    workspaceForSlug: (slug: string) => mailInRepository.workspaceForSlug(db, slug),

    async mailSettings(member: Member): Promise<HelpdeskMailSettings> {
      const slug = await mailInRepository.slugOf(db, member.tenantId);
      return {
        inboundAddress: `${slug}@${deps.inboundMail.domain}`,
        receiverOn: deps.inboundMail.receiverOn,
      };
    },

    async listMail(member: Member, query: InboundMailListQuery): Promise<InboundMailListResponse> {
      const after = query.cursor ? decodeCursor(query.cursor, ['timestamp', 'uuid']) : undefined;
      const rows = await mailInRepository.list(db, member.tenantId, {
        outcome: query.outcome,
        limit: query.limit + 1,
        ...(after ? { before: { createdAt: new Date(String(after[0])), id: String(after[1]) } } : {}),
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [
        last.createdAt.toISOString(),
        last.id,
      ]);
      return {
        data: page.map((row) => ({
          id: row.id,
          source: row.source,
          fromAddress: row.fromAddress,
          subject: row.subject,
          outcome: row.outcome,
          reason: row.reason,
          ticket:
            row.ticketId && row.ticketNumber !== null ? { id: row.ticketId, number: row.ticketNumber } : null,
          sizeBytes: row.sizeBytes,
          hasRaw: row.hasRaw,
          receivedAt: row.createdAt.toISOString(),
        })),
        nextCursor,
      };
    },

    /** A failed mail's raw message, for an admin to look at. */
    async rawMail(member: Member, id: string) {
      const row = await mailInRepository.find(db, member.tenantId, id);
      if (!row?.rawStorageKey) throw notFound('Raw message');
      return { stream: storage.read(row.rawStorageKey), sizeBytes: row.sizeBytes };
    },

    /** A failed mail taken again (after a fix): it becomes a ticket, a reply, or fails again. */
    async retry(member: Member, id: string): Promise<MailInResult> {
      const row = await mailInRepository.find(db, member.tenantId, id);
      if (!row) throw notFound('Mail');
      if (row.outcome !== 'failed' || !row.rawStorageKey) {
        throw new AppError('conflict', 'Only a failed mail can be tried again');
      }
      const raw = await buffer(storage.read(row.rawStorageKey));
      await mailInRepository.remove(db, member.tenantId, id);
      const result = await receive(member.tenantId, raw, row.source);
      await storage.remove(row.rawStorageKey);
      return result;
    },
  };
}

function ticketByNumber(tx: Tx, tenantId: string, message: InboundMessage) {
  const number = ticketNumberInSubject(message.subject);
  return number === null || !message.from
    ? undefined
    : mailInRepository.ticketByNumberFor(tx, tenantId, number, message.from.address);
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export type MailIn = ReturnType<typeof createMailIn>;
