// Tables the server's platform layer uses (ARCHITECTURE.md: activity, mail outbox, files, background
// exports, throttling, API tokens, idempotency keys). They are append-mostly records, not edited
// entities, so they have no updatedAt or version. Background jobs use pg-boss's own tables.
import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, timestamptz } from './columns';
import { exportStatusEnum, mailStatusEnum, mailTransportEnum } from './enums';
import { tenantId } from './tenant-table';

/** Dashboard "Recent Activity" (spec 2) and each record's history. */
export const activityLog = pgTable(
  'activity_log',
  {
    tenantId: tenantId().notNull(),
    id: uuid().notNull().defaultRandom(),
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Kept with the row so the history still names a deleted user. */
    actorName: text().notNull(),
    /** created, updated, deleted, status_changed, ... */
    action: text().notNull(),
    /** employee, project, task, ticket, ... */
    entityType: text().notNull(),
    entityId: uuid().notNull(),
    /** The line the dashboard shows, e.g. "Moved 'Launch plan' to Done". */
    summary: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>(),
    occurredAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Dashboard Recent Activity, newest first.
    index('activity_log_recent_idx').on(t.tenantId, t.occurredAt),
    // A record's history tab.
    index('activity_log_entity_idx').on(t.tenantId, t.entityType, t.entityId),
    // Dashboard Active Projects a month ago: the status changes since then (few; most entries
    // carry no status).
    index('activity_log_status_change_idx')
      .on(t.tenantId, t.entityType, t.occurredAt)
      .where(sql`(${t.data} -> 'before' ->> 'status') is not null`),
  ],
);

export type MailEnvelope = {
  fromName?: string;
  replyTo?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: { name: string; storageKey: string; contentType?: string }[];
};

/**
 * Every outgoing mail is written here first. Without SMTP_URL the app shows this table as the
 * outbox; with it, the mailer sends the mail at once and records the outcome.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null for system mail that belongs to no workspace yet (sign-up verification, password reset). */
    tenantId: tenantId(),
    to: text().notNull(),
    from: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** Threading and reply headers, the sender's display name, and stored attachments (help desk replies). */
    envelope: jsonb().$type<MailEnvelope>(),
    status: mailStatusEnum().notNull().default('queued'),
    /** Delivery attempts so far; error is the last one's failure. */
    attempts: integer().notNull().default(0),
    lastAttemptAt: timestamptz(),
    error: text(),
    transport: mailTransportEnum().notNull(),
    createdAt: createdAt(),
    sentAt: timestamptz(),
  },
  // The in-app outbox: a workspace's mail, newest first.
  (t) => [index('mail_outbox_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * Personal API tokens (issue 19): `Authorization: Bearer <token>` acts as the owner, within the
 * token's scopes and workspace. Only a hash is kept; the token is shown once, when made.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    tenantId: tenantId().notNull(),
    id: uuid().notNull().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** SHA-256 of the token, hex: the token is random enough that no slow hash is needed. */
    tokenHash: text().notNull(),
    /** The token's first characters, shown in the list so its owner can tell tokens apart. */
    prefix: text().notNull(),
    /** Permission actions; each one the owner's role held when it was made. */
    scopes: text().array().notNull(),
    expiresAt: timestamptz(),
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Bearer authentication finds the token by its hash alone, before the workspace is known.
    uniqueIndex('api_tokens_hash_idx').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
);

/**
 * A create sent with an Idempotency-Key header (issue 19): its first answer, replayed for a retry
 * with the same key and body for 24 hours. Keys belong to the user in the workspace that sent them.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantId().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text().notNull(),
    /** Null while the first request is still being answered. */
    responseStatus: integer(),
    responseBody: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.key] }),
    // The nightly clean-up of keys past keeping.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** Metadata of uploaded bytes kept by the storage driver (local directory or S3). */
export const storedFiles = pgTable(
  'stored_files',
  {
    tenantId: tenantId().notNull(),
    id: uuid().notNull().defaultRandom(),
    /** The driver's object key; it embeds the tenant id, and tenant_id leads the constraint. */
    storageKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * An upload waiting to become part of something (a message's attachment): set when uploaded,
     * cleared when used. The nightly clean-up removes those still waiting after a day.
     */
    unattachedSince: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('stored_files_key_unique').on(t.tenantId, t.storageKey),
    index('stored_files_unattached_idx')
      .on(t.unattachedSince)
      .where(sql`${t.unattachedSince} is not null`),
  ],
);

/**
 * Files made in the background for one member (issue 17: exports too big to send as they are made).
 * The row is the request, its progress and who may fetch it; the bytes, once ready, are a stored
 * file. In the database rather than in memory, so any server process can answer the polling.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    tenantId: tenantId().notNull(),
    id: uuid().notNull().defaultRandom(),
    /** Only the member who asked may fetch it. */
    requestedBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The permission the export's route required; fetching the file requires it still. */
    permission: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    status: exportStatusEnum().notNull().default('running'),
    /** How far it got, in the export's own unit (employees, rows); total is null until known. */
    done: integer().notNull().default(0),
    total: integer(),
    fileId: uuid(),
    createdAt: createdAt(),
    /** Written with each progress report: a running export not heard of for long died with its process. */
    touchedAt: timestamptz().notNull().defaultNow(),
    finishedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'export_files_file_fk',
      columns: [t.tenantId, t.fileId],
      foreignColumns: [storedFiles.tenantId, storedFiles.id],
    }).onDelete('cascade'),
    // The clean-up of a workspace's expired exports, oldest first.
    index('export_files_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * Fixed-window counters for throttling (sign-in attempts per account and per address). In the
 * database, not in memory, so every server process counts the same attempts.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  windowStartedAt: timestamptz().notNull(),
});
