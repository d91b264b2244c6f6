import { desc, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';

const { mailOutbox } = schema;

export type OutboxInsert = typeof mailOutbox.$inferInsert;
export type OutboxRow = typeof mailOutbox.$inferSelect;

export const mailRepository = {
  async insert(db: Db | Tx, row: OutboxInsert): Promise<OutboxRow> {
    const [inserted] = await db.insert(mailOutbox).values(row).returning();
    return inserted!;
  },
  async find(db: Db, id: string): Promise<OutboxRow | undefined> {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    return row;
  },
  /** One delivery attempt: sent, or its error and whether more attempts follow (queued) or not (failed). */
  async recordAttempt(db: Db, id: string, outcome: { status: 'sent' | 'queued' | 'failed'; error?: string }) {
    const now = new Date();
    await db
      .update(mailOutbox)
      .set({
        status: outcome.status,
        error: outcome.error ?? null,
        attempts: sql`${mailOutbox.attempts} + 1`,
        lastAttemptAt: now,
        sentAt: outcome.status === 'sent' ? now : null,
      })
      .where(eq(mailOutbox.id, id));
  },
  listForRecipient(db: Db, to: string) {
    return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
  },
  listForTenant(db: Db, tenantId: string, limit: number) {
    return db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.tenantId, tenantId))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(limit);
  },
};
