import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';

const preparedStatementDatabases = new WeakMap<Db, Db>();

/** Sends `db`'s named statements to `target`: a pool of the same database set up for them. */
export function prepareStatementsOn(db: Db, target: Db) {
  preparedStatementDatabases.set(db, target);
}

/**
 * A statement of fixed shape, built and prepared once per database and named, so the server skips
 * building its SQL on every call and PostgreSQL parses and plans it once per connection. Its values
 * are `sql.placeholder`s, given to `execute`.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) byDatabase.set(db, (prepared = prepare(preparedStatementDatabases.get(db) ?? db)));
    return prepared;
  };
}

/**
 * `column = any($placeholder::uuid[])`: a named statement's list of ids as one value, so its shape
 * (and its plan) does not change with the list's length.
 */
export const isAnyUuidOf = (column: SQLWrapper, placeholder: string) =>
  sql`${column} = any(${sql.placeholder(placeholder)}::uuid[])`;
