// Loads generated rows with COPY on both drivers: pg-copy-streams over one pooled connection on
// PostgreSQL, `COPY ... FROM '/dev/blob'` on PGlite. One text-format encoder serves both, and
// every table is loaded inside one transaction: a failed or interrupted seed leaves nothing.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { getTableColumns, getTableName, type Column } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../client';

export type LoadProgress = { table: string; done: number; total: number; elapsedMs: number };

export type TableTiming = { table: string; rows: number; ms: number };

export type BulkLoader = {
  /** Loads rows into table; `total` is only for progress reports. Returns the number of rows. */
  load<T extends PgTable>(table: T, total: number, rows: Iterable<T['$inferInsert']>): Promise<number>;
  /** Runs a statement inside the load transaction. */
  execute(statement: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  timings: TableTiming[];
};

/** Rows per COPY chunk: big enough to amortize the round trip, small enough to bound memory. */
const chunkRows = 5_000;

/**
 * Runs `work` with a loader in one transaction and commits; rolls back if work throws. Tables
 * are analyzed afterwards so the planner sees the new volumes at once.
 */
export async function withBulkLoader<T>(
  database: Database,
  onProgress: (progress: LoadProgress) => void,
  work: (loader: BulkLoader) => Promise<T>,
): Promise<T> {
  const session = await openSession(database);
  const timings: TableTiming[] = [];
  const loader: BulkLoader = {
    timings,
    execute: (statement, params) => session.query(statement, params),
    async load(table, total, rows) {
      const name = getTableName(table);
      const started = performance.now();
      const encoder = tableEncoder(table);
      // The first chunk is generated up front: its first row's keys are the COPY column list.
      const chunks = chunked(rows, chunkRows);
      const first = chunks.next();
      if (first.done) return 0;
      const columns = Object.keys(first.value[0] as object);
      let done = 0;
      function* encodedChunks() {
        for (let chunk = first; !chunk.done; chunk = chunks.next()) {
          yield encoder.encode(columns, chunk.value);
          done += chunk.value.length;
          onProgress({ table: name, done, total, elapsedMs: performance.now() - started });
        }
      }
      await session.copy(name, columns.map(encoder.columnName), encodedChunks());
      timings.push({ table: name, rows: done, ms: Math.round(performance.now() - started) });
      return done;
    },
  };
  await session.query('begin');
  try {
    const result = await work(loader);
    await session.query('commit');
    // Vacuum as well: rows copied into tables with GIN indexes wait in the indexes' pending lists,
    // which every trigram search then reads in full, and index-only scans need the visibility map.
    await session.query(`vacuum analyze ${[...new Set(timings.map((t) => `"${t.table}"`))].join(', ')}`);
    return result;
  } catch (error) {
    await session.query('rollback');
    throw error;
  } finally {
    session.release();
  }
}

type Session = {
  query(statement: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** One COPY of all chunks (PostgreSQL), or one per chunk (PGlite has no streaming COPY). */
  copy(table: string, columns: string[], chunks: Iterable<string>): Promise<void>;
  release(): void;
};

async function openSession(database: Database): Promise<Session> {
  if (database.pool) {
    const client = await database.pool.connect();
    return {
      query: (statement, params) => client.query(statement, params),
      // Streaming: the next chunk is generated while the server ingests the previous one.
      async copy(table, columns, chunks) {
        const stream = client.query(copyFrom(`copy "${table}" (${columns.join(', ')}) from stdin`));
        await pipeline(Readable.from(chunks), stream);
      },
      release: () => client.release(),
    };
  }
  const pglite = database.pglite;
  if (!pglite) throw new Error('bulk load needs a PostgreSQL pool or a PGlite instance');
  return {
    query: (statement, params) => pglite.query(statement, params),
    async copy(table, columns, chunks) {
      for (const data of chunks) {
        await pglite.query(`copy "${table}" (${columns.join(', ')}) from '/dev/blob'`, [], {
          blob: new Blob([data]),
        });
      }
    },
    release: () => undefined,
  };
}

function* chunked<T>(rows: Iterable<T>, size: number): Generator<T[]> {
  let chunk: T[] = [];
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

const casing = new CasingCache('snake_case');

/** COPY text format (https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.2). */
function tableEncoder(table: PgTable) {
  const byKey: Record<string, Column> = getTableColumns(table);
  const column = (key: string) => {
    const found = byKey[key];
    if (!found) throw new Error(`${getTableName(table)} has no column ${key}`);
    return found;
  };
  return {
    columnName: (key: string) => `"${casing.getColumnCasing(column(key))}"`,
    encode(keys: string[], rows: object[]): string {
      const isArray = keys.map((key) => column(key).columnType === 'PgArray');
      let out = '';
      for (const row of rows) {
        const values = row as Record<string, unknown>;
        out += keys.map((key, i) => encodeValue(values[key], isArray[i] ?? false)).join('\t') + '\n';
      }
      return out;
    },
  };
}

function encodeValue(value: unknown, asArray: boolean): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escapeText(value);
  if (asArray && Array.isArray(value)) return escapeText(arrayLiteral(value));
  return escapeText(JSON.stringify(value));
}

function arrayLiteral(items: unknown[]): string {
  return `{${items.map((item) => `"${String(item).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

function escapeText(text: string): string {
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : text;
}
