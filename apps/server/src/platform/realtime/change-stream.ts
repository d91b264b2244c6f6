import type { EntryReader } from '../activity/activity-audience';
import type { ChangeEvent, PresenceEvent } from './change-event';
import {
  cursorOf,
  decodeChangeCursor,
  encodeChangeCursor,
  isAfter,
  type ChangeCursor,
  type ChangeFeed,
} from './change-feed.service';
import type { RealtimeHub } from './realtime-hub';

/**
 * The messages of GET /api/v1/events. `ready` opens every connection; `change` names a changed
 * record; `resync` says changes were missed beyond replay, so everything shown should be reloaded;
 * `reconnect` says the server ends this connection on purpose (lifetime, shutdown) and the replay on
 * reconnecting will be complete. Each carries an `id` the browser sends back as Last-Event-ID.
 * `presence` says who is doing what on a record right now (replying to a ticket); its `id` is the
 * stream's position as it stands, since presence is never replayed.
 */
export type StreamMessage = {
  event: 'ready' | 'change' | 'resync' | 'reconnect' | 'presence';
  id: string;
  data: string;
  retry?: number;
};

export type StreamSink = {
  send(message: StreamMessage): Promise<void>;
  /** An SSE comment: keeps proxies and load balancers from closing an idle connection. */
  comment(text: string): Promise<void>;
};

export type StreamTiming = {
  heartbeatMs: number;
  /**
   * Streams end after this long (plus jitter) and the browser reconnects with its Last-Event-ID: a
   * role change or removed membership then takes effect, and connections spread over new processes.
   */
  lifetimeMs: number;
  /** The browser's reconnect delay, sent in the first message. */
  reconnectDelayMs: number;
};

export const defaultStreamTiming: StreamTiming = {
  heartbeatMs: 20_000,
  lifetimeMs: 5 * 60_000,
  reconnectDelayMs: 1_000,
};

/** Enough to recognise every id inside one replay window plus what arrives live meanwhile. */
const rememberedIds = 2_000;

export async function runChangeStream(options: {
  hub: RealtimeHub;
  feed: ChangeFeed;
  /** Whose stream it is: they hear of the changes the activity feed would show them (issue 17). */
  reader: EntryReader;
  lastEventId: string | undefined;
  sink: StreamSink;
  signal: AbortSignal;
  timing?: Partial<StreamTiming>;
}): Promise<void> {
  const { hub, feed, reader, sink, signal } = options;
  const timing = { ...defaultStreamTiming, ...options.timing };
  // Subscribe before reading the starting point, so nothing committed in between slips through.
  const subscription = hub.subscribe(reader.tenantId);
  const stop = () => subscription.close();
  signal.addEventListener('abort', stop, { once: true });

  const sent = new Set<string>();
  const resumeFrom = decodeChangeCursor(options.lastEventId);
  let position: ChangeCursor = resumeFrom ?? { occurredAt: new Date(0), id: '' };

  const advance = (cursor: ChangeCursor) => {
    if (isAfter(cursor, position)) position = cursor;
  };

  /** `audible`: the events already known to be for this reader (a replay asks the database for those only). */
  const sendChanges = async (events: readonly ChangeEvent[], audible?: ReadonlySet<string>) => {
    const unsent = events.filter((event) => !sent.has(event.id) && event.id !== resumeFrom?.id);
    audible ??= await feed.audibleIds(reader, unsent);
    for (const event of events) {
      const cursor = cursorOf(event);
      advance(cursor);
      if (sent.has(event.id) || event.id === resumeFrom?.id) continue;
      sent.add(event.id);
      if (sent.size > rememberedIds) sent.delete(sent.values().next().value!);
      if (!audible.has(event.id)) continue;
      await sink.send({
        event: 'change',
        id: encodeChangeCursor(cursor),
        data: JSON.stringify({
          entityType: event.entityType,
          entityId: event.entityId,
          action: event.action,
        }),
      });
    }
  };

  /**
   * Only to those who see every entry of the record's kind: deciding for a kind seen under a
   * condition would take an entry, and presence leaves none.
   */
  const sendPresence = async (events: readonly PresenceEvent[]) => {
    for (const event of events) {
      if (reader.sees(event.entityType) !== 'all') continue;
      await sink.send({
        event: 'presence',
        id: encodeChangeCursor(position),
        data: JSON.stringify({
          entityType: event.entityType,
          entityId: event.entityId,
          action: event.action,
          userId: event.userId,
          name: event.name,
        }),
      });
    }
  };

  const replay = async () => {
    const result = await feed.replaySince(reader, position);
    if ('tooMany' in result) {
      advance(result.latest);
      await sink.send({ event: 'resync', id: encodeChangeCursor(position), data: '{}' });
      return;
    }
    await sendChanges(result.events, new Set(result.events.map((event) => event.id)));
  };

  try {
    if (!resumeFrom) position = await feed.latestCursor(reader.tenantId);
    await sink.send({
      event: 'ready',
      id: encodeChangeCursor(position),
      data: '{}',
      retry: timing.reconnectDelayMs,
    });
    if (resumeFrom) await replay();
    else if (options.lastEventId)
      await sink.send({ event: 'resync', id: encodeChangeCursor(position), data: '{}' });

    const endAt = Date.now() + timing.lifetimeMs + Math.random() * timing.lifetimeMs * 0.2;
    while (!signal.aborted) {
      const remaining = endAt - Date.now();
      if (remaining <= 0) break;
      const delivery = await subscription.next(Math.min(timing.heartbeatMs, remaining));
      if (delivery.closed) break;
      if (delivery.missed) await replay();
      // Presence first: "replying" announced just before the reply itself must not outlive it.
      await sendPresence(delivery.presence);
      await sendChanges(delivery.events);
      if (!delivery.missed && delivery.events.length === 0 && delivery.presence.length === 0)
        await sink.comment('keep-alive');
    }
    if (!signal.aborted)
      await sink.send({ event: 'reconnect', id: encodeChangeCursor(position), data: '{}' });
  } finally {
    signal.removeEventListener('abort', stop);
    subscription.close();
  }
}
