import { ticketStatusChange, type TicketDetails } from '@atrium/shared';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, notFound } from '../../platform/errors/app-error';
import type { HelpdeskDeps } from './ticket-changes';
import { ticketTitle } from './ticket-view';
import { ticketsRepository as repository } from './tickets.repository';

/**
 * Merging a duplicate (issue 21): its messages move to the other ticket, in their places in time,
 * with their Message-IDs, so the customer's next reply to either thread lands there. Each ticket
 * gets an internal note saying what happened; the duplicate is closed.
 */
export function createTicketMerge(
  deps: HelpdeskDeps,
  details: (member: Member, id: string) => Promise<TicketDetails>,
) {
  const { db } = deps;
  return {
    async merge(member: Member, sourceId: string, targetId: string): Promise<TicketDetails> {
      if (sourceId === targetId) {
        throw new AppError('unprocessable', 'A ticket cannot be merged into itself', {
          intoTicketId: 'Choose another ticket',
        });
      }
      await db.transaction(async (tx) => {
        const { tenantId } = member;
        const locked = await repository.lockMany(tx, tenantId, [sourceId, targetId]);
        const source = locked.find((ticket) => ticket.id === sourceId);
        const target = locked.find((ticket) => ticket.id === targetId);
        if (!source) throw notFound('Ticket');
        if (!target) {
          throw new AppError('not_found', 'The ticket to merge into was not found', {
            intoTicketId: 'Choose a ticket of this workspace',
          });
        }
        const now = deps.now();
        const moved = await repository.moveMessages(tx, tenantId, source.id, target.id);
        const note = (body: string, ticketId: string) =>
          repository.insertMessage(tx, tenantId, {
            ticketId,
            authorUserId: member.userId,
            authorName: member.name,
            authorKind: 'agent',
            internal: true,
            body,
            createdAt: now,
          });
        await note(
          `Merged ${ticketTitle(source)} into this ticket: ${moved} ${moved === 1 ? 'message' : 'messages'} moved here.`,
          target.id,
        );
        await note(`Merged into ${ticketTitle(target)}; the conversation continues there.`, source.id);
        await repository.update(tx, {
          tenantId,
          id: source.id,
          version: undefined,
          changes: ticketStatusChange(source, 'closed', now),
        });
        await repository.update(tx, { tenantId, id: target.id, version: undefined, changes: {} });
        // Both tickets' timelines tell of it.
        for (const ticket of [source, target]) {
          await activityLog.record(tx, {
            tenantId,
            actor: actorOf(member),
            action: 'merged',
            entityType: 'ticket',
            entityId: ticket.id,
            summary: `merged ticket ${ticketTitle(source)} into ${ticketTitle(target)}`,
            data: {
              number: ticket.number,
              source: source.number,
              target: target.number,
              messages: moved,
            },
          });
        }
        await deps.sla.refresh(tx, tenantId, source.id, now);
        await deps.sla.refresh(tx, tenantId, target.id, now);
      });
      return details(member, targetId);
    },
  };
}
