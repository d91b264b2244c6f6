import {
  markAllReadResultSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationSchema,
  unreadCountSchema,
  updateNotificationPreferencesSchema,
} from '@atrium/shared';
import type { ApiSection } from '../openapi/api-operation';

export const notificationsApi: ApiSection = {
  tag: 'Notifications',
  description: "The signed-in member's own notifications and how each kind reaches them.",
  operations: [
    {
      method: 'get',
      path: '/notifications',
      summary: 'Notifications, newest first, a page at a time',
      access: 'member',
      query: notificationListQuerySchema,
      responses: { 200: notificationPageSchema },
    },
    {
      method: 'get',
      path: '/notifications/unread-count',
      summary: 'How many are unread',
      access: 'member',
      responses: { 200: unreadCountSchema },
    },
    {
      method: 'get',
      path: '/notifications/preferences',
      summary: 'In app, email, both or none, per kind',
      access: 'member',
      responses: { 200: notificationPreferencesSchema },
    },
    {
      method: 'put',
      path: '/notifications/preferences',
      summary: 'Change the preferences',
      access: 'member',
      body: updateNotificationPreferencesSchema,
      responses: { 200: notificationPreferencesSchema },
    },
    {
      method: 'post',
      path: '/notifications/read-all',
      summary: 'Mark all read',
      access: 'member',
      responses: { 200: markAllReadResultSchema },
    },
    {
      method: 'post',
      path: '/notifications/:id/read',
      summary: 'Mark one read',
      access: 'member',
      responses: { 200: notificationSchema },
    },
  ],
};
