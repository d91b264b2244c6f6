import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { dataDirFromEnv, embeddedDatabaseDir, openDatabase } from '@atrium/db';
import { isWorkspaceSeeded, seedDemo } from '@atrium/db/seed';
import rootPackage from '../../../package.json' with { type: 'json' };
import { createApp, createServices } from './app';
import { startMailReceiver } from './modules/helpdesk';
import { createPlatform } from './platform/platform';
import { ConfigError, loadConfig } from './platform/config/config';
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

  const database = await openDatabase(
    config.database.url
      ? {
          kind: 'postgres',
          url: config.database.url,
          poolSize: config.database.poolSize,
          onIdleConnectionError: (error) => log.warn({ err: error }, 'idle database connection lost'),
        }
      : { kind: 'pglite', dataDir: embeddedDatabaseDir(config.database.dataDir) },
  );
  log.info({ kind: database.kind }, 'database opened; applying migrations');
  await database.migrate();
  if (config.seedDemo && !(await isWorkspaceSeeded(database.db))) {
    log.info('first start: loading the demo workspace "Acme Demo"');
    const result = await seedDemo(database, { scale: 'demo' });
    log.info({ elapsedMs: result.elapsedMs, rows: result.counts }, 'demo workspace loaded');
  }

  let shuttingDown = false;
  const platform = createPlatform({ config, log, database, version: rootPackage.version });
  const services = createServices(platform);
  const app = createApp(platform, services, { isShuttingDown: () => shuttingDown });
  // After the services are built: each module registered its queues while being built.
  await platform.jobs.start();
  await services.marketing.sending.resumeInterrupted();
  const inboundSmtp = await startMailReceiver(config, services.helpdesk.mailIn, log);
  if (config.demoLogins) {
    const created = await services.accounts.ensureDemoLogins();
    if (created > 0) log.info({ created }, 'demo logins ready (password atrium-demo)');
  } else {
    await services.accounts.endDemoSessions();
  }
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
    const force = setTimeout(() => {
      log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    server.close(async (error) => {
      if (error) log.error({ err: error }, 'error while closing the HTTP server');
      await inboundSmtp?.close();
      // A job still running when the time is up is failed, and retried by another process or the
      // next start.
      await platform.jobs.stop({ timeoutMs: config.shutdownTimeoutMs / 2 });
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
  console.error('Atrium failed to start:', error);
  process.exit(1);
});
