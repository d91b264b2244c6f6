import { isStorableText } from '@atrium/shared';
import { AppError } from '../errors/app-error';

/**
 * Keyset cursors are opaque to clients: the sort key values of the last row, base64url-encoded JSON.
 * A client can send anything back, so a cursor is checked against the shape of its sort key before
 * any value reaches SQL: a tampered one is a 400, not a database error (issue 17).
 */
export function encodeCursor(values: readonly (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/**
 * One keyset page from the `limit + 1` rows a list read: the first `limit`, and the cursor after the
 * last of them when the extra row shows that more follow.
 */
export function keysetPageOf<Row>(
  rows: Row[],
  limit: number,
  cursorValuesOf: (last: Row) => readonly (string | number | null)[],
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(cursorValuesOf(last)) : null };
}

/**
 * What one value of a sort key is, as PostgreSQL will cast it: text (no NUL, well-formed), a
 * uuid, a calendar date (YYYY-MM-DD), a timestamp (ISO 8601 with its offset, as toISOString
 * writes it), a 32-bit integer or a finite number. `?` admits null (the missing-value segment of a
 * nulls-last sort); `oneOf` is an enum's values.
 */
export type CursorKind = 'text' | 'uuid' | 'date' | 'timestamp' | 'int' | 'number';
export type CursorField = CursorKind | `${CursorKind}?` | { oneOf: readonly string[]; nullable?: boolean };
/** The sort key, field by field, the row's id usually last. */
export type CursorShape = readonly CursorField[];

type KindValue<K> = K extends 'int' | 'number' ? number : string;
type FieldValue<F> = F extends `${infer K}?`
  ? KindValue<K> | null
  : F extends { oneOf: readonly (infer V)[]; nullable: true }
    ? V | null
    : F extends { oneOf: readonly (infer V)[] }
      ? V
      : KindValue<F>;
export type CursorValues<S extends CursorShape> = { -readonly [I in keyof S]: FieldValue<S[I]> };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const timestampPattern =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

/** A real day: JavaScript rolls 2024-02-30 over to March (and has a year 0); PostgreSQL refuses both. */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const fits: Record<CursorKind, (value: unknown) => boolean> = {
  text: (value) => typeof value === 'string' && isStorableText(value),
  uuid: (value) => typeof value === 'string' && uuidPattern.test(value),
  date: (value) => typeof value === 'string' && isCalendarDay(value),
  timestamp: (value) => {
    const match = typeof value === 'string' ? timestampPattern.exec(value) : null;
    return match !== null && isCalendarDay(match[1]!);
  },
  int: (value) => Number.isInteger(value) && Math.abs(value as number) < 2 ** 31,
  number: (value) => typeof value === 'number' && Number.isFinite(value),
};

function fitsField(value: unknown, field: CursorField): boolean {
  if (typeof field === 'object') {
    return (value === null && field.nullable === true) || field.oneOf.includes(value as string);
  }
  const nullable = field.endsWith('?');
  if (value === null) return nullable;
  return fits[(nullable ? field.slice(0, -1) : field) as CursorKind](value);
}

export const invalidCursor = () =>
  new AppError('bad_request', 'The cursor is not valid; start again from the first page', {
    cursor: 'Invalid cursor',
  });

/** The values of a cursor we issued for this sort key; anything else is a 400. */
export function decodeCursor<const S extends CursorShape>(cursor: string, shape: S): CursorValues<S> {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(values) ||
    values.length !== shape.length ||
    !values.every((value, i) => fitsField(value, shape[i]!))
  ) {
    throw invalidCursor();
  }
  return values as CursorValues<S>;
}

/**
 * People lists that page by name (the performance overview, the scheduling week): ordered by last
 * name, first name and id, so namesakes keep their place between pages.
 */
export const byName = {
  shape: ['text', 'text', 'uuid'],
  cursorOf: (last: { lastName: string; firstName: string; id: string }) => [
    last.lastName,
    last.firstName,
    last.id,
  ],
} as const satisfies { shape: CursorShape; cursorOf: (last: never) => readonly string[] };
