import type { Database } from '@atrium/db';
import { createAuth, type Auth } from './auth/auth';
import { resolveAuthSecret } from './auth/auth-secret';
import { createPasswordCheck, type PasswordCheck } from './auth/password-check';
import type { Config } from './config/config';
import { createBackgroundExports, type BackgroundExports } from './exports/background-exports';
import type { Logger } from './logging/logger';
import { createJobs, type Jobs } from './jobs/jobs';
import { createMailer, type Mailer } from './mail/mailer';
import { createMetrics, type Metrics } from './metrics/metrics';
import { registerNightlyCleanup } from './maintenance/nightly-cleanup';
import { createRateLimiter, type RateLimiter } from './rate-limit/rate-limiter';
import { createRealtimeHub, type RealtimeHub } from './realtime/realtime-hub';
import { createWorkspaceMemo, type WorkspaceMemo } from './db/workspace-memo';
import { createSecretBox, keyFor, type SecretBox } from './secrets/secret-box';
import { createLocalFileStorage, type FileStorage } from './storage/file-storage';

/** The services every module uses, built once per process from the validated config. */
export type Platform = {
  config: Config;
  log: Logger;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** Uploaded and generated files (local directory); metadata is in the database. */
  storage: FileStorage;
  /** Encryption for secrets the app reads back, one key per purpose, derived from AUTH_SECRET. */
  secrets: (purpose: string) => SecretBox;
  /** A signing or hashing key for one purpose, derived from AUTH_SECRET. */
  keyFor: (purpose: string) => Buffer;
  /**
   * Background jobs: modules register their queues while the services are built; main starts it
   * after migrations and stops it before the database closes.
   */
  jobs: Jobs;
  /** Exports too big to send as they are made: made in the background, downloaded when ready. */
  exports: BackgroundExports;
  rateLimiter: RateLimiter;
  /** Every route that takes a password checks it through this (throttle, demo switch, deactivation). */
  checkPassword: PasswordCheck;
  /** Change events for open pages; close it before the HTTP server so event streams end. */
  realtime: RealtimeHub;
  /** Whole-workspace aggregates, kept until the workspace changes. */
  workspaceMemo: WorkspaceMemo;
  /** This process's figures for Prometheus (GET /api/metrics when METRICS_TOKEN is set). */
  metrics: Metrics;
  version: string;
  /** The origin users reach the app at: links in mail point here. */
  publicUrl: string;
  /** Origins whose cookie-carrying requests are accepted (CSRF defence). */
  trustedOrigins: string[];
};

export function createPlatform(options: {
  config: Config;
  log: Logger;
  database: Database;
  version: string;
  /** Tests poll for due jobs more often than the production default. */
  jobPolling?: { pollingIntervalSeconds: number; maintenanceIntervalSeconds: number };
}): Platform {
  const { config, log, database, jobPolling } = options;
  const publicUrl = config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`;
  // Same machine, two spellings: both reach the app when no public URL is configured.
  const trustedOrigins = [
    ...new Set([
      new URL(publicUrl).origin,
      `http://localhost:${config.port}`,
      `http://127.0.0.1:${config.port}`,
      ...config.trustedOrigins,
    ]),
  ];
  const metrics = createMetrics(log);
  const realtime = createRealtimeHub({ database, log });
  const rateLimiter = createRateLimiter(database.db);
  const jobs = createJobs({ database, log, ...jobPolling, onFailure: metrics.jobFailed });
  metrics.observe({ database, jobs, realtime });
  const storage = createLocalFileStorage(config.filesDir);
  const authSecret = resolveAuthSecret(config.authSecret, config.database.dataDir);
  registerNightlyCleanup({ db: database.db, jobs, log, storage });
  const mailer = createMailer({
    db: database.db,
    jobs,
    from: config.mail.from,
    smtpUrl: config.mail.smtpUrl,
    storage,
    log,
    deliveries: metrics.mailDeliveries('transactional'),
  });
  return {
    config,
    log,
    database,
    version: options.version,
    jobs,
    publicUrl,
    trustedOrigins,
    auth: createAuth({
      db: database.db,
      secret: authSecret,
      baseURL: publicUrl,
      trustedOrigins,
      trustProxy: config.trustProxy,
      demoLogins: config.demoLogins,
      // Without SMTP a confirmation could not reach anyone: accounts then start signed in at once.
      confirmationMailer: config.mail.smtpUrl ? mailer : undefined,
    }),
    rateLimiter,
    checkPassword: createPasswordCheck({
      db: database.db,
      rateLimiter,
      demoLoginsEnabled: config.demoLogins,
    }),
    mailer,
    storage,
    secrets: (purpose) => createSecretBox(authSecret, purpose),
    keyFor: (purpose) => keyFor(authSecret, purpose),
    exports: createBackgroundExports({
      db: database.db,
      storage,
      log,
      backgroundRows: config.exportBackgroundRows,
    }),
    realtime,
    workspaceMemo: createWorkspaceMemo(realtime),
    metrics,
  };
}
