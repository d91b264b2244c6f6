// What `npm run backup` and `npm run restore` share with the server: the same environment
// (DATABASE_URL, DATA_DIR, FILES_DIR, AUTH_SECRET; see platform/config/config.ts) and the same
// database, opened the way main.ts opens it.
import { join, resolve } from 'node:path';
import { dataDirFromEnv, embeddedDatabaseDir, type Database } from '@atrium/db';
import { BackupError } from '@atrium/db/backup';
import { ConfigError, loadConfig, type Config } from '../platform/config/config';
import { openConfiguredDatabase } from '../platform/config/open-database';

export type Environment = {
  config: Config;
  database: Database;
  /** Where a generated AUTH_SECRET is kept; undefined when AUTH_SECRET is set. */
  authSecretFile: string | undefined;
  describe: string;
};

/** The FILE argument, relative to where `npm run` was typed (npm runs scripts from the root). */
export function fileArgument(usage: string): string {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

export async function openEnvironment(): Promise<Environment> {
  let config: Config;
  try {
    config = loadConfig(process.env, {
      resolveDataDir: (dir) => dataDirFromEnv({ DATA_DIR: dir }),
      webDistDir: '',
    });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 78);
    throw error;
  }
  const authSecretFile = config.authSecret ? undefined : join(config.database.dataDir, 'auth-secret');
  if (config.database.url) {
    const database = await openConfiguredDatabase(config, { poolSize: 2 });
    if (!(await database.ping())) {
      await database.close();
      fail(`cannot connect to the PostgreSQL database at DATABASE_URL (${redact(config.database.url)})`);
    }
    return { config, database, authSecretFile, describe: `PostgreSQL (${redact(config.database.url)})` };
  }
  const dir = embeddedDatabaseDir(config.database.dataDir);
  // PGlite is a database inside one process and takes no lock a second one would see: a server
  // still running on it would go on writing underneath the backup or the restore.
  if (await serverAnswers(config.port)) {
    fail(
      `an Atrium server answers on port ${config.port}: stop it first. The embedded database (${dir}) can only be used by one process at a time.`,
    );
  }
  try {
    const database = await openConfiguredDatabase(config);
    return { config, database, authSecretFile, describe: `the embedded database in ${dir}` };
  } catch (error) {
    fail(
      `cannot open the embedded database in ${dir} (${error instanceof Error ? error.message : String(error)}). Is the server still running? Stop it first: only one process can use it.`,
    );
  }
}

export async function run(work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    if (error instanceof BackupError) fail(error.message);
    throw error;
  }
}

export function fail(message: string, code = 1): never {
  console.error(`error: ${message}`);
  process.exit(code);
}

async function serverAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(1000),
    });
    return response.status === 200 || response.status === 503;
  } catch {
    return false;
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
