import { z } from 'zod';

/** The one NOTIFY channel every process LISTENs on; the payload names the workspace. */
export const changeChannel = 'atrium_changes';

/**
 * What a committed activity entry announces. Deliberately no summary or data: the payload travels to
 * every process, and members learn only that something changed, then refetch through the
 * permission-checked API.
 */
export const changeEventSchema = z.object({
  tenantId: z.uuid(),
  id: z.uuid(),
  // Bounded so a payload stays far below NOTIFY's 8000-byte limit (ours are about 250 bytes).
  entityType: z.string().min(1).max(100),
  entityId: z.uuid(),
  action: z.string().min(1).max(100),
  occurredAt: z.iso.datetime({ offset: true }),
});

export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** What a member can be seen doing on a record while they do it. */
export const presenceActions = ['replying'] as const;

/** Names longer than this are cut before they travel, like the payload's other fields. */
export const maxPresenceNameLength = 200;

/**
 * What a member is doing on a record right now (issue 21: "a notice when someone else is replying").
 * Unlike a change it is kept nowhere and never replayed: one that is lost only shortens a notice.
 * It names the member, so it goes only to those who may read every record of its kind.
 */
export const presenceEventSchema = z.object({
  kind: z.literal('presence'),
  tenantId: z.uuid(),
  entityType: z.string().min(1).max(100),
  entityId: z.uuid(),
  action: z.enum(presenceActions),
  userId: z.uuid(),
  name: z.string().max(maxPresenceNameLength),
});

export type PresenceEvent = z.infer<typeof presenceEventSchema>;

/** Both travel on the one channel; a presence event says so in its `kind`. */
export type Notification = { change: ChangeEvent } | { presence: PresenceEvent };

export function parseNotification(payload: string): Notification | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const presence = presenceEventSchema.safeParse(value);
  if (presence.success) return { presence: presence.data };
  const change = changeEventSchema.safeParse(value);
  return change.success ? { change: change.data } : null;
}

export function parseChangePayload(payload: string): ChangeEvent | null {
  const notification = parseNotification(payload);
  return notification && 'change' in notification ? notification.change : null;
}
