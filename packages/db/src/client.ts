import { mkdirSync, readFileSync } from 'node:fs';
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
      /**
       * PostgreSQL itself, when `url` goes through a transaction pooler such as PgBouncer (ADR 036).
       * LISTEN and migrations then use it: they need one session from start to end, which a
       * transaction pooler does not keep. And the pooled connections send every statement unnamed and
       * no start-up settings, neither of which such a pooler carries from one transaction to the next.
       */
      directUrl?: string;
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
  /**
   * Applies every pending migration; safe to call on every start. `migrationsFolder` points it at
   * another folder (see migration-steps.ts: migrating up to a chosen migration).
   */
  migrate(options?: { migrationsFolder?: string }): Promise<void>;
  /** The tags of the migrations migrate() would apply now: none once the database is up to date. */
  pendingMigrations(): Promise<string[]>;
  /**
   * Runs `work` while no other process runs work of the same `name` on this database (a session
   * advisory lock on a connection of its own; `work` itself uses the pool). PGlite has one process.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
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
  /** How busy each connection pool is, when kind is 'postgres'. */
  poolUse?: () => PoolUse[];
};

export type PoolUse = {
  /** 'main' serves every query; 'prepared' the named statements (see openDatabase). */
  pool: 'main' | 'prepared';
  max: number;
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
};

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const { directUrl } = options;
    /**
     * Runs `work` holding a session advisory lock named `name`, on a connection of its own to
     * PostgreSQL itself (a transaction pooler would not keep the session).
     */
    const underSessionLock = async <T>(name: string, work: (client: pg.Client) => Promise<T>) => {
      const client = new pg.Client({ connectionString: directUrl ?? options.url });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [`atrium:${name}`]);
        return await work(client);
      } finally {
        // Ending the session releases the lock.
        await client.end();
      }
    };
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
      if (directUrl) pool.on('connect', sendStatementsUnnamed);
      return pool;
    };
    const pool = openPool();
    const db = drizzlePostgres({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    // Named statements have a fixed shape, so one plan serves every call. PostgreSQL's automatic
    // choice kept re-planning the board on every call (0.78 ms of its 2 ms); forcing the generic
    // plan cannot go on the main pool, where it would also bind each one-off statement to a plan
    // made without its values. Behind a pooler the start-up setting would not arrive (PgBouncer
    // refuses it), and the statements are unnamed anyway: they plan per call like the others.
    const preparedPool = directUrl ? undefined : openPool('-c plan_cache_mode=force_generic_plan');
    if (preparedPool) {
      await refuseUndeclaredPooler(preparedPool);
      prepareStatementsOn(
        db,
        drizzlePostgres({ client: preparedPool, schema, casing: 'snake_case' }) as unknown as Db,
      );
    }
    const max = options.poolSize ?? 10;
    const useOf = (name: PoolUse['pool'], of: pg.Pool): PoolUse => ({
      pool: name,
      max,
      total: of.totalCount,
      idle: of.idleCount,
      waiting: of.waitingCount,
    });
    return {
      db,
      kind: 'postgres',
      pool,
      dedicatedClient: () => new pg.Client({ connectionString: directUrl ?? options.url, keepAlive: true }),
      migrate: (migrateOptions) =>
        // Drizzle's migrator takes no lock: server processes started together on one database each
        // applied the same migrations, and all but one failed (issue 24's drill). The lock's
        // connection migrates; the others wait, then find nothing left to apply.
        underSessionLock('migrations', (client) =>
          migratePostgres(drizzlePostgres({ client, schema, casing: 'snake_case' }), {
            migrationsFolder: migrateOptions?.migrationsFolder ?? migrationsFolder,
          }),
        ),
      pendingMigrations: () => pendingMigrations(db),
      exclusively: (name, work) => underSessionLock(name, () => work()),
      ping: () => ping(db),
      poolUse: () => [useOf('main', pool), ...(preparedPool ? [useOf('prepared', preparedPool)] : [])],
      close: async () => {
        await Promise.all([pool.end(), preparedPool?.end()]);
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
    migrate: (migrateOptions) =>
      migratePglite(pgliteDb, { migrationsFolder: migrateOptions?.migrationsFolder ?? migrationsFolder }),
    pendingMigrations: () => pendingMigrations(db),
    exclusively: (_name, work) => work(),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

type Journal = { entries: { tag: string; when: number }[] };
let journal: Journal | undefined;

/**
 * By drizzle's own rule (its migrator in drizzle-orm/pg-core/dialect): a migration of the journal is
 * applied once the table of applied ones holds one made at or after its `when`.
 */
async function pendingMigrations(db: Db): Promise<string[]> {
  // The journal this process was built with, not one a deployment put there since.
  journal ??= JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as Journal;
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [table] = await rowsOf<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  const [last] = table?.present
    ? await rowsOf<{ at: string | null }>(sql`select max(created_at) as at from drizzle.__drizzle_migrations`)
    : [];
  const lastApplied = last?.at === null || last?.at === undefined ? -Infinity : Number(last.at);
  return journal.entries.filter((entry) => entry.when > lastApplied).map((entry) => entry.tag);
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

type QueryArguments = Parameters<pg.PoolClient['query']>;

/**
 * A transaction pooler runs each transaction on whichever server connection is free, so a statement
 * prepared under a name on one connection is unknown on the next, while node-postgres, having
 * prepared it once, sends only its name (PgBouncer before 1.21 cannot track named statements). The
 * pooled client therefore sends the named statements of `preparedPerDatabase` unnamed: parsed and
 * planned on every call, like any other statement.
 */
/** DATABASE_URL goes through a connection pooler, and DATABASE_DIRECT_URL was not given (ADR 036). */
export class PoolerWithoutDirectUrlError extends Error {
  constructor(cause: unknown) {
    super(
      'DATABASE_URL refused a connection with a start-up setting, as a connection pooler such as PgBouncer does. ' +
        'Behind a pooler, set DATABASE_DIRECT_URL to PostgreSQL itself as well.',
      { cause },
    );
    this.name = 'PoolerWithoutDirectUrlError';
  }
}

/**
 * PgBouncer refuses the named-statement pool's start-up setting. Left to run, the server answered
 * 500 to sign-ins and, as its session locks landed on whichever server connection PgBouncer chose,
 * now and then waited for ever at start-up: one connection first, to stop with the remedy instead.
 */
async function refuseUndeclaredPooler(pool: pg.Pool) {
  try {
    await pool.query('select 1');
  } catch (error) {
    if (/unsupported startup parameter/i.test((error as Error).message)) {
      await pool.end();
      throw new PoolerWithoutDirectUrlError(error);
    }
    throw error;
  }
}

function sendStatementsUnnamed(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: QueryArguments) => unknown;
  client.query = ((...args: QueryArguments) => {
    const config = args[0] as unknown;
    // Only a plain query config: a submittable (such as a COPY stream) is passed on as it is.
    if (typeof config === 'object' && config && 'name' in config && config.name && !('submit' in config)) {
      args[0] = { ...config, name: undefined } as unknown as QueryArguments[0];
    }
    return query(...args);
  }) as typeof client.query;
}
