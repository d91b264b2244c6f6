import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, PoolUse } from '@atrium/db';
import type { AppEnv } from '../http/app-env';
import type { Jobs } from '../jobs/jobs';
import type { Logger } from '../logging/logger';
import type { DeliveryCounter } from '../mail/mailer';
import type { RealtimeHub } from '../realtime/realtime-hub';

/** Mail through the mailer (notifications, help desk, invitations, test sends) or a campaign's own pool. */
export type MailKind = 'transactional' | 'campaign';

export type Metrics = {
  /** This process's figures, in Prometheus' text format at GET /api/metrics. */
  registry: Registry;
  /** Counts and times every request by method, route pattern and status. */
  http: MiddlewareHandler<AppEnv>;
  mailDeliveries(kind: MailKind): DeliveryCounter;
  jobFailed(queue: string): void;
  /** Gauges read, at each scrape, from the services that keep the figures. */
  observe(sources: { database: Database; jobs: Jobs; realtime: RealtimeHub }): void;
};

/** The label of requests no route pattern answered (unknown paths, missing files): one, not one per path. */
export const unmatchedRoute = 'unmatched';

/**
 * One registry per platform, never prom-client's global one: tests build several apps in one
 * process, and each must count only its own requests.
 */
export function createMetrics(log: Logger): Metrics {
  const registry = new Registry();
  const registers = [registry];
  // Process memory, CPU, event-loop delay, garbage collection, handles.
  collectDefaultMetrics({ register: registry });

  const httpLabels = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'atrium_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: httpLabels,
    registers,
  });
  const duration = new Histogram({
    name: 'atrium_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to the response headers for streams), by method, route pattern and status',
    labelNames: httpLabels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const mailSent = new Counter({
    name: 'atrium_mail_sent_total',
    help: 'Messages an SMTP server accepted, by kind (transactional, campaign)',
    labelNames: ['kind'] as const,
    registers,
  });
  const mailFailed = new Counter({
    name: 'atrium_mail_failed_total',
    help: 'Delivery attempts the SMTP server refused or that did not reach it, by kind (transactional, campaign)',
    labelNames: ['kind'] as const,
    registers,
  });
  const jobFailures = new Counter({
    name: 'atrium_job_failures_total',
    help: 'Job runs that failed on this process (each is retried until its queue gives up), by queue',
    labelNames: ['queue'] as const,
    registers,
  });

  /** The pattern the request matched (e.g. /api/v1/projects/:id), so the label set stays small. */
  const routeOf = (c: Context<AppEnv>) => {
    const path = routePath(c);
    // Nothing but middleware ran (the not-found answer), or a catch-all said not found.
    return c.res.status === 404 && (path === '' || path.endsWith('*')) ? unmatchedRoute : path;
  };

  return {
    registry,
    async http(c, next) {
      const started = performance.now();
      await next();
      const labels = { method: c.req.method, route: routeOf(c), status: String(c.res.status) };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    },
    mailDeliveries: (kind) => ({
      sent: () => mailSent.inc({ kind }),
      failed: () => mailFailed.inc({ kind }),
    }),
    jobFailed: (queue) => jobFailures.inc({ queue }),
    observe({ database, jobs, realtime }) {
      new Gauge({
        name: 'atrium_event_streams',
        help: 'Event streams (GET /api/v1/events) open on this process',
        registers,
        collect() {
          this.set(realtime.subscriberCount());
        },
      });
      new Gauge({
        name: 'atrium_jobs',
        help: 'Jobs per queue and state (created and retry are waiting, active running, failed kept a week)',
        labelNames: ['queue', 'state'] as const,
        registers,
        async collect() {
          this.reset();
          try {
            for (const { queue, state, count } of await jobs.queueCounts()) this.set({ queue, state }, count);
          } catch (error) {
            // The rest of the figures still go out; the missing series tell the story.
            log.warn({ err: error }, 'metrics: job counts unavailable');
          }
        },
      });
      new Gauge({
        name: 'atrium_database_info',
        help: 'The database this process uses: postgres, or the embedded pglite',
        labelNames: ['kind'] as const,
        registers,
      }).set({ kind: database.kind }, 1);
      const { poolUse } = database;
      if (!poolUse) return;
      const poolGauge = (name: string, help: string, read: (use: PoolUse) => number) =>
        new Gauge({
          name,
          help,
          labelNames: ['pool'] as const,
          registers,
          collect() {
            for (const use of poolUse()) this.set({ pool: use.pool }, read(use));
          },
        });
      poolGauge('atrium_db_pool_max_connections', 'Connections the pool may open', (use) => use.max);
      poolGauge('atrium_db_pool_connections', 'Connections open, busy or idle', (use) => use.total);
      poolGauge('atrium_db_pool_idle_connections', 'Open connections not in use', (use) => use.idle);
      poolGauge(
        'atrium_db_pool_waiting_queries',
        'Queries waiting for a free connection',
        (use) => use.waiting,
      );
    },
  };
}
