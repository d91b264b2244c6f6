import { embeddedDatabaseDir, openDatabase, type Database } from '@atrium/db';
import type { Config } from './config';

/**
 * The database the configuration names: PostgreSQL at DATABASE_URL (through a pooler when
 * DATABASE_DIRECT_URL is set too), or the embedded one in DATA_DIR. The server and the backup
 * tools open it the same way.
 */
export function openConfiguredDatabase(
  config: Config,
  options: { poolSize?: number; onIdleConnectionError?: (error: Error) => void } = {},
): Promise<Database> {
  const { url, directUrl, poolSize, dataDir } = config.database;
  return url
    ? openDatabase({
        kind: 'postgres',
        url,
        poolSize: options.poolSize ?? poolSize,
        ...(directUrl && { directUrl }),
        ...(options.onIdleConnectionError && { onIdleConnectionError: options.onIdleConnectionError }),
      })
    : openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
}
