import { desc, eq } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';

const { mailOutbox } = schema;

export type OutboxInsert = typeof mailOutbox.$inferInsert;
export type OutboxRow = typeof mailOutbox.$inferSelect;

export const mailRepository = {
  async insert(db: Db, row: OutboxInsert): Promise<OutboxRow> {
    const [inserted] = await db.insert(mailOutbox).values(row).returning();
    return inserted!;
  },
  async markDelivered(db: Db, id: string, status: 'sent' | 'failed', error?: string) {
    await db
      .update(mailOutbox)
      .set({ status, error: error ?? null, sentAt: status === 'sent' ? new Date() : null })
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
