/**
 * One `presence` message of GET /api/v1/events: who is doing what on a record right now (an agent
 * replying to a ticket, issue 21). The server sends it only to members who may read the record.
 */
export type Presence = {
  entityType: string;
  entityId: string;
  action: string;
  userId: string;
  name: string;
};

type PresenceListener = (presence: Presence) => void;

const listeners = new Set<PresenceListener>();

/**
 * Hears the presence messages of the workspace's one change stream (the signed-in layout's): a page
 * needs no stream of its own. Returns the way to stop listening.
 */
export function listenForPresence(listener: PresenceListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function passOnPresence(presence: Presence): void {
  for (const listener of listeners) listener(presence);
}
