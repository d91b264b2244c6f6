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
