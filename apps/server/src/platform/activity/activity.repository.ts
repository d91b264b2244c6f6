import { and, desc, eq, lt, or } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';

const { activityLog } = schema;

export type ActivityRow = typeof activityLog.$inferSelect;
export type ActivityInsert = typeof activityLog.$inferInsert;

export const activityRepository = {
  async insert(db: Db | Tx, row: ActivityInsert): Promise<ActivityRow> {
    const [inserted] = await db.insert(activityLog).values(row).returning();
    return inserted!;
  },
  /** Newest first; `after` is the (occurredAt, id) of the last row already shown. */
  listRecent(db: Db, tenantId: string, limit: number, after?: { occurredAt: Date; id: string }) {
    return db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.tenantId, tenantId),
          after
            ? or(
                lt(activityLog.occurredAt, after.occurredAt),
                and(eq(activityLog.occurredAt, after.occurredAt), lt(activityLog.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(activityLog.occurredAt), desc(activityLog.id))
      .limit(limit);
  },
  listForEntity(db: Db, tenantId: string, entityType: string, entityId: string) {
    return db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.tenantId, tenantId),
          eq(activityLog.entityType, entityType),
          eq(activityLog.entityId, entityId),
        ),
      )
      .orderBy(desc(activityLog.occurredAt), desc(activityLog.id));
  },
};
