import type { Database } from '@atrium/db';
import type { Logger } from '../logging/logger';

export type NotificationHandlers = {
  onNotification(payload: string): void;
  /**
   * Runs each time LISTEN takes effect, the first time and after every reconnect: whatever was
   * notified while nobody listened is gone, and only the database can tell what it was.
   */
  onListening(): void;
};

export type NotificationListener = { close(): Promise<void> };

export type ListenerTiming = {
  /** First reconnect delay; it doubles up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
  /** How often the idle connection is probed: a half-open TCP connection would otherwise go unnoticed for hours. */
  probeEveryMs: number;
  probeTimeoutMs: number;
};

const defaultTiming: ListenerTiming = {
  retryMs: 500,
  maxRetryMs: 15_000,
  probeEveryMs: 30_000,
  probeTimeoutMs: 10_000,
};

/** What to listen to, and who hears of it. */
type Listen = { channel: string; handlers: NotificationHandlers; log: Logger };

/** One LISTEN for the whole process, on whichever database it runs. */
export function listenForNotifications(
  database: Database,
  listen: Listen & { timing?: Partial<ListenerTiming> | undefined },
): NotificationListener {
  if (database.pglite) return listenOnPglite(database.pglite, listen);
  if (database.dedicatedClient) {
    return listenOnPostgres(database.dedicatedClient, {
      ...listen,
      timing: { ...defaultTiming, ...listen.timing },
    });
  }
  throw new Error(`realtime: no way to LISTEN on a ${database.kind} database`);
}

type Pglite = NonNullable<Database['pglite']>;

// PGlite is in-process: its notifications reach only this process, which is all there is.
function listenOnPglite(pglite: Pglite, { channel, handlers, log }: Listen): NotificationListener {
  const unlisten = pglite.listen(channel, handlers.onNotification).then(
    (stop) => {
      handlers.onListening();
      return stop;
    },
    (error: unknown) => {
      log.error({ err: error }, 'realtime: LISTEN failed on the embedded database');
      return undefined;
    },
  );
  return {
    async close() {
      const stop = await unlisten;
      if (!pglite.closed) await stop?.().catch(() => undefined);
    },
  };
}

type PgClient = ReturnType<NonNullable<Database['dedicatedClient']>>;

function listenOnPostgres(
  newClient: () => PgClient,
  { channel, handlers, log, timing }: Listen & { timing: ListenerTiming },
): NotificationListener {
  let client: PgClient | undefined;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let probeTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const next = newClient();
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined)
        handlers.onNotification(message.payload);
    });
    next.on('error', (error) => dropAndRetry(next, error));
    next.on('end', () => dropAndRetry(next, new Error('connection ended')));
    try {
      await next.connect();
      await next.query(`listen "${channel}"`);
    } catch (error) {
      dropAndRetry(next, error);
      return;
    }
    if (client !== next) return;
    if (failures > 0) log.info({ after: failures }, 'realtime: listening again');
    failures = 0;
    handlers.onListening();
    probeTimer = setInterval(() => void probe(next), timing.probeEveryMs);
    probeTimer.unref();
  };

  const probe = async (current: PgClient) => {
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error('probe timed out')), timing.probeTimeoutMs);
    });
    try {
      await Promise.race([current.query('select 1'), timedOut]);
    } catch (error) {
      dropAndRetry(current, error);
    } finally {
      clearTimeout(timeout);
    }
  };

  // Called for every failure signal of a client; only the first one for the current client counts.
  const dropAndRetry = (failed: PgClient, error: unknown) => {
    if (closed || failed !== client) return;
    client = undefined;
    clearInterval(probeTimer);
    failed.removeAllListeners('notification');
    failed.on('error', () => undefined);
    void failed.end().catch(() => undefined);
    const delay = Math.min(timing.retryMs * 2 ** failures, timing.maxRetryMs);
    failures += 1;
    log.warn({ err: error, retryInMs: delay }, 'realtime: LISTEN connection lost; reconnecting');
    retryTimer = setTimeout(() => void connect(), delay);
    retryTimer.unref();
  };

  void connect();

  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(probeTimer);
      const current = client;
      client = undefined;
      if (current) {
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
