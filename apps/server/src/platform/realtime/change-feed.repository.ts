import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import type { EntryReader } from '../activity/activity-audience';
import { entriesVisibleTo } from '../activity/activity.repository';
import { changeChannel, type ChangeEvent, type PresenceEvent } from './change-event';

const { activityLog } = schema;

const changeColumns = {
  tenantId: activityLog.tenantId,
  id: activityLog.id,
  entityType: activityLog.entityType,
  entityId: activityLog.entityId,
  action: activityLog.action,
  occurredAt: activityLog.occurredAt,
};

export type ChangeRow = Pick<
  typeof activityLog.$inferSelect,
  'tenantId' | 'id' | 'entityType' | 'entityId' | 'action' | 'occurredAt'
>;

export const changeFeedRepository = {
  /**
   * Queued by PostgreSQL and delivered to every listener when, and only if, the transaction commits;
   * outside a transaction, at once.
   */
  async notify(db: Db | Tx, event: ChangeEvent | PresenceEvent): Promise<void> {
    await db.execute(sql`select pg_notify(${changeChannel}, ${JSON.stringify(event)})`);
  },

  /** The workspace's entries the reader may see at or after `since`, oldest first. */
  listFrom(db: Db, reader: EntryReader, since: Date, limit: number): Promise<ChangeRow[]> {
    return db
      .select(changeColumns)
      .from(activityLog)
      .where(
        and(
          eq(activityLog.tenantId, reader.tenantId),
          gte(activityLog.occurredAt, since),
          entriesVisibleTo(reader),
        ),
      )
      .orderBy(asc(activityLog.occurredAt), asc(activityLog.id))
      .limit(limit);
  },

  /** Which of these entries the reader may see. */
  async visibleIds(db: Db, reader: EntryReader, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: activityLog.id })
      .from(activityLog)
      .where(
        and(
          eq(activityLog.tenantId, reader.tenantId),
          inArray(activityLog.id, ids),
          entriesVisibleTo(reader),
        ),
      );
    return new Set(rows.map((row) => row.id));
  },

  async latest(db: Db, tenantId: string): Promise<ChangeRow | undefined> {
    const [row] = await db
      .select(changeColumns)
      .from(activityLog)
      .where(eq(activityLog.tenantId, tenantId))
      .orderBy(desc(activityLog.occurredAt), desc(activityLog.id))
      .limit(1);
    return row;
  },
};
