import type { Tx } from '@atrium/db';
import {
  customerReplyEffect,
  mayCustomerReopen,
  ticketStatusChange,
  type TicketCategory,
} from '@atrium/shared';
import { activityLog, type Actor } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, conflict, notFound } from '../../platform/errors/app-error';
import { storedFilesRepository } from '../../platform/storage/stored-files.repository';
import type { HelpdeskDeps } from './ticket-changes';
import { autoAssign } from './ticket-routing';
import { statusSummary, ticketLink, ticketTitle } from './ticket-view';
import { ticketsRepository } from './tickets.repository';

type LockedTicket = NonNullable<Awaited<ReturnType<typeof ticketsRepository.lock>>>;

/**
 * The customer's reply once its message is stored, whichever way it came (mail, the portal):
 * pending, resolved and recently closed tickets open again (customerReplyEffect), the assignee hears
 * of it, the SLA clocks follow.
 */
export async function recordCustomerReply(
  tx: Tx,
  deps: HelpdeskDeps,
  reply: {
    tenantId: string;
    before: LockedTicket;
    effect: 'continue' | 'reopen';
    actor: Actor;
    source: 'email' | 'portal';
    now: Date;
  },
) {
  const { tenantId, before, effect, actor, now } = reply;
  const changes = effect === 'reopen' ? ticketStatusChange(before, 'open', now) : {};
  await ticketsRepository.update(tx, { tenantId, id: before.id, version: undefined, changes });
  await activityLog.record(tx, {
    tenantId,
    actor,
    action: 'replied',
    entityType: 'ticket',
    entityId: before.id,
    summary: `replied to ticket ${ticketTitle(before)}`,
    data: {
      number: before.number,
      source: reply.source,
      ...(effect === 'reopen' ? { before: { status: before.status }, after: { status: 'open' } } : {}),
    },
  });
  if (before.assignedAgentId) {
    await deps.notifier.notify({
      tx,
      tenantId,
      actor,
      recipients: { employees: [before.assignedAgentId] },
      kind: 'ticket_customer_replied',
      record: { type: 'ticket', id: before.id, link: ticketLink(before.id) },
      title:
        effect === 'reopen'
          ? `${actor.name} replied and reopened ticket ${ticketTitle(before)}`
          : `${actor.name} replied on ticket ${ticketTitle(before)}`,
    });
  }
  await deps.sla.refresh(tx, tenantId, before.id, now);
}

/**
 * The customer portal's writes (issue 22): a signed-in customer opens tickets, replies, closes and
 * reopens — only on tickets that are theirs (customerUserId); any other id is not found.
 */
export function createCustomerTickets(deps: HelpdeskDeps) {
  const { db } = deps;
  const actorOf = (customer: Member): Actor => ({ userId: customer.userId, name: customer.name });

  async function lockOwn(tx: Tx, customer: Member, id: string) {
    const ticket = await ticketsRepository.lock(tx, customer.tenantId, id);
    if (!ticket || ticket.customerUserId !== customer.userId) throw notFound('Ticket');
    return ticket;
  }

  /** The customer's own uploads, now part of a message. */
  async function takeUploads(tx: Tx, customer: Member, ids: readonly string[]) {
    const uploads = await storedFilesRepository.uploadedBy(tx, customer.tenantId, customer.userId, ids);
    const attached = await storedFilesRepository.attach(tx, customer.tenantId, ids);
    if (uploads.length !== ids.length || attached !== uploads.length) {
      throw new AppError('unprocessable', 'An attached file was not found; attach it again', {
        attachmentIds: 'Attach the file again',
      });
    }
    return uploads.map((file) => ({
      name: file.fileName,
      sizeBytes: file.sizeBytes,
      storageKey: file.storageKey,
    }));
  }

  async function setStatus(customer: Member, id: string, next: 'open' | 'closed') {
    await db.transaction(async (tx) => {
      const before = await lockOwn(tx, customer, id);
      const now = deps.now();
      if (next === 'closed' && before.status === 'closed') throw conflict('This ticket is already closed');
      if (next === 'open' && !mayCustomerReopen(before, now)) {
        throw conflict(
          before.status === 'closed'
            ? 'This ticket was closed more than 7 days ago; open a new ticket instead'
            : 'This ticket is still open',
        );
      }
      await ticketsRepository.update(tx, {
        tenantId: customer.tenantId,
        id,
        version: undefined,
        changes: ticketStatusChange(before, next, now),
      });
      await activityLog.record(tx, {
        tenantId: customer.tenantId,
        actor: actorOf(customer),
        action: 'status_changed',
        entityType: 'ticket',
        entityId: id,
        summary: `${statusSummary(before, next)} in the customer portal`,
        data: {
          number: before.number,
          source: 'portal',
          before: { status: before.status },
          after: { status: next },
        },
      });
      if (before.assignedAgentId) {
        await deps.notifier.notify({
          tx,
          tenantId: customer.tenantId,
          actor: actorOf(customer),
          recipients: { employees: [before.assignedAgentId] },
          kind: 'ticket_customer_replied',
          record: { type: 'ticket', id, link: ticketLink(id) },
          title: `${customer.name} ${next === 'closed' ? 'closed' : 'reopened'} ticket ${ticketTitle(before)}`,
        });
      }
      await deps.sla.refresh(tx, customer.tenantId, id, now);
    });
  }

  return {
    /** A ticket the customer opens: they are its customer, their description its first message. */
    async open(
      customer: Member,
      input: { subject: string; description: string; category: TicketCategory; attachmentIds: string[] },
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const now = deps.now();
        const attachments = await takeUploads(tx, customer, input.attachmentIds);
        const number = await ticketsRepository.nextNumber(tx, customer.tenantId);
        const routed = await autoAssign(tx, deps, customer.tenantId);
        const id = await ticketsRepository.insert(tx, customer.tenantId, {
          number,
          subject: input.subject,
          description: input.description,
          category: input.category,
          customerName: customer.name,
          customerEmail: customer.email,
          customerUserId: customer.userId,
          assignedAgentId: routed?.assigneeId ?? null,
          teamId: routed?.teamId ?? null,
          attachments,
          createdAt: now,
        });
        await ticketsRepository.insertMessage(tx, customer.tenantId, {
          ticketId: id,
          authorUserId: customer.userId,
          authorName: customer.name,
          authorKind: 'customer',
          body: input.description,
          attachments,
          internal: false,
          createdAt: now,
        });
        await activityLog.record(tx, {
          tenantId: customer.tenantId,
          actor: actorOf(customer),
          action: 'created',
          entityType: 'ticket',
          entityId: id,
          summary: `opened ticket ${ticketTitle({ number, subject: input.subject })} in the customer portal`,
          data: {
            number,
            source: 'portal',
            after: { subject: input.subject, status: 'open', assigneeId: routed?.assigneeId ?? null },
          },
        });
        if (routed) {
          await deps.notifier.notify({
            tx,
            tenantId: customer.tenantId,
            actor: actorOf(customer),
            recipients: { employees: [routed.assigneeId] },
            kind: 'ticket_assigned',
            record: { type: 'ticket', id, link: ticketLink(id) },
            title: `New ticket ${ticketTitle({ number, subject: input.subject })} from ${customer.name} is yours (round-robin)`,
          });
        }
        await deps.sla.refresh(tx, customer.tenantId, id, now);
        return id;
      });
    },

    /** The customer's reply; a ticket closed more than 7 days ago takes none (409): a new ticket is opened. */
    async reply(customer: Member, id: string, input: { body: string; attachmentIds: string[] }) {
      await db.transaction(async (tx) => {
        const before = await lockOwn(tx, customer, id);
        const now = deps.now();
        const effect = customerReplyEffect(before, now);
        if (effect === 'new-ticket') {
          throw conflict('This ticket was closed more than 7 days ago; open a new ticket instead');
        }
        const attachments = await takeUploads(tx, customer, input.attachmentIds);
        await ticketsRepository.insertMessage(tx, customer.tenantId, {
          ticketId: id,
          authorUserId: customer.userId,
          authorName: customer.name,
          authorKind: 'customer',
          body: input.body,
          attachments,
          internal: false,
          createdAt: now,
        });
        await recordCustomerReply(tx, deps, {
          tenantId: customer.tenantId,
          before,
          effect,
          actor: actorOf(customer),
          source: 'portal',
          now,
        });
      });
    },

    close: (customer: Member, id: string) => setStatus(customer, id, 'closed'),
    reopen: (customer: Member, id: string) => setStatus(customer, id, 'open'),
  };
}

export type CustomerTickets = ReturnType<typeof createCustomerTickets>;
