import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import type { Database } from '@atrium/db';
import { openTestDatabase } from '@atrium/db/testing';
import { createApp, createServices, type App, type Services } from '../app';
import { startMailReceiver } from '../modules/helpdesk';
import { loadConfig } from '../platform/config/config';
import { expectDocumentedAnswer } from './api-conformance';
import { createLogger } from '../platform/logging/logger';
import { createPlatform, type Platform } from '../platform/platform';

export type TestServer = {
  baseUrl: string;
  /** The built-in SMTP receiver's port, when INBOUND_SMTP_PORT is given (0 picks a free one). */
  inboundSmtpPort?: number;
  platform: Platform;
  services: Services;
  app: App;
  /**
   * fetch against the server, with the Origin header a browser on the same origin sends. Each answer
   * of /api/v1 is checked against the OpenAPI document (api-conformance.ts).
   */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

/**
 * The real app on a real port and a fresh migrated database (PGlite in memory, or a new database
 * in TEST_DATABASE_URL's PostgreSQL): integration tests speak HTTP to it like any client. Pass
 * `database` to run a second server on the same database (its owner closes it).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    database?: Database;
    /** Runs before the jobs start: a test registers queues of its own here. */
    beforeStart?: (platform: Platform) => void;
    /** The time the services read, for tests of what happens at a chosen instant. */
    now?: () => Date;
  } = {},
): Promise<TestServer> {
  const owned = options.database ? undefined : await openTestDatabase();
  const database = options.database ?? owned!;
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-test-'));
  // The port is taken before the app exists (its PUBLIC_URL names it): a port probed free and
  // listened on later can be taken in between by another test file's socket.
  let handle: App['fetch'] = () => new Response('Starting', { status: 503 });
  const server = createAdaptorServer({ fetch: (request, env) => handle(request, env) });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    { resolveDataDir: (dir) => dir ?? dataDir, webDistDir: join(dataDir, 'web') },
  );
  const log = createLogger({ level: config.logLevel });
  const platform = createPlatform({
    config,
    log,
    database,
    version: 'test',
    jobPolling: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 60 },
  });
  const services = createServices(platform, options.now ? { now: options.now } : {});
  const app = createApp(platform, services);
  handle = app.fetch;
  options.beforeStart?.(platform);
  await platform.jobs.start();
  const inboundSmtp = await startMailReceiver(config, services.helpdesk.mailIn, log);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    ...(inboundSmtp ? { inboundSmtpPort: inboundSmtp.port } : {}),
    platform,
    services,
    app,
    request: async (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('origin')) headers.set('origin', baseUrl);
      const response = await fetch(baseUrl + path, { ...init, headers });
      await expectDocumentedAnswer(init.method ?? 'GET', baseUrl + path, response);
      return response;
    },
    async close() {
      // Open event streams would keep server.close() waiting.
      await platform.realtime.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await inboundSmtp?.close();
      await platform.jobs.stop({ timeoutMs: 5_000 });
      services.marketing.sending.close();
      await owned?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
