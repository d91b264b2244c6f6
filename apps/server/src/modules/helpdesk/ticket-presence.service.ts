import type { Db } from '@atrium/db';
import type { Member } from '../../platform/auth/member-context';
import { notFound } from '../../platform/errors/app-error';
import { createPresenceAnnouncer } from '../../platform/realtime/presence';
import { ticketsRepository as repository } from './tickets.repository';

/** The page asks at most every 3 s while the agent types; more than this is dropped unheard. */
const replyingQuietMs = 2_000;

/**
 * Issue 21: "a notice when someone else is replying". The agents on the ticket's page hear it on
 * their event streams, in every server process; nothing is stored and the activity log stays as it
 * is. The ticket is looked up only when the announcement is not a repeat.
 */
export function createTicketPresence(db: Db) {
  const presence = createPresenceAnnouncer(db, { quietMs: replyingQuietMs });
  return {
    async replying(member: Member, ticketId: string): Promise<void> {
      const event = {
        kind: 'presence',
        tenantId: member.tenantId,
        entityType: 'ticket',
        entityId: ticketId,
        action: 'replying',
        userId: member.userId,
        name: member.name,
      } as const;
      if (presence.isRepeat(event)) return;
      if ((await repository.version(db, member.tenantId, ticketId)) === undefined) throw notFound('Ticket');
      await presence.announce(event);
    },
  };
}

export type TicketPresence = ReturnType<typeof createTicketPresence>;
