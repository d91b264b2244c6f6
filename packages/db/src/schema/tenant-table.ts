// The one shape of every tenant-owned table (ARCHITECTURE.md, "Multi-tenancy and scale-out"):
// tenant_id leads the primary key, every index and every foreign key, so one workspace's rows
// can be placed on one node when the database is distributed by tenant_id, and a row can never
// point into another workspace.
import { getTableName } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { BuildExtraConfigColumns } from 'drizzle-orm/column-builder';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  uuid,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import { workspaces } from './auth';
import { createdAt, updatedAt } from './columns';

/** tenant_id for tables that are not shaped by tenantTable (platform tables). */
export const tenantId = () => uuid().references(() => workspaces.id, { onDelete: 'cascade' });

const keyColumns = () => ({
  tenantId: tenantId().notNull(),
  id: uuid().notNull().defaultRandom(),
});

const auditColumns = () => ({
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Optimistic locking: updates carry the version they read; a stale one gets 412. */
  version: integer().notNull().default(1),
});

type TenantColumns<TColumns> = ReturnType<typeof keyColumns> & TColumns & ReturnType<typeof auditColumns>;

/**
 * A tenant-owned table: tenant_id, id, the given columns, created_at, updated_at, version, and
 * the primary key (tenant_id, id). The composite key is the unique (tenant_id, id) children
 * reference with tenantForeignKey; a separate unique constraint would be a second identical index.
 */
export function tenantTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extraConfig?: (
    t: BuildExtraConfigColumns<TName, TenantColumns<TColumns>, 'pg'>,
  ) => PgTableExtraConfigValue[],
) {
  const all: TenantColumns<TColumns> = { ...keyColumns(), ...columns, ...auditColumns() };
  return pgTable(name, all, (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    ...(extraConfig?.(t) ?? []),
  ]);
}

type TenantKeyed = { tenantId: PgColumn; id: PgColumn };

/**
 * Foreign key (tenant_id, <key>) -> parent (tenant_id, id). Nullable keys are fine: with MATCH
 * SIMPLE a null <key> is not checked. Only `cascade` or the default (no action) make sense here:
 * `set null` would null tenant_id too. Optional references to people therefore use no action;
 * employees are soft-deleted (deleted_at), so those references stay valid.
 */
export function tenantForeignKey<T extends { tenantId: PgColumn }>(
  t: T,
  key: keyof T & string,
  parent: TenantKeyed,
) {
  const column = t[key] as PgColumn;
  return foreignKey({
    name: `${getTableName(column.table)}_${toSnakeCase(key)}_fk`,
    columns: [t.tenantId, column],
    foreignColumns: [parent.tenantId, parent.id],
  });
}

/**
 * The index a foreign key needs when no screen index already leads with (tenant_id, <key>):
 * deleting the parent (an employee; every row when a workspace is deleted) checks or cascades
 * into this table, and without an index each check scans it once per parent row.
 */
export function foreignKeyIndex<T extends { tenantId: PgColumn }>(t: T, key: keyof T & string) {
  const column = t[key] as PgColumn;
  return index(`${getTableName(column.table)}_${toSnakeCase(key)}_idx`).on(t.tenantId, column);
}
