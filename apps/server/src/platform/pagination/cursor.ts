import { AppError } from '../errors/app-error';

/**
 * Keyset cursors are opaque to clients: the sort key values of the last row, base64url-encoded JSON.
 * A tampered cursor is a 400, not a 500.
 */
export function encodeCursor(values: readonly (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, arity: number): (string | number | null)[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(values) &&
      values.length === arity &&
      values.every((value) => value === null || typeof value === 'string' || typeof value === 'number')
    ) {
      return values as (string | number | null)[];
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError('bad_request', 'The cursor is not valid; start again from the first page', {
    cursor: 'Invalid cursor',
  });
}

/**
 * Reads a keyset-paged query to the end (or `max` rows) in batches, for exports that must not hold
 * one huge result set: `fetchPage` gets the last row's key and a batch size.
 */
export async function readAllPages<Row, Key>(
  fetchPage: (after: Key | undefined, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  max: number,
  batchSize = 1000,
): Promise<Row[]> {
  const rows: Row[] = [];
  let after: Key | undefined;
  while (rows.length < max) {
    const size = Math.min(batchSize, max - rows.length);
    const batch = await fetchPage(after, size);
    rows.push(...batch);
    const last = batch.at(-1);
    if (!last || batch.length < size) break;
    after = keyOf(last);
  }
  return rows;
}
