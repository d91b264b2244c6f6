// In-app notifications (spec 3 "notifications (with isRead flag)") and how each member wants to hear
// of each kind. Addressed to a user: they follow the person's account, not an employee record
// (customers get them too).
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamptz, updatedAt } from './columns';
import { notificationChannelEnum, notificationEmailStateEnum } from './enums';
import { tenantId, tenantTable } from './tenant-table';

export const notifications = tenantTable(
  'notifications',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** task_assigned, task_commented, ... (the kinds in packages/shared). */
    type: text().notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** The record it is about, e.g. task + its id. */
    entityType: text(),
    entityId: uuid(),
    /** In-app path to open, e.g. /projects/tasks?task=... */
    link: text(),
    /** False when the member asked for email only: kept for the email, not shown in the bell. */
    inApp: boolean().notNull().default(true),
    /** Null when no email is due; pending until its batch is sent. */
    emailState: notificationEmailStateEnum(),
    /** Spec 3 isRead: null while unread. */
    readAt: timestamptz(),
  },
  (t) => [
    // Header bell: the user's notifications newest first, in the keyset's order (created, id).
    // Ascending, read backwards: a DESC index puts nulls last, which "order by ... desc" cannot use.
    index('notifications_bell_idx')
      .on(t.tenantId, t.userId, t.createdAt, t.id)
      .where(sql`${t.inApp}`),
    // The bell's unread count: only the unread ones, however many a member has read.
    index('notifications_unread_idx')
      .on(t.tenantId, t.userId)
      .where(sql`${t.inApp} and ${t.readAt} is null`),
    // The email batch of one user: the few notifications still waiting for it.
    index('notifications_email_pending_idx')
      .on(t.tenantId, t.userId)
      .where(sql`${t.emailState} = 'pending'`),
  ],
);

/** A member's choice per kind; a kind without a row uses the kind's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    tenantId: tenantId().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    channel: notificationChannelEnum().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.kind] })],
);
