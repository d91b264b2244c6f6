import type { Presence } from './presence';

/** One `change` message of GET /api/v1/events: which record changed, not how. */
export type Change = { entityType: string; entityId: string; action: string };

/** The part of EventSource used here (an `error` event carries no data and is not read). */
export type EventSourceLike = {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
};

export type ChangeStreamOptions = {
  url: string;
  onChange(change: Change): void;
  /**
   * The stream was interrupted (or the server lost track of it): changes may have been missed beyond
   * what the server replays, so whatever is on screen should be reloaded.
   */
  onResync(): void;
  /** Who is doing what on a record right now; never replayed, so a lost one is simply gone. */
  onPresence?(presence: Presence): void;
  createEventSource?: (url: string) => EventSourceLike;
  /** Delays before opening a new connection when the browser gives up on one (401, 502 ...). */
  retryDelaysMs?: readonly number[];
};

/** Replays repeat a few changes already seen; this many of the latest ids are remembered. */
const rememberedIds = 1_000;

/** EventSource.CLOSED, without needing the global where there is none. */
const closedState = 2;

/**
 * Follows the workspace's change stream. The browser reconnects by itself after a dropped
 * connection, sending the last event id so the server replays what was missed; when it gives up
 * (an error answer, say during a deploy) a new connection resumes from the same id.
 */
export function connectChangeStream(options: ChangeStreamOptions): { close(): void } {
  const createEventSource = options.createEventSource ?? ((url: string) => new EventSource(url));
  const retryDelaysMs = options.retryDelaysMs ?? [1_000, 2_000, 5_000, 10_000, 30_000];
  const seen = new Set<string>();
  let lastEventId = '';
  let connectedBefore = false;
  let reconnectAnnounced = false;
  let failures = 0;
  let source: EventSourceLike | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const remember = (id: string) => {
    lastEventId = id;
    seen.add(id);
    if (seen.size > rememberedIds) seen.delete(seen.values().next().value!);
  };

  const open = () => {
    const url = lastEventId
      ? `${options.url}?${new URLSearchParams({ lastEventId }).toString()}`
      : options.url;
    const current = createEventSource(url);
    source = current;

    current.addEventListener('ready', (event) => {
      failures = 0;
      if (event.lastEventId) lastEventId = event.lastEventId;
      if (connectedBefore && !reconnectAnnounced) options.onResync();
      connectedBefore = true;
      reconnectAnnounced = false;
    });
    // The server ends the connection on purpose and will replay everything from here on.
    current.addEventListener('reconnect', (event) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      reconnectAnnounced = true;
    });
    current.addEventListener('change', (event) => {
      if (event.lastEventId) {
        if (seen.has(event.lastEventId)) return;
        remember(event.lastEventId);
      }
      try {
        options.onChange(JSON.parse(event.data) as Change);
      } catch {
        options.onResync();
      }
    });
    current.addEventListener('presence', (event) => {
      try {
        options.onPresence?.(JSON.parse(event.data) as Presence);
      } catch {
        // A notice fewer; nothing on screen is stale for it.
      }
    });
    current.addEventListener('resync', (event) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      options.onResync();
    });
    current.addEventListener('error', () => {
      // CONNECTING: the browser is already retrying. CLOSED: it gave up, so open a new connection.
      if (closed || current.readyState !== closedState) return;
      reconnectAnnounced = false;
      current.close();
      const delay = retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)]!;
      failures += 1;
      retryTimer = setTimeout(open, delay);
    });
  };

  open();
  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      source?.close();
    },
  };
}
