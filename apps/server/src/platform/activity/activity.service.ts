import type { Db, Tx } from '@atrium/db';
import type { ListPage } from '@atrium/shared';
import { decodeCursor, keysetPageOf } from '../db/cursor';
import { announceChange } from '../realtime/change-feed.service';
import type { ActivityEntityType, EntryReader } from './activity-audience';
import { activityRepository, type ActivityRow } from './activity.repository';

export type Actor = { userId: string | null; name: string };

/** The member who made a change, as the log names them. */
export const actorOf = (member: { userId: string; name: string }): Actor => ({
  userId: member.userId,
  name: member.name,
});

/** The `fields` an update sets to something other than what they held `before`, for its log entry. */
export function changedFields<Field extends string>(
  fields: readonly Field[],
  changes: Partial<Record<Field, unknown>>,
  before: Record<Field, unknown>,
): Field[] {
  return fields.filter(
    (field) => field in changes && JSON.stringify(changes[field]) !== JSON.stringify(before[field]),
  );
}

export type ActivityEntry = {
  tenantId: string;
  actor: Actor;
  /** A past-tense verb: created, updated, deleted, status_changed, approved ... */
  action: string;
  entityType: ActivityEntityType;
  entityId: string;
  /** One line a person can read in the feed, e.g. "moved 'Fix login' to Done". */
  summary: string;
  data?: Record<string, unknown>;
};

/**
 * Who did what to which record, and when. Services write it inside the same transaction as the change
 * it describes, so the log never claims a change that was rolled back, and open pages hear of the
 * change (GET /api/v1/events) once it commits.
 */
export const activityLog = {
  async record(db: Db | Tx, entry: ActivityEntry): Promise<ActivityRow> {
    const row = await activityRepository.insert(db, {
      tenantId: entry.tenantId,
      actorUserId: entry.actor.userId,
      actorName: entry.actor.name,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      summary: entry.summary,
      data: entry.data ?? null,
    });
    await announceChange(db, row);
    return row;
  },

  /** The entries the reader may see (issue 17), each with the data they may see. */
  async listRecent(
    db: Db,
    reader: EntryReader,
    query: { limit: number; cursor?: string | undefined },
  ): Promise<ListPage<ActivityRow>> {
    const after = query.cursor ? decodeCursor(query.cursor, ['timestamp', 'uuid']) : undefined;
    const rows = await activityRepository.listRecent(
      db,
      reader,
      query.limit + 1,
      after ? { occurredAt: new Date(String(after[0])), id: String(after[1]) } : undefined,
    );
    const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [
      last.occurredAt.toISOString(),
      last.id,
    ]);
    return {
      data: page.map((row) => ({ ...row, data: reader.redact(row.entityType, row.data) })),
      nextCursor,
    };
  },

  forEntity: (db: Db, tenantId: string, entityType: string, entityId: string) =>
    activityRepository.listForEntity(db, tenantId, entityType, entityId),
};
