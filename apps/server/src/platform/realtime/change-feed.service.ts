import type { Db, Tx } from '@atrium/db';
import type { EntryReader } from '../activity/activity-audience';
import { decodeCursor, encodeCursor } from '../db/cursor';
import type { ChangeEvent } from './change-event';
import { changeFeedRepository, type ChangeRow } from './change-feed.repository';

/** A position in a workspace's change feed: the (occurredAt, id) of an activity entry. */
export type ChangeCursor = { occurredAt: Date; id: string };

/**
 * An entry's occurredAt is its transaction's start, not its commit: a transaction that began before
 * the last event a client saw may commit after it. Replays therefore start this much earlier, and
 * ids already sent are skipped (server side within a stream, client side across reconnects).
 */
export const replayOverlapMs = 10_000;

/** Beyond this many missed entries a replay is not worth it: the client refetches everything instead. */
export const maxReplayed = 500;

const beforeAnyChange: ChangeCursor = {
  occurredAt: new Date(0),
  id: '00000000-0000-0000-0000-000000000000',
};

export const encodeChangeCursor = (cursor: ChangeCursor) =>
  encodeCursor([cursor.occurredAt.toISOString(), cursor.id]);

/** Null for anything that is not a cursor we issued: the stream then starts afresh. */
export function decodeChangeCursor(value: string | undefined): ChangeCursor | null {
  if (!value) return null;
  try {
    const [occurredAt, id] = decodeCursor(value, ['timestamp', 'uuid']);
    const date = new Date(String(occurredAt));
    return Number.isNaN(date.getTime()) || typeof id !== 'string' ? null : { occurredAt: date, id };
  } catch {
    return null;
  }
}

export const cursorOf = (event: Pick<ChangeEvent, 'occurredAt' | 'id'>): ChangeCursor => ({
  occurredAt: new Date(event.occurredAt),
  id: event.id,
});

export const isAfter = (a: ChangeCursor, b: ChangeCursor) =>
  a.occurredAt.getTime() > b.occurredAt.getTime() ||
  (a.occurredAt.getTime() === b.occurredAt.getTime() && a.id > b.id);

const toEvent = (row: ChangeRow): ChangeEvent => ({
  tenantId: row.tenantId,
  id: row.id,
  entityType: row.entityType,
  entityId: row.entityId,
  action: row.action,
  occurredAt: row.occurredAt.toISOString(),
});

export type Replay = { events: ChangeEvent[] } | { tooMany: true; latest: ChangeCursor };

export function createChangeFeed(db: Db) {
  return {
    async latestCursor(tenantId: string): Promise<ChangeCursor> {
      const row = await changeFeedRepository.latest(db, tenantId);
      return row ? { occurredAt: row.occurredAt, id: row.id } : beforeAnyChange;
    },

    /**
     * Every entry the reader may see that may have committed after `cursor` was sent, oldest first;
     * includes some already sent.
     */
    async replaySince(reader: EntryReader, cursor: ChangeCursor): Promise<Replay> {
      const since = new Date(cursor.occurredAt.getTime() - replayOverlapMs);
      const rows = await changeFeedRepository.listFrom(db, reader, since, maxReplayed + 1);
      if (rows.length > maxReplayed)
        return { tooMany: true, latest: await this.latestCursor(reader.tenantId) };
      return { events: rows.map(toEvent) };
    },

    /**
     * The ids of the events the reader may hear of: the activity feed's rule (issue 17). Kinds seen
     * whole or not at all are decided here; only a kind with a row rule costs a query.
     */
    async audibleIds(reader: EntryReader, events: readonly ChangeEvent[]): Promise<Set<string>> {
      const audible = new Set<string>();
      const ask: string[] = [];
      for (const event of events) {
        const sees = reader.sees(event.entityType);
        if (sees === 'all') audible.add(event.id);
        else if (sees === 'some') ask.push(event.id);
      }
      for (const id of await changeFeedRepository.visibleIds(db, reader, ask)) audible.add(id);
      return audible;
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

/**
 * Announces a committed activity entry to every server process. Called inside the change's own
 * transaction: PostgreSQL delivers NOTIFY on commit only, so a rolled-back change stays silent.
 */
export function announceChange(db: Db | Tx, row: ChangeRow): Promise<void> {
  return changeFeedRepository.notify(db, toEvent(row));
}
