import { and, not, sql, type SQL } from 'drizzle-orm';
import { invalidCursor, type CursorField, type CursorShape } from './cursor';

// Keyset pages for the project and task lists: `(a, b, id) > (x, y, z)` seeks straight to the
// next page however deep it is. Sorts on a value that may be missing (a task's due date or
// assignee, a project's end date) put those rows last in both directions (spec 9: "tasks with no
// due date last"); they are read as a second segment ordered by id, so each segment stays one
// index range instead of a sort over the whole table.

type CursorValue = string | number | null;

/** How a cursor value is cast back in SQL, and so what a valid one looks like. */
export type KeyCast =
  | { type: 'text' | 'uuid' | 'date' | 'timestamptz' | 'numeric' | 'int' }
  | { type: 'enum'; name: string; values: readonly string[] };

export type KeysetSort<Row> = {
  /** The ordering expressions, the id excluded (it always comes last). */
  exprs: SQL[];
  casts: KeyCast[];
  values: (row: Row) => CursorValue[];
  /**
   * When the leading value may be missing: the condition that says so, and the same for a row.
   * `present` (default: not `condition`) selects the other rows; a condition on a joined table
   * lets the planner read that table's index first.
   */
  nullsLast?: { condition: SQL; present?: SQL; rowIsNull: (row: Row) => boolean };
};

export type KeysetQuery = { where: SQL | undefined; orderBy: SQL[]; limit: number };

const cursorKinds = {
  text: 'text',
  uuid: 'uuid',
  date: 'date',
  timestamptz: 'timestamp',
  numeric: 'number',
  int: 'int',
} as const;

/**
 * What a cursor of this sort looks like, for decodeCursor: its values (null in the missing-value
 * segment of a nulls-last sort), then the id.
 */
export function keysetCursorShape<Row>(sort: KeysetSort<Row>): CursorShape {
  const nullable = sort.nullsLast !== undefined;
  const fields = sort.casts.map((cast): CursorField => {
    if (cast.type === 'enum') return { oneOf: cast.values, nullable };
    const kind = cursorKinds[cast.type];
    return nullable ? `${kind}?` : kind;
  });
  return [...fields, 'uuid'];
}

const castSql = (value: CursorValue, cast: KeyCast) =>
  sql`cast(${value} as ${sql.raw(cast.type === 'enum' ? `"${cast.name}"` : cast.type)})`;

const directed = (expr: SQL, direction: 'asc' | 'desc') =>
  direction === 'asc' ? sql`${expr} asc` : sql`${expr} desc`;

/** The cursor of a row: its sort values (nulls in the missing-value segment) and its id. */
export function keysetCursor<Row extends { id: string }>(sort: KeysetSort<Row>, row: Row): CursorValue[] {
  if (sort.nullsLast?.rowIsNull(row)) return [...sort.exprs.map(() => null), row.id];
  return [...sort.values(row), row.id];
}

/**
 * Reads one page (up to `limit` rows) after `cursor` with `fetch`, which runs the list's query with
 * the extra condition, order and limit given. The cursor was decoded with keysetCursorShape(sort);
 * one with some of its sort values missing, but not all, is a 400.
 */
export async function keysetPage<Row>(
  page: {
    sort: KeysetSort<Row>;
    idColumn: SQL;
    direction: 'asc' | 'desc';
    cursor: CursorValue[] | undefined;
    limit: number;
  },
  fetch: (query: KeysetQuery) => Promise<Row[]>,
): Promise<Row[]> {
  const { sort, idColumn, direction, cursor, limit } = page;
  const cursorId = cursor?.at(-1);
  const inNullSegment = cursor !== undefined && sort.nullsLast !== undefined && cursor[0] === null;
  if (cursor && !inNullSegment && cursor.includes(null)) throw invalidCursor();
  const op = sql.raw(direction === 'asc' ? '>' : '<');
  const rows: Row[] = [];

  if (!inNullSegment) {
    const values = cursor && [
      ...cursor.slice(0, -1).map((value, i) => castSql(value, sort.casts[i]!)),
      sql`cast(${cursorId} as uuid)`,
    ];
    const keys = [...sort.exprs, idColumn];
    const after = values && sql`(${sql.join(keys, sql`, `)}) ${op} (${sql.join(values, sql`, `)})`;
    // The same bound on the leading key alone: the planner does not push a row comparison into the
    // index of a joined table (a sort on the project's or the assignee's name), but it does this.
    const leading = values && sql`${keys[0]} ${sql.raw(direction === 'asc' ? '>=' : '<=')} ${values[0]}`;
    rows.push(
      ...(await fetch({
        where: and(
          sort.nullsLast ? (sort.nullsLast.present ?? not(sort.nullsLast.condition)) : undefined,
          leading,
          after,
        ),
        orderBy: keys.map((expr) => directed(expr, direction)),
        limit,
      })),
    );
  }
  if (sort.nullsLast && rows.length < limit) {
    rows.push(
      ...(await fetch({
        where: and(
          sort.nullsLast.condition,
          inNullSegment ? sql`${idColumn} ${op} cast(${cursorId} as uuid)` : undefined,
        ),
        orderBy: [directed(idColumn, direction)],
        limit: limit - rows.length,
      })),
    );
  }
  return rows;
}
