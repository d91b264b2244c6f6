import { inArray, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Every id of a kind, or only the listed ones: the projects a member sees, for one. */
export type IdSet = 'all' | readonly string[];

/** `column` is in the set: no condition at all for 'all', false for an empty list. */
export const inIdSet = (column: SQLWrapper, ids: IdSet): SQL | undefined =>
  ids === 'all' ? undefined : inArray(column, [...ids]);
