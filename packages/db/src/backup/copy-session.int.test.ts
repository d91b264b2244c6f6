// A table bigger than one slice goes out and back whole: on PGlite that is several page ranges
// out and several line-aligned loads in (copy-session.ts); on PostgreSQL one stream each way.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing';
import { openCopySession, type CopySession } from './copy-session';

const dir = mkdtempSync(join(tmpdir(), 'atrium-copy-test-'));
let database: TestDatabase;
let session: CopySession;
beforeAll(async () => {
  database = await openTestDatabase({ migrate: false });
  session = await openCopySession(database);
});
afterAll(async () => {
  await session?.release();
  await database?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

it('copies a table of several slices out and back row for row', async () => {
  await session.query('create table big (id int primary key, body text, at timestamptz, price numeric)');
  // About 17 MB of heap: past the 1,024 pages (8 MB) of a PGlite slice, and four loads back in.
  // Bodies carry a tab, a newline and a backslash, which COPY text escapes.
  await session.query(`insert into big
    select i, repeat('x', 200) || E'\\t\\n\\\\' || i, timestamptz '2025-01-01' + i * interval '1 minute', i / 7.0
    from generate_series(1, 60000) i`);
  const [pages] = await session.query<{ n: number }>(
    `select (pg_relation_size('big') / current_setting('block_size')::int)::int as n`,
  );
  expect(pages!.n).toBeGreaterThan(1024);
  const columns = ['"id"', '"body"', '"at"', '"price"'];
  const path = join(dir, 'big.copy');

  const out = await session.copyOut('big', columns, path);
  expect(out.rows).toBe(60_000);
  expect(statSync(path).size).toBe(out.bytes);
  expect(out.bytes).toBeGreaterThan(3 * 4 * 1024 * 1024);

  await session.query('create table big_again (like big including all)');
  const back = await session.copyIn('big_again', columns, path);
  expect(back).toEqual(out);
  const sum = (table: string) =>
    session.query<{ sum: string }>(`select md5(string_agg(t::text, ',' order by id)) as sum from ${table} t`);
  expect(await sum('big_again')).toEqual(await sum('big'));
});
