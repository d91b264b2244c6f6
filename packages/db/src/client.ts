import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';
import { prepareStatementsOn } from './prepared';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseOptions =
  /** PostgreSQL via node-postgres; `url` is a postgres:// connection string. */
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** An idle connection dropped by the server (restart, failover); the pool replaces it. */
      onIdleConnectionError?: (error: Error) => void;
    }
  /**
   * Embedded PGlite; `dataDir` on disk, or `memory://` for tests, optionally starting from a data
   * directory's tarball (`loadDataDir`) instead of an empty one.
   */
  | { kind: 'pglite'; dataDir: string; loadDataDir?: Blob };

export type Database = {
  db: Db;
  kind: DatabaseOptions['kind'];
  /** Applies every pending migration; safe to call on every start. */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Closes the pool or flushes and closes PGlite; call once, after the last query. */
  close(): Promise<void>;
  /** The raw PGlite instance (for COPY and LISTEN), when kind is 'pglite'. */
  pglite?: PGlite;
  /** The raw pool (for COPY), when kind is 'postgres'. */
  pool?: pg.Pool;
  /**
   * A new, unconnected client outside the pool, when kind is 'postgres': LISTEN holds its
   * connection for the life of the process, which a pooled connection must not.
   */
  dedicatedClient?: () => pg.Client;
};

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const openPool = (settings?: string) => {
      const pool = new pg.Pool({
        connectionString: options.url,
        max: options.poolSize ?? 10,
        options: settings,
      });
      // Without a listener, an idle client's error is an unhandled 'error' event and ends the process.
      pool.on(
        'error',
        options.onIdleConnectionError ?? ((error) => console.error('idle database connection lost:', error)),
      );
      return pool;
    };
    const pool = openPool();
    // Named statements have a fixed shape, so one plan serves every call. PostgreSQL's automatic
    // choice kept re-planning the board on every call (0.78 ms of its 2 ms); forcing the generic
    // plan cannot go on the main pool, where it would also bind each one-off statement to a plan
    // made without its values.
    const preparedPool = openPool('-c plan_cache_mode=force_generic_plan');
    const db = drizzlePostgres({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    prepareStatementsOn(
      db,
      drizzlePostgres({ client: preparedPool, schema, casing: 'snake_case' }) as unknown as Db,
    );
    return {
      db,
      kind: 'postgres',
      pool,
      dedicatedClient: () => new pg.Client({ connectionString: options.url, keepAlive: true }),
      migrate: () =>
        migratePostgres(drizzlePostgres({ client: pool, schema, casing: 'snake_case' }), {
          migrationsFolder,
        }),
      ping: () => ping(db),
      close: async () => {
        await Promise.all([pool.end(), preparedPool.end()]);
      },
    };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const pgliteDb = drizzlePglite({ client, schema, casing: 'snake_case' });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
