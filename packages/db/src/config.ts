import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseOptions } from './client';

/**
 * The repository root, from this file's location: npm workspace scripts run with the package
 * directory as cwd, so process.cwd() would put data under packages/db.
 */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Where Atrium keeps local state by default: PGlite in `db/`, uploaded files in `files/`. */
export const defaultDataDir = resolve(repoRoot, 'data');

type Env = Record<string, string | undefined>;

/** DATA_DIR, or the default; a relative DATA_DIR is taken from the repository root (see repoRoot). */
export function dataDirFromEnv(env: Env): string {
  const dir = env.DATA_DIR;
  if (!dir) return defaultDataDir;
  return isAbsolute(dir) ? dir : resolve(repoRoot, dir);
}

/** Where PGlite keeps its files inside the data directory. */
export const embeddedDatabaseDir = (dataDir: string) => resolve(dataDir, 'db');

/** DATABASE_URL selects PostgreSQL; without it Atrium runs on PGlite in `<data dir>/db`. */
export function databaseOptionsFromEnv(env: Env): DatabaseOptions {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: embeddedDatabaseDir(dataDirFromEnv(env)) };
}
