import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import type { MacroActions } from '@atrium/shared';
import { violatesUnique } from '../../platform/db/results';

const { ticketMacros } = schema;

const columns = {
  id: ticketMacros.id,
  name: ticketMacros.name,
  body: ticketMacros.body,
  actions: ticketMacros.actions,
  createdAt: ticketMacros.createdAt,
  updatedAt: ticketMacros.updatedAt,
  version: ticketMacros.version,
};

export type MacroRow = Omit<
  { [K in keyof typeof columns]: (typeof ticketMacros.$inferSelect)[K] },
  'actions'
> & {
  actions: MacroActions;
};

export type MacroChanges = { name?: string; body?: string; actions?: MacroActions };

export const macrosRepository = {
  async list(db: Db, tenantId: string): Promise<MacroRow[]> {
    return (await db
      .select(columns)
      .from(ticketMacros)
      .where(eq(ticketMacros.tenantId, tenantId))
      .orderBy(asc(ticketMacros.name), asc(ticketMacros.id))) as MacroRow[];
  },

  async find(db: Db | Tx, tenantId: string, id: string): Promise<MacroRow | undefined> {
    const [row] = await db
      .select(columns)
      .from(ticketMacros)
      .where(and(eq(ticketMacros.tenantId, tenantId), eq(ticketMacros.id, id)));
    return row as MacroRow | undefined;
  },

  async insert(
    db: Db,
    tenantId: string,
    values: Required<MacroChanges> & { createdBy: string },
  ): Promise<MacroRow> {
    const [row] = await db
      .insert(ticketMacros)
      .values({ tenantId, ...values })
      .returning(columns);
    return row as MacroRow;
  },

  /** Applies the change if the macro still has `version`; undefined if not. */
  async update(
    db: Db,
    change: { tenantId: string; id: string; version: number; changes: MacroChanges },
  ): Promise<MacroRow | undefined> {
    const { tenantId, id, version, changes } = change;
    const [row] = await db
      .update(ticketMacros)
      .set({ ...changes, version: sql`${ticketMacros.version} + 1` })
      .where(
        and(eq(ticketMacros.tenantId, tenantId), eq(ticketMacros.id, id), eq(ticketMacros.version, version)),
      )
      .returning(columns);
    return row as MacroRow | undefined;
  },

  async delete(db: Db, tenantId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(ticketMacros)
      .where(and(eq(ticketMacros.tenantId, tenantId), eq(ticketMacros.id, id)))
      .returning({ id: ticketMacros.id });
    return rows.length > 0;
  },

  isDuplicateName: (error: unknown) => violatesUnique(error, 'ticket_macros_name_unique'),
};
