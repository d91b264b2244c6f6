/**
 * Long reads in short statements (issue 17): PGlite, the default database, runs one statement at a
 * time inside this process, on its one thread. A statement that reads a year of time entries, or
 * JavaScript that turns a hundred thousand rows into a file without pausing, holds every other
 * request of every workspace until it is done. Exports therefore read a few hundred rows per
 * statement and give way between statements.
 */

/** Rows per statement for exports: a few milliseconds of SQL each on PGlite. */
export const exportBatchRows = 500;

/**
 * Gives way to requests that arrived meanwhile: their handlers run, and their statements queue
 * ahead of this one's next. Awaiting a resolved promise is not enough: it stays in the microtask
 * queue, and the server reads new requests only between tasks.
 */
export function yieldToOtherRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A keyset-paged query, page by page: `fetchPage` gets the last row's key and a page size, and
 * runs one statement. Stops after `max` rows, or at the first short page.
 */
export async function* keysetPages<Row, Key>(
  fetchPage: (after: Key | undefined, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  options: { max?: number; batchSize?: number } = {},
): AsyncGenerator<Row[]> {
  const { max = Number.POSITIVE_INFINITY, batchSize = exportBatchRows } = options;
  let read = 0;
  let after: Key | undefined;
  while (read < max) {
    if (read > 0) await yieldToOtherRequests();
    const size = Math.min(batchSize, max - read);
    const page = await fetchPage(after, size);
    read += page.length;
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < size) return;
    after = keyOf(last);
  }
}

/** Every row of a keyset-paged query (up to `max`), read in short statements. */
export async function readAllPages<Row, Key>(
  fetchPage: (after: Key | undefined, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  max: number,
  batchSize = exportBatchRows,
): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const page of keysetPages(fetchPage, keyOf, { max, batchSize })) rows.push(...page);
  return rows;
}
