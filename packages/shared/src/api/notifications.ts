import { z } from 'zod';
import { notificationChannels } from '../domain/enums';
import { notificationKindIds } from '../domain/notification-rules';
import { listQuerySchema } from './list';

// The notification centre (issue 19): the header bell and Settings -> Notifications. Routes under
// /api/v1/notifications; a member only ever reads and marks their own.

export const notificationSchema = z.object({
  id: z.uuid(),
  /** One of notificationKinds; kept as text so a kind a newer server added still lists. */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** In-app path of the record it is about, e.g. /projects/kanban?projectId=...&task=... */
  link: z.string().nullable(),
  entityType: z.string().nullable(),
  entityId: z.uuid().nullable(),
  readAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = listQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationPageSchema = z.object({
  data: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** The bell shows "99+" from here on: unread notifications are counted up to it, not further. */
export const unreadCountCap = 100;

export const unreadCountSchema = z.object({ count: z.number().int().max(unreadCountCap) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationPreferenceSchema = z.object({
  kind: z.enum(notificationKindIds),
  label: z.string(),
  channel: z.enum(notificationChannels),
  defaultChannel: z.enum(notificationChannels),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z.object({ data: z.array(notificationPreferenceSchema) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/v1/notifications/preferences: the kinds to change; the others stay as they are. */
export const updateNotificationPreferencesSchema = z.object({
  preferences: z
    .array(
      z.object({
        kind: z.enum(notificationKindIds, 'Choose a kind of notification'),
        channel: z.enum(notificationChannels, 'Choose In app, Email, Both or None'),
      }),
      'Choose at least one preference',
    )
    .min(1, 'Choose at least one preference'),
});
export type UpdateNotificationPreferencesInput = z.input<typeof updateNotificationPreferencesSchema>;

/** POST /api/v1/notifications/read-all: how many were unread. */
export const markAllReadResultSchema = z.object({ updated: z.number().int() });
export type MarkAllReadResult = z.infer<typeof markAllReadResultSchema>;
