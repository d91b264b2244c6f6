import { and, desc, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import type { EntryReader } from './activity-audience';

const { activityLog } = schema;

export type ActivityRow = typeof activityLog.$inferSelect;
export type ActivityInsert = typeof activityLog.$inferInsert;

/**
 * The entries the reader may see, as one condition on activity_log (issue 17): a kind seen whole is
 * one `entity_type in (...)`; a kind seen in part adds its owner's row rule. Applied before LIMIT,
 * so a page is never short.
 */
export function entriesVisibleTo(reader: EntryReader): SQL {
  const entry = { entityId: activityLog.entityId, data: activityLog.data };
  const parts: SQL[] = reader.someEntriesOf.map(({ entityType, condition }) =>
    and(eq(activityLog.entityType, entityType), condition(entry))!,
  );
  if (reader.everyEntryOf.length > 0)
    parts.unshift(inArray(activityLog.entityType, [...reader.everyEntryOf]));
  return parts.length > 0 ? or(...parts)! : sql`false`;
}

export const activityRepository = {
  async insert(db: Db | Tx, row: ActivityInsert): Promise<ActivityRow> {
    const [inserted] = await db.insert(activityLog).values(row).returning();
    return inserted!;
  },
  /** Newest first, of what the reader may see; `after` is the (occurredAt, id) of the last row shown. */
  listRecent(db: Db, reader: EntryReader, limit: number, after?: { occurredAt: Date; id: string }) {
    return db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.tenantId, reader.tenantId),
          entriesVisibleTo(reader),
          // Announcements of notifications reach the bell over the event stream; the feed is who did what.
          ne(activityLog.entityType, 'notification'),
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
