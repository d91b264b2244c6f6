import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const defaults = {
  resolveDataDir: (dir: string | undefined) => dir ?? '/srv/atrium/data',
  webDistDir: '/srv/atrium/web',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, defaults);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('starts with no environment at all: embedded database under the data dir, port 3000', () => {
    const config = loadConfig({}, defaults);
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toBe('/srv/atrium/data');
    expect(config.filesDir).toBe('/srv/atrium/data/files');
    expect(config.seedDemo).toBe(true);
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it('names the variable and the bad value when a setting is wrong', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith('PORT="eighty"'))).toBeDefined();
    expect(problems.find((p) => p.startsWith('DATABASE_URL="mysql://x"'))).toMatch(/postgres/);
    expect(problems.find((p) => p.startsWith('SEED_DEMO="maybe"'))).toMatch(/true or false/);
  });

  it('takes a direct PostgreSQL URL only beside DATABASE_URL (a pooler in front, ADR 036)', () => {
    const pooled = loadConfig(
      {
        DATABASE_URL: 'postgres://app@pgbouncer:6432/atrium',
        DATABASE_DIRECT_URL: 'postgres://app@db:5432/atrium',
      },
      defaults,
    );
    expect(pooled.database.directUrl).toBe('postgres://app@db:5432/atrium');
    expect(problemsOf({ DATABASE_DIRECT_URL: 'postgres://app@db:5432/atrium' })).toEqual([
      'DATABASE_DIRECT_URL="postgres://app@db:5432/atrium": set DATABASE_URL too (the pooler\'s address)',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }, defaults).database.url).toBeUndefined();
  });

  it('accepts PostgreSQL, SMTP and a data dir from the environment', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATABASE_URL: 'postgresql://app@db:5432/atrium',
        SMTP_URL: 'smtps://user:pass@mail.example.com',
        DATA_DIR: '/var/lib/atrium',
        SEED_DEMO: 'false',
        TRUSTED_ORIGINS: 'http://localhost:5173, http://127.0.0.1:5173',
      },
      defaults,
    );
    expect(config.port).toBe(8080);
    expect(config.database.url).toBe('postgresql://app@db:5432/atrium');
    expect(config.mail.smtpUrl).toBe('smtps://user:pass@mail.example.com');
    expect(config.filesDir).toBe('/var/lib/atrium/files');
    expect(config.seedDemo).toBe(false);
    expect(config.trustedOrigins).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
  });

  it('takes the inbound mail domain from PUBLIC_URL unless it is set (issue 21)', () => {
    const fromUrl = loadConfig(
      { PUBLIC_URL: 'https://Atrium.Example.com/app', INBOUND_SMTP_PORT: '2525' },
      defaults,
    );
    expect(fromUrl.mail.inbound).toEqual({
      smtpPort: 2525,
      domain: 'atrium.example.com',
      maxBytes: 25 * 1024 * 1024,
    });
    const own = loadConfig(
      { PUBLIC_URL: 'https://atrium.example.com', INBOUND_MAIL_DOMAIN: 'support.example.com' },
      defaults,
    );
    expect(own.mail.inbound.domain).toBe('support.example.com');
    expect(own.mail.inbound.smtpPort).toBeUndefined();
    expect(problemsOf({ INBOUND_MAIL_DOMAIN: 'not a domain' })[0]).toMatch(/^INBOUND_MAIL_DOMAIN=/);
  });

  it('refuses a short AUTH_SECRET', () => {
    expect(problemsOf({ AUTH_SECRET: 'short' })[0]).toMatch(/^AUTH_SECRET=.*32 characters/);
  });

  it('leaves the metrics endpoint off without METRICS_TOKEN, and refuses a guessable or unsendable one', () => {
    expect(loadConfig({}, defaults).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }, defaults).metricsToken).toBe('a'.repeat(16));
    expect(problemsOf({ METRICS_TOKEN: 'short' })[0]).toMatch(/^METRICS_TOKEN=.*16 characters/);
    // It travels as "Authorization: Bearer <token>", which ends at the first space.
    expect(problemsOf({ METRICS_TOKEN: 'sixteen chars or more' })[0]).toMatch(/^METRICS_TOKEN=.*no spaces/);
  });
});
