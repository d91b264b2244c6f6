import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Member } from '../auth/member-context';

/**
 * Every kind of record the activity log speaks of. A kind added here needs its read rule where the
 * audience is put together (app.ts): the compiler asks for it. Entries of a kind not listed are
 * shown to nobody.
 */
export const activityEntityTypes = [
  'workspace',
  'member',
  'invitation',
  'employee',
  'time_entry',
  'shift',
  'schedule',
  'performance_review',
  'goal',
  'project',
  'task',
  'calendar_event',
  // A notification's announcement to its recipient (issue 19); the bell lists them, not the feed.
  'notification',
  // Help desk tickets (issue 21).
  'ticket',
  // Marketing campaigns, and leads as far as revenue needs them (issue 23).
  'campaign',
  'lead',
] as const;

export type ActivityEntityType = (typeof activityEntityTypes)[number];

/** The columns of an activity entry a read rule may look at. */
export type EntryColumns = { entityId: AnyPgColumn; data: AnyPgColumn };

/**
 * Which of the entries about one kind of record a member may see: every one (true), none (false),
 * or those meeting a condition on the entry.
 */
export type EntryVisibility = boolean | ((entry: EntryColumns) => SQL);

/**
 * Issue 17: an activity entry is shown only to those allowed to read the record it is about, and its
 * data carries nothing of the record they may not read. The module that owns the record writes its
 * rule, from the same scope its own lists use.
 */
export type ReadRule = {
  visible(member: Member): EntryVisibility;
  /** The entry's data without what this member may not read; absent when the data needs no cut. */
  redact?(member: Member, data: Record<string, unknown>): Record<string, unknown>;
};

export type ActivityAudience = Record<ActivityEntityType, ReadRule>;

/** One member's view of the log, worked out once per request or per event stream. */
export type EntryReader = {
  tenantId: string;
  /** The kinds of record whose every entry the member may see. */
  everyEntryOf: readonly ActivityEntityType[];
  /** The kinds whose entries the member sees under a condition (own reviews, their projects ...). */
  someEntriesOf: readonly { entityType: ActivityEntityType; condition: (entry: EntryColumns) => SQL }[];
  /** 'all', 'some' (ask the database) or 'none' of the entries of this kind. */
  sees(entityType: string): 'all' | 'some' | 'none';
  redact(entityType: string, data: Record<string, unknown> | null): Record<string, unknown> | null;
};

const isEntityType = (value: string): value is ActivityEntityType =>
  (activityEntityTypes as readonly string[]).includes(value);

export function readerFor(audience: ActivityAudience, member: Member): EntryReader {
  const everyEntryOf: ActivityEntityType[] = [];
  const someEntriesOf: { entityType: ActivityEntityType; condition: (entry: EntryColumns) => SQL }[] = [];
  for (const entityType of activityEntityTypes) {
    const visible = audience[entityType].visible(member);
    if (visible === true) everyEntryOf.push(entityType);
    else if (visible !== false) someEntriesOf.push({ entityType, condition: visible });
  }
  return {
    tenantId: member.tenantId,
    everyEntryOf,
    someEntriesOf,
    sees(entityType) {
      if (!isEntityType(entityType)) return 'none';
      if (everyEntryOf.includes(entityType)) return 'all';
      return someEntriesOf.some((entry) => entry.entityType === entityType) ? 'some' : 'none';
    },
    redact(entityType, data) {
      const redact = isEntityType(entityType) ? audience[entityType].redact : undefined;
      return data && redact ? redact(member, data) : data;
    },
  };
}
