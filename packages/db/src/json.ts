import { is, sql, SQL, type SQLWrapper } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';

/** An instant as `Date.toISOString()` writes it: UTC, milliseconds, 'Z'. */
const isoInstant = (value: SQLWrapper) =>
  sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The fields as one JSON object built by PostgreSQL, keyed by the fields' names, instants as ISO
 * strings. A wide row read this way is one value to parse instead of one per column. The keys are
 * the code's own names, written into the SQL as they are.
 */
export function jsonObject<T>(fields: Record<string, SQLWrapper>): SQL<T> {
  const pairs = Object.entries(fields).map(([key, field]) => {
    const value = is(field, SQL.Aliased) ? field.sql : is(field, PgTimestamp) ? isoInstant(field) : field;
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql<T>`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The values of a select of one `jsonObject` named `row`. */
export const jsonRows = <T>(rows: { row: T }[]): T[] => rows.map(({ row }) => row);
