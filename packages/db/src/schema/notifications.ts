// In-app notifications (spec 3 "notifications (with isRead flag)"). Addressed to a user: they
// follow the person's account, not an employee record (customers get them too).
import { index, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamptz } from './columns';
import { tenantTable } from './tenant-table';

export const notifications = tenantTable(
  'notifications',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. task_assigned, ticket_replied, mention; the spec names no values. */
    type: text().notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** In-app path to open, e.g. /projects/tasks?task=... */
    link: text(),
    /** Spec 3 isRead: null while unread. */
    readAt: timestamptz(),
  },
  // Header bell: the user's notifications newest first, and the unread count.
  (t) => [index('notifications_user_idx').on(t.tenantId, t.userId, t.createdAt.desc())],
);
