import type { Db, Tx } from '@atrium/db';
import {
  channelDelivery,
  channelFor,
  notificationKindIds,
  notificationKinds,
  unreadCountCap,
  type Notification,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationPreferences,
  type UpdateNotificationPreferencesInput,
} from '@atrium/shared';
import type { ActivityAudience } from '../activity/activity-audience';
import { activityLog, type Actor } from '../activity/activity.service';
import type { Member } from '../auth/member-context';
import { decodeCursor, keysetPageOf } from '../db/cursor';
import { notFound } from '../errors/app-error';
import type { Jobs } from '../jobs/jobs';
import type { Mailer } from '../mail/mailer';
import {
  notificationCursor,
  notificationCursorShape,
  notificationsRepository as repo,
  type NotificationRow,
} from './notifications.repository';

/** Issue 19: a notification is heard of by the member it is addressed to, and by no one else. */
export const notificationsReadRules = {
  notification: {
    visible: (member) => (entry) => repo.addressedTo(member.tenantId, member.userId, entry.entityId),
  },
} satisfies Pick<ActivityAudience, 'notification'>;

/** Whom to tell: users, or employees (told through their sign-in account, when they have one). */
export type Recipients = {
  users?: readonly (string | null | undefined)[];
  employees?: readonly (string | null | undefined)[];
};

export type NotifyInput = {
  /** The change's transaction: a rolled-back change notifies no one. */
  tx?: Tx;
  tenantId: string;
  /** Who made the change; never told of their own action. */
  actor: Actor;
  recipients: Recipients;
  kind: NotificationKind;
  /** The record it is about and where the app shows it. */
  record: { type: string; id: string; link: string };
  title: string;
  body?: string;
};

export type Notifier = { notify(input: NotifyInput): Promise<void> };

const emailQueue = 'notifications.email';

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.type,
  title: row.title,
  body: row.body,
  link: row.link,
  entityType: row.entityType,
  entityId: row.entityId,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const present = (ids: readonly (string | null | undefined)[] = []) =>
  ids.filter((id): id is string => Boolean(id));

export type NotificationsDeps = {
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  /** Links in the emails point here. */
  publicUrl: string;
  /** How long an email waits for more notifications to send with it (issue 19: ten in a minute, one email). */
  emailDelaySeconds: number;
};

/**
 * The notification centre (issue 19): notify() is the one call modules make; each recipient's
 * preference per kind decides between the bell, an email (batched per user) or both.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { db, jobs, mailer, publicUrl } = deps;

  jobs.register<{ tenantId: string; userId: string }>(
    emailQueue,
    async ({ tenantId, userId }) => {
      await db.transaction(async (tx) => {
        const batch = await repo.takePendingEmails(tx, tenantId, userId);
        const recipient = batch.length > 0 ? await repo.emailRecipient(tx, tenantId, userId) : undefined;
        if (!recipient) return;
        await mailer.send(
          { tenantId, to: recipient.email, ...emailOf(batch, recipient.workspaceName, publicUrl) },
          { tx },
        );
      });
    },
    {
      label: 'Email notifications',
      onePendingPerKey: true,
      retryLimit: 5,
      retryDelaySeconds: 30,
      retryBackoff: true,
      expireInSeconds: 120,
    },
  );

  async function notifyIn(tx: Tx, input: NotifyInput) {
    const { tenantId, kind, record } = input;
    const fromEmployees = await repo.usersOfEmployees(tx, tenantId, present(input.recipients.employees));
    const named = [...new Set([...present(input.recipients.users), ...fromEmployees])].filter(
      (userId) => userId !== input.actor.userId,
    );
    const userIds = await repo.activeMembers(tx, tenantId, named);
    if (userIds.length === 0) return;
    const chosen = await repo.chosenChannels(tx, tenantId, userIds, kind);
    const rows = await repo.insertMany(
      tx,
      userIds.flatMap((userId) => {
        const delivery = channelDelivery(channelFor(kind, chosen.get(userId)));
        if (!delivery.inApp && !delivery.email) return [];
        return [
          {
            tenantId,
            userId,
            type: kind,
            title: input.title,
            body: input.body ?? '',
            entityType: record.type,
            entityId: record.id,
            link: record.link,
            inApp: delivery.inApp,
            emailState: delivery.email ? ('pending' as const) : null,
          },
        ];
      }),
    );
    for (const row of rows) {
      // The recipient's open pages hear of it (GET /api/v1/events) once the change commits.
      if (row.inApp) {
        await activityLog.record(tx, {
          tenantId,
          actor: input.actor,
          action: 'created',
          entityType: 'notification',
          entityId: row.id,
          summary: row.title,
        });
      }
      // One job per user waits for the minute's other notifications and sends them in one email.
      if (row.emailState === 'pending') {
        await jobs.enqueue(
          emailQueue,
          { tenantId, userId: row.userId },
          {
            tx,
            startAfter: deps.emailDelaySeconds,
            singletonKey: `${tenantId}:${row.userId}`,
          },
        );
      }
    }
  }

  async function preferences(member: Member): Promise<NotificationPreferences> {
    const chosen = new Map(
      (await repo.preferences(db, member.tenantId, member.userId)).map((row) => [row.kind, row.channel]),
    );
    return {
      data: notificationKindIds.map((kind) => ({
        kind,
        label: notificationKinds[kind].label,
        channel: channelFor(kind, chosen.get(kind)),
        defaultChannel: notificationKinds[kind].defaultChannel,
      })),
    };
  }

  return {
    notify(input: NotifyInput): Promise<void> {
      return input.tx ? notifyIn(input.tx, input) : db.transaction((tx) => notifyIn(tx, input));
    },

    /** The member's bell, newest first. */
    async list(member: Member, query: NotificationListQuery & { limit: number }): Promise<NotificationPage> {
      const cursor = query.cursor ? decodeCursor(query.cursor, notificationCursorShape) : undefined;
      const rows = await repo.page(db, member.tenantId, member.userId, { cursor, limit: query.limit + 1 });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, notificationCursor);
      return { data: page.map(toNotification), nextCursor };
    },

    async unreadCount(member: Member) {
      return { count: await repo.unreadCount(db, member.tenantId, member.userId, unreadCountCap) };
    },

    /** Another member's notification does not exist for this one (404). */
    async markRead(member: Member, id: string): Promise<Notification> {
      const row = await repo.markRead(db, member.tenantId, member.userId, id);
      if (!row) throw notFound('Notification');
      return toNotification(row);
    },

    async markAllRead(member: Member) {
      return { updated: await repo.markAllRead(db, member.tenantId, member.userId) };
    },

    preferences,

    async savePreferences(
      member: Member,
      input: UpdateNotificationPreferencesInput,
    ): Promise<NotificationPreferences> {
      await repo.savePreferences(db, member.tenantId, member.userId, input.preferences);
      return preferences(member);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** One email for a user's batch: its subject names the one notification, or how many there are. */
function emailOf(batch: NotificationRow[], workspaceName: string, publicUrl: string) {
  const subject =
    batch.length === 1
      ? `${batch[0]!.title} (${workspaceName})`
      : `${batch.length} new notifications in ${workspaceName}`;
  const linkOf = (row: NotificationRow) => (row.link ? `${publicUrl}${row.link}` : publicUrl);
  const text = [
    `What happened in ${workspaceName}:`,
    '',
    ...batch.flatMap((row) => [
      `- ${row.title}`,
      ...(row.body ? [`  ${row.body}`] : []),
      `  ${linkOf(row)}`,
      '',
    ]),
    `Choose which notifications you get by email: ${publicUrl}/settings?tab=notifications`,
  ].join('\n');
  return { subject: subject.replace(/[\r\n]+/g, ' ').slice(0, 300), text };
}
