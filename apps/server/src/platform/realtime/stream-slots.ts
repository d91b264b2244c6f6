export type StreamLimits = {
  /** Open event streams one session may hold: a few tabs. */
  perSession: number;
  /** Open event streams one client address may hold: an office behind one NAT address. */
  perIp: number;
};

export type StreamSlots = {
  /**
   * A slot for a new stream, or why there is none. `release` gives the slot back when the stream
   * ends; calling it again does nothing.
   */
  take(sessionId: string, ip: string): { release(): void } | { refused: 'session' | 'ip' };
  /** Streams held now (tests, metrics). */
  held(): number;
};

/**
 * Issue 17: one session opened 1,380 event streams, each holding a connection, a subscription and a
 * timer. The count is per server process: with several processes behind a load balancer a client
 * may hold this many on each. That still bounds what one client costs any one process, which is
 * what the cap is for, and needs no shared state on the way in and out of every stream.
 */
export function createStreamSlots(limits: StreamLimits): StreamSlots {
  const bySession = new Map<string, number>();
  const byIp = new Map<string, number>();
  let held = 0;

  const add = (counts: Map<string, number>, key: string, delta: number) => {
    const next = (counts.get(key) ?? 0) + delta;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };

  return {
    take(sessionId, ip) {
      if ((bySession.get(sessionId) ?? 0) >= limits.perSession) return { refused: 'session' };
      if ((byIp.get(ip) ?? 0) >= limits.perIp) return { refused: 'ip' };
      add(bySession, sessionId, 1);
      add(byIp, ip, 1);
      held += 1;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          add(bySession, sessionId, -1);
          add(byIp, ip, -1);
          held -= 1;
        },
      };
    },
    held: () => held,
  };
}
