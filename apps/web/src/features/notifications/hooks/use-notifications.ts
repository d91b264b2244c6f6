import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Notification } from '@atrium/shared';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationsQueryOptions,
  unreadCountQueryOptions,
} from '../api/notifications.queries';

/** The bell's state: the count, the newest notifications, and marking them read. */
export function useNotifications() {
  const queryClient = useQueryClient();
  const unread = useQuery(unreadCountQueryOptions());
  const list = useInfiniteQuery(notificationsQueryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
  const markRead = useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const markAllRead = useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });
  const navigate = useNavigate();
  const { mutate: markOneRead } = markRead;
  /** Goes to the notification's record, marking it read on the way. */
  const open = useCallback(
    (notification: Notification) => {
      if (!notification.readAt) markOneRead(notification.id);
      if (notification.link) void navigate(notification.link);
    },
    [markOneRead, navigate],
  );
  return { unread, list, markRead, markAllRead, open };
}

/**
 * Issue 19: a notification that arrives while the app is open shows a toast (the spec's toaster:
 * bottom-right, one at a time, Alt+T focuses it). What was there when the page loaded stays quiet.
 */
export function useNewNotificationToasts(
  newest: readonly Notification[] | undefined,
  open: (notification: Notification) => void,
) {
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!newest) return;
    if (!seen.current) {
      seen.current = new Set(newest.map((notification) => notification.id));
      return;
    }
    const arrived = newest.filter((notification) => !seen.current!.has(notification.id));
    for (const notification of arrived) seen.current.add(notification.id);
    const latest = arrived.find((notification) => !notification.readAt);
    if (!latest) return;
    toast.info(latest.title, {
      id: `notification-${latest.id}`,
      description: latest.body || undefined,
      ...(latest.link ? { action: { label: 'Open', onClick: () => open(latest) } } : {}),
    });
  }, [newest, open]);
}
