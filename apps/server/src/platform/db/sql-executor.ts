import type { Database, Db, Tx } from '@atrium/db';
import { sql } from 'drizzle-orm';

/** Runs SQL text written for node-postgres (`$1` placeholders); the shape job libraries accept. */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

/**
 * An executor for the database's own connections. PGlite runs a statement with parameters as one
 * prepared statement, so a parameter-less text, which may hold several statements
 * ("BEGIN; ...; COMMIT"), goes through `exec` instead.
 */
export function databaseExecutor(database: Database): SqlExecutor {
  const { pglite, pool } = database;
  if (pool) return { executeSql: (text, values) => pool.query(text, values) };
  if (!pglite) throw new Error(`no SQL executor for a ${database.kind} database`);
  return {
    async executeSql(text, values) {
      if (values?.length) return pglite.query(text, values);
      try {
        const results = await pglite.exec(text);
        return { rows: results.flatMap((result) => result.rows) };
      } catch (error) {
        // PGlite has one session: a failed "BEGIN; ..." would leave it aborted for every later query.
        await pglite.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}

/**
 * An executor that runs inside a Drizzle transaction, on either database, so what it writes
 * commits or rolls back with the change. Single statements only.
 */
export function transactionExecutor(tx: Tx | Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const pieces = text.split(/\$(\d+)/);
      const statement = sql.join(
        pieces.map((piece, index) =>
          index % 2 === 0 ? sql.raw(piece) : sql.param(values[Number(piece) - 1]),
        ),
      );
      const result = (await tx.execute(statement)) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
