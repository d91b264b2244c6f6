import { join } from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const postgresUrl = z
  .url({ message: 'must be a postgres:// or postgresql:// URL' })
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** The address users reach the app at; decides cookie security and HSTS. */
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://atrium.example.com' }).optional(),
  /** When set, PostgreSQL; otherwise the embedded PGlite under DATA_DIR. */
  DATABASE_URL: postgresUrl.optional(),
  /**
   * PostgreSQL itself, when DATABASE_URL goes through a transaction pooler such as PgBouncer: the
   * realtime LISTEN and migrations connect here (ADR 036).
   */
  DATABASE_DIRECT_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).optional(),
  FILES_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** When set, mail goes out over SMTP; otherwise it stays in the outbox table. */
  SMTP_URL: z
    .url({ message: 'must be an smtp:// or smtps:// URL' })
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Atrium <no-reply@atrium.local>'),
  /**
   * When set, a built-in SMTP receiver listens on this port for mail to the help desk's inbound
   * addresses, <workspace slug>@<INBOUND_MAIL_DOMAIN> (issue 21).
   */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** The domain of the inbound addresses; defaults to the host name of PUBLIC_URL. */
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a domain name such as support.example.com')
    .optional(),
  /** The largest inbound message the receiver takes; a larger one is refused (SMTP 552). */
  INBOUND_MAIL_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  /**
   * How long a process sending a campaign holds the messages it claimed. After a crash the
   * campaign goes on at the next start; the messages the stopped process held are settled (as
   * unconfirmed, never sent twice) once this has passed.
   */
  CAMPAIGN_CLAIM_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  /** How long a notification email waits to take in the other notifications of the moment. */
  NOTIFICATION_EMAIL_DELAY_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Exports of more rows than this are made in the background and downloaded when ready. */
  EXPORT_BACKGROUND_ROWS: z.coerce.number().int().min(0).default(5_000),
  /** Load the "Acme Demo" workspace into an empty database at start-up. */
  SEED_DEMO: booleanFromEnv.default(true),
  /** The demo workspace's one-login-per-role accounts; turn off on a real deployment. */
  DEMO_LOGINS: booleanFromEnv.default(true),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Trust X-Forwarded-Proto / X-Forwarded-For from a reverse proxy in front of the app. */
  TRUST_PROXY: booleanFromEnv.default(false),
  /**
   * Open event streams (GET /api/v1/events) one session, and one client address, may hold on one
   * server process. Behind a proxy, set TRUST_PROXY too, or every client counts as the proxy.
   */
  EVENT_STREAMS_PER_SESSION: z.coerce.number().int().min(1).default(5),
  EVENT_STREAMS_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Requests one API token may make per minute, across all server processes (429 beyond). */
  API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Signs session cookies; generated and kept in DATA_DIR when unset. Share it across processes. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Comma-separated extra origins allowed to call the API with cookies, e.g. a dev server. */
  TRUSTED_ORIGINS: z.string().optional(),
  /** Turns on GET /api/metrics (Prometheus), for requests bearing this token; off when unset. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^\S+$/, 'must have no spaces')
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string | undefined;
  database: { url: string | undefined; directUrl: string | undefined; poolSize: number; dataDir: string };
  filesDir: string;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  mail: {
    smtpUrl: string | undefined;
    from: string;
    notificationDelaySeconds: number;
    campaignClaimSeconds: number;
    inbound: { smtpPort: number | undefined; domain: string; maxBytes: number };
  };
  exportBackgroundRows: number;
  seedDemo: boolean;
  demoLogins: boolean;
  bodyLimitBytes: number;
  shutdownTimeoutMs: number;
  trustProxy: boolean;
  eventStreams: { perSession: number; perIp: number };
  apiTokenRequestsPerMinute: number;
  webDistDir: string;
  authSecret: string | undefined;
  trustedOrigins: string[];
  metricsToken: string | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type ConfigDefaults = {
  /** Turns DATA_DIR (possibly unset or relative) into the absolute data directory. */
  resolveDataDir: (dir: string | undefined) => string;
  webDistDir: string;
};

/** Reads and validates the environment once, at boot; a bad value stops start-up naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv, defaults: ConfigDefaults): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const value = parsed.data;
  if (value.DATABASE_DIRECT_URL && !value.DATABASE_URL) {
    throw new ConfigError([
      `DATABASE_DIRECT_URL=${JSON.stringify(env.DATABASE_DIRECT_URL)}: set DATABASE_URL too (the pooler's address)`,
    ]);
  }
  const dataDir = defaults.resolveDataDir(value.DATA_DIR);
  return {
    env: value.NODE_ENV,
    host: value.HOST,
    port: value.PORT,
    publicUrl: value.PUBLIC_URL,
    database: {
      url: value.DATABASE_URL,
      directUrl: value.DATABASE_DIRECT_URL,
      poolSize: value.DATABASE_POOL_SIZE,
      dataDir,
    },
    filesDir: value.FILES_DIR ?? join(dataDir, 'files'),
    logLevel: value.LOG_LEVEL,
    mail: {
      smtpUrl: value.SMTP_URL,
      from: value.MAIL_FROM,
      notificationDelaySeconds: value.NOTIFICATION_EMAIL_DELAY_SECONDS,
      campaignClaimSeconds: value.CAMPAIGN_CLAIM_SECONDS,
      inbound: {
        smtpPort: value.INBOUND_SMTP_PORT,
        domain: (
          value.INBOUND_MAIL_DOMAIN ?? (value.PUBLIC_URL ? new URL(value.PUBLIC_URL).hostname : 'localhost')
        ).toLowerCase(),
        maxBytes: value.INBOUND_MAIL_MAX_BYTES,
      },
    },
    exportBackgroundRows: value.EXPORT_BACKGROUND_ROWS,
    seedDemo: value.SEED_DEMO,
    demoLogins: value.DEMO_LOGINS,
    bodyLimitBytes: value.BODY_LIMIT_BYTES,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
    trustProxy: value.TRUST_PROXY,
    eventStreams: { perSession: value.EVENT_STREAMS_PER_SESSION, perIp: value.EVENT_STREAMS_PER_IP },
    apiTokenRequestsPerMinute: value.API_TOKEN_REQUESTS_PER_MINUTE,
    webDistDir: value.WEB_DIST_DIR ?? defaults.webDistDir,
    authSecret: value.AUTH_SECRET,
    trustedOrigins: (value.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    metricsToken: value.METRICS_TOKEN,
  };
}
