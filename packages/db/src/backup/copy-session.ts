// One connection that moves whole tables in and out as COPY text, on either driver: node-postgres
// streams through pg-copy-streams; PGlite has no streaming COPY, so tables go out in slices of
// heap pages (a TID range scan reads just those pages) and come in in slices of lines, each
// through '/dev/blob'. Either way no table is ever held in memory whole.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Transform, type Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database } from '../client';

export type CopyResult = { rows: number; bytes: number; sha256: string };

export type CopySession = {
  query<T>(statement: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements (no parameters). */
  exec(script: string): Promise<void>;
  /** Writes the table's rows (the given columns) as COPY text to `path`. */
  copyOut(table: string, columns: string[], path: string): Promise<CopyResult>;
  /** Loads COPY text from `path` into the table's columns. */
  copyIn(table: string, columns: string[], path: string): Promise<CopyResult>;
  release(): Promise<void>;
};

/**
 * COPY's text form of dates, intervals, floats and bytea follows these settings: both sides of a
 * backup use the same ones, whatever the server's defaults are.
 */
export const portableSettings = [
  `set datestyle = 'ISO, YMD'`,
  `set intervalstyle = 'postgres'`,
  `set timezone = 'UTC'`,
  `set extra_float_digits = 3`,
  `set bytea_output = 'hex'`,
  `set client_encoding = 'UTF8'`,
];

/** Heap pages per PGlite slice: 1,024 pages of 8 kB. */
const pagesPerSlice = 1024;
/** Bytes of COPY text per PGlite load. */
const bytesPerLoad = 4 * 1024 * 1024;

export async function openCopySession(database: Database): Promise<CopySession> {
  const session = database.pool ? await postgresSession(database) : pgliteSession(database);
  for (const statement of portableSettings) await session.query(statement);
  return session;
}

async function postgresSession(database: Database): Promise<CopySession> {
  const client = await database.pool!.connect();
  return {
    query: async <T>(statement: string, params?: unknown[]) =>
      (await client.query(statement, params)).rows as T[],
    exec: async (script) => {
      await client.query(script);
    },
    async copyOut(table, columns, path) {
      const meter = new CopyMeter();
      await pipeline(
        client.query(copyTo(`copy ${table} (${columns.join(', ')}) to stdout`)),
        meter,
        createWriteStream(path, { flags: 'wx' }),
      );
      return meter.result();
    },
    async copyIn(table, columns, path) {
      const meter = new CopyMeter();
      await pipeline(
        createReadStream(path),
        meter,
        client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`)),
      );
      return meter.result();
    },
    release: async () => client.release(),
  };
}

function pgliteSession(database: Database): CopySession {
  const pglite = database.pglite;
  if (!pglite) throw new Error('copy needs a PostgreSQL pool or a PGlite instance');
  const query = async <T>(statement: string, params?: unknown[]) =>
    (await pglite.query<T>(statement, params)).rows;
  return {
    query,
    exec: async (script) => {
      await pglite.exec(script);
    },
    async copyOut(table, columns, path) {
      const [size] = await query<{ pages: number }>(
        `select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as pages`,
        [table],
      );
      const pages = size?.pages ?? 0;
      const meter = new CopyMeter();
      const out = createWriteStream(path, { flags: 'wx' });
      meter.pipe(out);
      // The last slice is open-ended, so rows are never missed whatever the page count says.
      for (let first = 0; first === 0 || first < pages; first += pagesPerSlice) {
        const last = first + pagesPerSlice;
        const range =
          last < pages
            ? `ctid >= '(${first},0)'::tid and ctid < '(${last},0)'::tid`
            : `ctid >= '(${first},0)'::tid`;
        const result = await pglite.query(
          `copy (select ${columns.join(', ')} from ${table} where ${range}) to '/dev/blob'`,
        );
        const blob = result.blob;
        if (blob && blob.size > 0 && !meter.write(Buffer.from(await blob.arrayBuffer()))) {
          await once(meter, 'drain');
        }
        if (last >= pages) break;
      }
      meter.end();
      await finished(out);
      return meter.result();
    },
    async copyIn(table, columns, path) {
      const meter = new CopyMeter();
      const load = (data: Buffer) =>
        pglite.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], {
          blob: new Blob([data]),
        });
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      for await (const chunk of createReadStream(path).pipe(meter) as Readable) {
        pending.push(chunk as Buffer);
        pendingBytes += (chunk as Buffer).length;
        if (pendingBytes < bytesPerLoad) continue;
        // Each load ends at a line end: COPY text escapes the newlines inside values.
        const joined = Buffer.concat(pending);
        const end = joined.lastIndexOf(10) + 1;
        if (end === 0) continue;
        await load(joined.subarray(0, end));
        pending = [joined.subarray(end)];
        pendingBytes = joined.length - end;
      }
      if (pendingBytes > 0) await load(Buffer.concat(pending));
      return meter.result();
    },
    release: async () => undefined,
  };
}

/** Passes COPY text through, counting rows (one line each) and bytes and hashing them. */
class CopyMeter extends Transform {
  private readonly hash = createHash('sha256');
  private rows = 0;
  private bytes = 0;

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) this.rows += 1;
    done(null, chunk);
  }

  result(): CopyResult {
    return { rows: this.rows, bytes: this.bytes, sha256: this.hash.digest('hex') };
  }
}
