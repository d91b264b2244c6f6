import type { Database } from '@atrium/db';
import type { Logger } from '../logging/logger';
import { changeChannel, parseNotification, type ChangeEvent, type PresenceEvent } from './change-event';
import {
  listenForNotifications,
  type ListenerTiming,
  type NotificationListener,
} from './notification-listener';

/** What a subscription hands over each time its owner asks. */
export type Delivery = {
  events: ChangeEvent[];
  /** Who is doing what right now: passed on as it comes, never replayed. */
  presence: PresenceEvent[];
  /** Changes may have been lost (listener reconnected, or the queue overflowed): ask the database. */
  missed: boolean;
  /** The hub shut down or the subscriber left: end the stream. */
  closed: boolean;
};

export type Subscription = {
  /** Resolves as soon as something is queued, or with an empty delivery after `timeoutMs`. */
  next(timeoutMs: number): Promise<Delivery>;
  close(): void;
};

/** A process-wide observer of every workspace's changes (caches that must forget what changed). */
export type ChangeWatcher = {
  onChange(event: ChangeEvent): void;
  /** Listening (again): anything notified before is unknown. */
  onListening(): void;
};

export type RealtimeHub = {
  subscribe(tenantId: string): Subscription;
  /** Starts listening if nobody did yet; returns the way to stop watching. */
  watch(watcher: ChangeWatcher): () => void;
  /** Ends every subscription, so open streams finish instead of holding shutdown, and stops listening. */
  close(): Promise<void>;
  subscriberCount(): number;
};

type Subscriber = Subscription & {
  push(event: ChangeEvent): void;
  pushPresence(event: PresenceEvent): void;
  markMissed(): void;
};

/**
 * The process's one LISTEN, fanned out to the open event streams of each workspace. It starts
 * listening with the first subscriber, so a process that never serves a stream holds no connection.
 */
export function createRealtimeHub(options: {
  database: Database;
  log: Logger;
  /** A slow client's backlog beyond this is dropped and replaced by a replay from the database. */
  maxQueued?: number;
  listenerTiming?: Partial<ListenerTiming>;
}): RealtimeHub {
  const { database, log } = options;
  const maxQueued = options.maxQueued ?? 1000;
  const byTenant = new Map<string, Set<Subscriber>>();
  const watchers = new Set<ChangeWatcher>();
  let listener: NotificationListener | undefined;
  let listening = false;
  let closed = false;

  const everySubscriber = () => [...byTenant.values()].flatMap((set) => [...set]);

  const startListening = () =>
    listenForNotifications(database, {
      channel: changeChannel,
      handlers: {
        onNotification(payload) {
          const notification = parseNotification(payload);
          if (!notification) {
            log.warn({ payload: payload.slice(0, 200) }, 'realtime: ignored a malformed notification');
            return;
          }
          // Presence changes nothing: the watchers' caches stay.
          if ('presence' in notification) {
            const { presence } = notification;
            for (const subscriber of byTenant.get(presence.tenantId) ?? []) subscriber.pushPresence(presence);
            return;
          }
          const event = notification.change;
          for (const subscriber of byTenant.get(event.tenantId) ?? []) subscriber.push(event);
          for (const watcher of watchers) watcher.onChange(event);
        },
        onListening() {
          listening = true;
          for (const subscriber of everySubscriber()) subscriber.markMissed();
          for (const watcher of watchers) watcher.onListening();
        },
      },
      log,
      timing: options.listenerTiming,
    });

  const remove = (tenantId: string, subscriber: Subscriber) => {
    const set = byTenant.get(tenantId);
    set?.delete(subscriber);
    if (set?.size === 0) byTenant.delete(tenantId);
  };

  return {
    subscribe(tenantId) {
      const subscriber = createSubscriber(maxQueued, () => remove(tenantId, subscriber));
      if (closed) {
        subscriber.close();
        return subscriber;
      }
      let set = byTenant.get(tenantId);
      if (!set) byTenant.set(tenantId, (set = new Set()));
      set.add(subscriber);
      listener ??= startListening();
      return subscriber;
    },
    watch(watcher) {
      if (closed) return () => {};
      watchers.add(watcher);
      // Already listening for the streams: the watcher starts from here.
      if (listening) watcher.onListening();
      listener ??= startListening();
      return () => watchers.delete(watcher);
    },
    async close() {
      closed = true;
      watchers.clear();
      for (const subscriber of everySubscriber()) subscriber.close();
      await listener?.close();
    },
    subscriberCount: () => everySubscriber().length,
  };
}

function createSubscriber(maxQueued: number, onClose: () => void): Subscriber {
  let events: ChangeEvent[] = [];
  let presence: PresenceEvent[] = [];
  let missed = false;
  let closed = false;
  let wake: (() => void) | undefined;

  return {
    push(event) {
      if (closed) return;
      if (events.length >= maxQueued) {
        events = [];
        missed = true;
      } else {
        events.push(event);
      }
      wake?.();
    },
    pushPresence(event) {
      if (closed) return;
      // Beyond the cap a slow client misses some: the next announcement brings the notice back.
      if (presence.length < maxQueued) presence.push(event);
      wake?.();
    },
    markMissed() {
      missed = true;
      wake?.();
    },
    close() {
      if (closed) return;
      closed = true;
      onClose();
      wake?.();
    },
    async next(timeoutMs) {
      if (events.length === 0 && presence.length === 0 && !missed && !closed) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, timeoutMs);
          function done() {
            clearTimeout(timer);
            wake = undefined;
            resolve();
          }
          wake = done;
        });
      }
      const delivery = { events, presence, missed, closed };
      events = [];
      presence = [];
      missed = false;
      return delivery;
    },
  };
}
