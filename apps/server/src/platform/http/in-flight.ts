import type { MiddlewareHandler } from 'hono';

export type InFlightRequests = {
  /** Counts each request from its first middleware until its handler has returned. */
  middleware: MiddlewareHandler;
  count(): number;
  /** Resolves true once no handler runs, or false when `timeoutMs` passed first. */
  drained(timeoutMs: number): Promise<boolean>;
};

/**
 * The requests whose handlers are still running. Shutdown waits for them before it closes the
 * database: a client that disconnects closes its connection (so the HTTP server counts it done)
 * while its handler may still be writing.
 */
export function trackInFlightRequests(): InFlightRequests {
  let running = 0;
  let idle: (() => void)[] = [];
  return {
    middleware: async (_c, next) => {
      running += 1;
      try {
        await next();
      } finally {
        running -= 1;
        if (running === 0) for (const resolve of idle.splice(0)) resolve();
      }
    },
    count: () => running,
    drained(timeoutMs) {
      if (running === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          idle = idle.filter((waiter) => waiter !== done);
          resolve(false);
        }, timeoutMs);
        idle.push(done);
      });
    },
  };
}
