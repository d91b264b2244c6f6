import type { Db } from '@atrium/db';
import { maxPresenceNameLength, type PresenceEvent } from './change-event';
import { changeFeedRepository } from './change-feed.repository';

export type PresenceAnnouncer = {
  /** The same member announced the same on the same record less than `quietMs` ago. */
  isRepeat(event: PresenceEvent): boolean;
  /**
   * Tells the record's readers in every server process, at once: NOTIFY only, no row is written.
   * A repeat is dropped.
   */
  announce(event: PresenceEvent): Promise<void>;
};

/**
 * Presence is announced while someone types, so it must cost next to nothing: a member's repeats
 * within `quietMs` are dropped before any query. The memory is this process's: behind a load
 * balancer a member may get one announcement through per process, which their readers absorb.
 */
export function createPresenceAnnouncer(
  db: Db,
  options: { quietMs: number; now?: () => number },
): PresenceAnnouncer {
  const now = options.now ?? Date.now;
  // Oldest first: re-announcing moves a key to the end, so the expired ones are always in front.
  const lastAnnouncedAt = new Map<string, number>();

  const keyOf = (event: PresenceEvent) =>
    `${event.tenantId}:${event.userId}:${event.entityType}:${event.entityId}:${event.action}`;

  const forgetExpired = (at: number) => {
    for (const [key, announcedAt] of lastAnnouncedAt) {
      if (at - announcedAt < options.quietMs) break;
      lastAnnouncedAt.delete(key);
    }
  };

  const isRepeat = (event: PresenceEvent) => {
    const announcedAt = lastAnnouncedAt.get(keyOf(event));
    return announcedAt !== undefined && now() - announcedAt < options.quietMs;
  };

  return {
    isRepeat,
    async announce(event) {
      if (isRepeat(event)) return;
      const at = now();
      forgetExpired(at);
      const key = keyOf(event);
      lastAnnouncedAt.delete(key);
      lastAnnouncedAt.set(key, at);
      await changeFeedRepository.notify(db, {
        ...event,
        name: event.name.slice(0, maxPresenceNameLength),
      });
    },
  };
}
