import type { TicketMessage } from '@atrium/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { useMe } from '../../accounts';
import { listenForPresence } from '../../realtime';
import { createReplyingRoster, type Replier, type ReplyingRoster } from '../lib/replying';

/** While the agent types, the others hear of it this often at most. */
const announceEveryMs = 3_000;
/** An agent who has not announced for this long stopped typing, or left. */
const replyingExpiryMs = 8_000;

const announceReplying = (ticketId: string) =>
  apiRequest<void>(`/api/v1/helpdesk/tickets/${encodeURIComponent(ticketId)}/replying`, {
    method: 'POST',
  });

/**
 * Issue 21: "a notice when someone else is replying". `announce` is for the composer to call on
 * every edit: it tells the other agents at most every 3 s. `repliers` are the other agents replying
 * to this ticket now, each until 8 s after their last announcement or until their message arrives.
 */
export function useReplyingPresence(ticket: { id: string; messages: readonly TicketMessage[] }): {
  announce: () => void;
  repliers: Replier[];
} {
  const { user } = useMe();
  const ticketId = ticket.id;
  const [shown, setShown] = useState<{ ticketId: string; repliers: Replier[] }>({
    ticketId,
    repliers: [],
  });
  const roster = useRef<ReplyingRoster | undefined>(undefined);

  useEffect(() => {
    const current = createReplyingRoster({
      expiryMs: replyingExpiryMs,
      onChange: (repliers) => setShown({ ticketId, repliers }),
    });
    roster.current = current;
    const stop = listenForPresence((presence) => {
      const aboutThisTicket = presence.entityType === 'ticket' && presence.entityId === ticketId;
      if (!aboutThisTicket || presence.action !== 'replying' || presence.userId === user.id) return;
      current.heard({ userId: presence.userId, name: presence.name });
    });
    return () => {
      stop();
      current.dispose();
      roster.current = undefined;
    };
  }, [ticketId, user.id]);

  // A new message is its author's reply arriving: they are no longer replying.
  const seenMessageIds = useRef<ReadonlySet<string> | undefined>(undefined);
  useEffect(() => {
    const seen = seenMessageIds.current;
    seenMessageIds.current = new Set(ticket.messages.map((message) => message.id));
    if (!seen) return;
    for (const message of ticket.messages) {
      if (!seen.has(message.id) && message.author.userId) roster.current?.remove(message.author.userId);
    }
  }, [ticket.messages]);

  // One function for the page's lifetime: an editor may keep the first callback it was given.
  const lastAnnounced = useRef<{ ticketId: string; at: number } | undefined>(undefined);
  const currentTicketId = useRef(ticketId);
  useEffect(() => {
    currentTicketId.current = ticketId;
  }, [ticketId]);
  const announce = useCallback(() => {
    const id = currentTicketId.current;
    const now = Date.now();
    const last = lastAnnounced.current;
    if (last?.ticketId === id && now - last.at < announceEveryMs) return;
    lastAnnounced.current = { ticketId: id, at: now };
    // A lost announcement only shortens the others' notice.
    announceReplying(id).catch(() => undefined);
  }, []);

  return { announce, repliers: shown.ticketId === ticketId ? shown.repliers : [] };
}
