import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';

const { helpdeskMailboxes } = schema;

export type MailboxRow = typeof helpdeskMailboxes.$inferSelect;
type MailboxChanges = Partial<
  Pick<
    typeof helpdeskMailboxes.$inferInsert,
    | 'host'
    | 'port'
    | 'tls'
    | 'username'
    | 'passwordEncrypted'
    | 'folder'
    | 'moveTo'
    | 'enabled'
    | 'uidValidity'
    | 'lastUid'
    | 'lastPolledAt'
    | 'lastError'
  >
>;

export const mailboxesRepository = {
  list(db: Db, tenantId: string) {
    return db
      .select()
      .from(helpdeskMailboxes)
      .where(eq(helpdeskMailboxes.tenantId, tenantId))
      .orderBy(asc(helpdeskMailboxes.createdAt), asc(helpdeskMailboxes.id));
  },

  /** Every workspace's enabled mailboxes: the minute's poll. */
  enabled(db: Db) {
    return db
      .select({ tenantId: helpdeskMailboxes.tenantId, id: helpdeskMailboxes.id })
      .from(helpdeskMailboxes)
      .where(eq(helpdeskMailboxes.enabled, true));
  },

  async find(db: Db, tenantId: string, id: string): Promise<MailboxRow | undefined> {
    const [row] = await db
      .select()
      .from(helpdeskMailboxes)
      .where(and(eq(helpdeskMailboxes.tenantId, tenantId), eq(helpdeskMailboxes.id, id)));
    return row;
  },

  async insert(
    db: Db,
    tenantId: string,
    values: Required<
      Pick<
        MailboxChanges,
        'host' | 'port' | 'tls' | 'username' | 'passwordEncrypted' | 'folder' | 'moveTo' | 'enabled'
      >
    >,
  ) {
    const [row] = await db
      .insert(helpdeskMailboxes)
      .values({ ...values, tenantId })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  /** Applies the change if the mailbox still has `version` (any when undefined); undefined if not. */
  async update(db: Db, tenantId: string, id: string, version: number | undefined, changes: MailboxChanges) {
    const [row] = await db
      .update(helpdeskMailboxes)
      .set({ ...changes, version: sql`${helpdeskMailboxes.version} + 1` })
      .where(
        and(
          eq(helpdeskMailboxes.tenantId, tenantId),
          eq(helpdeskMailboxes.id, id),
          version === undefined ? undefined : eq(helpdeskMailboxes.version, version),
        ),
      )
      .returning();
    return row;
  },

  async remove(db: Db, tenantId: string, id: string) {
    const [row] = await db
      .delete(helpdeskMailboxes)
      .where(and(eq(helpdeskMailboxes.tenantId, tenantId), eq(helpdeskMailboxes.id, id)))
      .returning({ id: helpdeskMailboxes.id });
    return row;
  },
};
