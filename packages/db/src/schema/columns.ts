import { customType, index, timestamp, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/**
 * ARCHITECTURE.md: instants are stored in UTC (timestamptz) and shown in the workspace time zone.
 * Millisecond precision, because every value round-trips through a JS Date: with microseconds a
 * keyset cursor or an equality check built from a Date would miss the row it came from.
 */
export const timestamptz = () => timestamp({ withTimezone: true, mode: 'date', precision: 3 });

export const createdAt = () => timestamptz().notNull().defaultNow();

/** Drizzle refreshes it on every update it issues. */
export const updatedAt = () =>
  timestamptz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// Indexes for "newest first" lists are ascending: PostgreSQL reads them backwards for ORDER BY ...
// DESC. A DESC index (Drizzle writes DESC NULLS LAST) cannot serve ORDER BY ... DESC (NULLS FIRST).

/**
 * A pg_trgm GIN index: serves the screens' "contains" search (`ilike '%term%'`), which a b-tree
 * cannot. GIN cannot lead with tenant_id without btree_gin; the tenant filter is applied to the
 * few matching rows instead.
 */
export const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));

/** A file attached to a task or ticket; the bytes are a stored_files row. */
export type FileAttachment = { name: string; sizeBytes: number; storageKey: string };

/** A PostgreSQL full-text document; written by the database (a trigger), read only in conditions. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
