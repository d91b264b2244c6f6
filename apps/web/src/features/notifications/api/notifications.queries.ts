import type {
  Notification,
  NotificationPage,
  NotificationPreferences,
  UnreadCount,
  UpdateNotificationPreferencesInput,
} from '@atrium/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Every query here starts with 'notifications': a notification announced on the event stream
// refreshes them all (realtime's affected queries).

const pageSize = 10;

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'list'],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(pageSize) });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<NotificationPage>(`/api/v1/notifications?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread-count'],
    queryFn: ({ signal }) => apiRequest<UnreadCount>('/api/v1/notifications/unread-count', { signal }),
    select: (answer) => answer.count,
  });

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'preferences'],
    queryFn: ({ signal }) =>
      apiRequest<NotificationPreferences>('/api/v1/notifications/preferences', { signal }),
    select: (answer) => answer.data,
  });

export const markNotificationRead = (id: string) =>
  apiRequest<Notification>(`/api/v1/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    json: {},
  });

export const markAllNotificationsRead = () =>
  apiRequest<{ updated: number }>('/api/v1/notifications/read-all', { method: 'POST', json: {} });

export const saveNotificationPreferences = (input: UpdateNotificationPreferencesInput) =>
  apiRequest<NotificationPreferences>('/api/v1/notifications/preferences', { method: 'PUT', json: input });
