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

  it('refuses a short AUTH_SECRET', () => {
    expect(problemsOf({ AUTH_SECRET: 'short' })[0]).toMatch(/^AUTH_SECRET=.*32 characters/);
  });
});
