import { and, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema, type Db, type Tx } from '@atrium/db';
import type { NotificationChannel } from '@atrium/shared';
import type { CursorValues } from '../db/cursor';
import { keysetCursor, keysetCursorShape, keysetPage, type KeysetSort } from '../db/keyset';

const { notifications, notificationPreferences, memberships, employees, users, workspaces } = schema;

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;

const ofUser = (tenantId: string, userId: string) =>
  and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId));

/** Shown in the bell: not the email-only ones. */
const inBell = (tenantId: string, userId: string) =>
  and(ofUser(tenantId, userId), eq(notifications.inApp, true));

/** The bell's order: newest first. */
const newestFirst: KeysetSort<NotificationRow> = {
  exprs: [sql`${notifications.createdAt}`],
  casts: [{ type: 'timestamptz' }],
  values: (row) => [row.createdAt.toISOString()],
};
export const notificationCursorShape = keysetCursorShape(newestFirst);
export const notificationCursor = (row: NotificationRow) => keysetCursor(newestFirst, row);

export const notificationsRepository = {
  /** Of these users, those who are active members of the workspace. */
  async activeMembers(db: Db | Tx, tenantId: string, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.organizationId, tenantId),
          inArray(memberships.userId, userIds),
          eq(memberships.status, 'active'),
        ),
      );
    return rows.map((row) => row.userId);
  },

  /** The sign-in accounts of these employees, for those who have one. */
  async usersOfEmployees(db: Db | Tx, tenantId: string, employeeIds: string[]): Promise<string[]> {
    if (employeeIds.length === 0) return [];
    const rows = await db
      .select({ userId: employees.userId })
      .from(employees)
      .where(
        and(
          eq(employees.tenantId, tenantId),
          inArray(employees.id, employeeIds),
          isNotNull(employees.userId),
        ),
      );
    return rows.map((row) => row.userId!);
  },

  /** The channels these users chose for one kind; a user without a row keeps the default. */
  async chosenChannels(
    db: Db | Tx,
    tenantId: string,
    userIds: string[],
    kind: string,
  ): Promise<Map<string, NotificationChannel>> {
    const rows = await db
      .select({ userId: notificationPreferences.userId, channel: notificationPreferences.channel })
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.tenantId, tenantId),
          inArray(notificationPreferences.userId, userIds),
          eq(notificationPreferences.kind, kind),
        ),
      );
    return new Map(rows.map((row) => [row.userId, row.channel]));
  },

  async insertMany(tx: Db | Tx, rows: NotificationInsert[]): Promise<NotificationRow[]> {
    if (rows.length === 0) return [];
    return tx.insert(notifications).values(rows).returning();
  },

  /** One keyset page of the user's bell, newest first, after `cursor`. */
  page(
    db: Db,
    tenantId: string,
    userId: string,
    page: { cursor: CursorValues<typeof notificationCursorShape> | undefined; limit: number },
  ): Promise<NotificationRow[]> {
    return keysetPage(
      { sort: newestFirst, idColumn: sql`${notifications.id}`, direction: 'desc', ...page },
      (query) =>
        db
          .select()
          .from(notifications)
          .where(and(inBell(tenantId, userId), query.where))
          .orderBy(...query.orderBy)
          .limit(query.limit),
    );
  },

  /** Unread, counted up to `upTo`: the bell shows "99+" beyond, and a member may have thousands. */
  async unreadCount(db: Db, tenantId: string, userId: string, upTo: number): Promise<number> {
    const unread = db
      .select({ one: sql`1` })
      .from(notifications)
      .where(and(inBell(tenantId, userId), isNull(notifications.readAt)))
      .limit(upTo)
      .as('unread');
    const [row] = await db.select({ n: count() }).from(unread);
    return row?.n ?? 0;
  },

  /** Marks one of the user's notifications read (kept as first read); undefined when it is not theirs. */
  async markRead(db: Db, tenantId: string, userId: string, id: string): Promise<NotificationRow | undefined> {
    const [row] = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(inBell(tenantId, userId), eq(notifications.id, id)))
      .returning();
    return row;
  },

  async markAllRead(db: Db, tenantId: string, userId: string): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(inBell(tenantId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  },

  /**
   * Takes the user's notifications still waiting for their email, oldest first, and marks them
   * sent: a second batch job running at the same time takes none of them.
   */
  async takePendingEmails(tx: Tx, tenantId: string, userId: string): Promise<NotificationRow[]> {
    const rows = await tx
      .update(notifications)
      .set({ emailState: 'sent' })
      .where(and(ofUser(tenantId, userId), eq(notifications.emailState, 'pending')))
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  },

  /** Where a user's email goes, and the workspace's name for its subject. */
  async emailRecipient(db: Db | Tx, tenantId: string, userId: string) {
    const [row] = await db
      .select({ email: users.email, name: users.name, workspaceName: workspaces.name })
      .from(users)
      .innerJoin(workspaces, eq(workspaces.id, tenantId))
      .where(eq(users.id, userId));
    return row;
  },

  preferences(db: Db, tenantId: string, userId: string) {
    return db
      .select({ kind: notificationPreferences.kind, channel: notificationPreferences.channel })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.tenantId, tenantId), eq(notificationPreferences.userId, userId)));
  },

  async savePreferences(
    db: Db,
    tenantId: string,
    userId: string,
    choices: { kind: string; channel: NotificationChannel }[],
  ): Promise<void> {
    await db
      .insert(notificationPreferences)
      .values(choices.map((choice) => ({ tenantId, userId, ...choice })))
      .onConflictDoUpdate({
        target: [
          notificationPreferences.tenantId,
          notificationPreferences.userId,
          notificationPreferences.kind,
        ],
        set: { channel: sql`excluded.channel`, updatedAt: sql`now()` },
      });
  },

  /** "This notification is addressed to the user", for a notification id held elsewhere (the activity log). */
  addressedTo: (tenantId: string, userId: string, notificationId: AnyPgColumn): SQL =>
    sql`${notificationId} in (select ${notifications.id} from ${notifications}
      where ${notifications.tenantId} = ${tenantId} and ${notifications.userId} = ${userId})`,
};
