import type { Db } from './client';

/**
 * A statement of fixed shape, built and prepared once per database and named, so the server skips
 * building its SQL on every call and PostgreSQL parses it once per connection. Its values are
 * `sql.placeholder`s, given to `execute`.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) byDatabase.set(db, (prepared = prepare(db)));
    return prepared;
  };
}
