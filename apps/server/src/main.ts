import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { dataDirFromEnv, PoolerWithoutDirectUrlError } from '@atrium/db';
import { isWorkspaceSeeded, seedDemo } from '@atrium/db/seed';
import rootPackage from '../../../package.json' with { type: 'json' };
import { createApp, createServices } from './app';
import { startMailReceiver } from './modules/helpdesk';
import { trackInFlightRequests } from './platform/http/in-flight';
import { createPlatform } from './platform/platform';
import { ConfigError, loadConfig } from './platform/config/config';
import { openConfiguredDatabase } from './platform/config/open-database';
import { createLogger } from './platform/logging/logger';

async function main() {
  let config;
  try {
    config = loadConfig(process.env, {
      resolveDataDir: (dir) => dataDirFromEnv({ DATA_DIR: dir }),
      webDistDir: fileURLToPath(new URL('../../web/dist', import.meta.url)),
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const log = createLogger({ level: config.logLevel });

  const database = await openConfiguredDatabase(config, {
    onIdleConnectionError: (error) => log.warn({ err: error }, 'idle database connection lost'),
  });
  log.info({ kind: database.kind }, 'database opened; applying migrations');
  // Server processes started together on one database take turns at setting it up: the migrations,
  // the demo workspace, the job queues and the demo logins each ran into the others otherwise.
  await database.exclusively('start-up', async () => {
    await database.migrate();
    if (config.seedDemo && !(await isWorkspaceSeeded(database.db))) {
      log.info('first start: loading the demo workspace "Acme Demo"');
      const result = await seedDemo(database, { scale: 'demo' });
      log.info({ elapsedMs: result.elapsedMs, rows: result.counts }, 'demo workspace loaded');
    }
  });

  let shuttingDown = false;
  const platform = createPlatform({ config, log, database, version: rootPackage.version });
  const services = createServices(platform);
  const inFlight = trackInFlightRequests();
  const app = createApp(platform, services, { isShuttingDown: () => shuttingDown, inFlight });
  await database.exclusively('start-up', async () => {
    // After the services are built: each module registered its queues while being built.
    await platform.jobs.start();
    if (config.demoLogins) {
      const created = await services.accounts.ensureDemoLogins();
      if (created > 0) log.info({ created }, 'demo logins ready (password atrium-demo)');
    } else {
      await services.accounts.endDemoSessions();
    }
  });
  await services.marketing.sending.resumeInterrupted();
  const inboundSmtp = await startMailReceiver(config, services.helpdesk.mailIn, log);
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    log.info(
      { port: info.port, url: config.publicUrl ?? `http://localhost:${info.port}` },
      'Atrium is listening',
    );
  });
  // Node closes an idle keep-alive connection after 5 s, racing a client's next request on it,
  // which then fails with a connection reset; clients and proxies expect about a minute.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 65_000;

  // Stop accepting, let in-flight requests finish (so every acknowledged write is committed), then
  // close the database last: PGlite flushes to disk on close.
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down: draining in-flight requests');
    // Requests and jobs share one budget; closing the database after it gets a few seconds more.
    const deadline = Date.now() + config.shutdownTimeoutMs;
    const remaining = () => Math.max(deadline - Date.now(), 0);
    const force = setTimeout(() => {
      log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5_000);
    force.unref();
    server.close(async (error) => {
      if (error) log.error({ err: error }, 'error while closing the HTTP server');
      // Every connection is closed, but a handler whose client went away may still be running.
      if (inFlight.count() > 0) {
        log.info({ requests: inFlight.count() }, 'waiting for handlers still running');
        if (!(await inFlight.drained(remaining()))) {
          log.error({ requests: inFlight.count() }, 'handlers still running at the shutdown timeout');
        }
      }
      await inboundSmtp?.close();
      // Jobs ran on meanwhile; one still running after half the budget (pg-boss's stop takes a while
      // past its own timeout) is failed, and retried by another process or the next start.
      await platform.jobs.stop({
        timeoutMs: Math.max(Math.min(remaining(), config.shutdownTimeoutMs / 2), 1_000),
      });
      services.marketing.sending.close();
      await database.close();
      log.info('shutdown complete');
      process.exit(0);
    });
    // A connection still answering a request stays open for keep-alive once answered: close each
    // as it turns idle, or the server would wait out the keep-alive timeout. Event streams never
    // finish on their own: end them, and browsers reconnect (to another process) with their
    // Last-Event-ID.
    const closeIdleConnections = () => {
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    };
    closeIdleConnections();
    setInterval(closeIdleConnections, 100).unref();
    void platform.realtime.close().then(closeIdleConnections);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof PoolerWithoutDirectUrlError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG, as for an invalid environment
  }
  console.error('Atrium failed to start:', error);
  process.exit(1);
});
