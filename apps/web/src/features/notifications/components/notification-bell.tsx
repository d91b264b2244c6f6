import { unreadCountCap, type Notification } from '@atrium/shared';
import { Bell, CheckCheck } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatRelative } from '../../../lib/dates';
import { useNewNotificationToasts, useNotifications } from '../hooks/use-notifications';

const countLabel = (count: number) => (count >= unreadCountCap ? `${unreadCountCap - 1}+` : String(count));

/** Issue 19: the header's notification centre — a bell with the unread count and the newest first. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { unread, list, markRead, markAllRead, open: openRecord } = useNotifications();
  const items = list.data?.pages.flatMap((page) => page.data);
  useNewNotificationToasts(list.data?.pages[0]?.data, openRecord);
  const count = unread.data ?? 0;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={count > 0 ? `Notifications, ${countLabel(count)} unread` : 'Notifications'}
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'relative size-10 px-0' })}
      >
        <Bell aria-hidden="true" className="size-5 text-slate-700" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 grid h-4 min-w-4 place-items-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white"
          >
            {countLabel(count)}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl bg-white shadow-lg ring-1 ring-slate-200 focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={count === 0 || markAllRead.isPending}
              onClick={() => markAllRead.mutate()}
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              Mark all read
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {list.isPending ? (
              <p className="flex items-center gap-2 px-4 py-6 text-sm text-slate-600">
                <Spinner /> Loading notifications…
              </p>
            ) : list.isError && !items ? (
              <div className="p-4">
                <ServerErrorAlert error={list.error} title="The notifications could not be loaded" />
              </div>
            ) : !items || items.length === 0 ? (
              <div className="px-4 py-8 text-center">
                <Bell aria-hidden="true" className="mx-auto size-8 text-slate-400" />
                <p className="mt-2 text-sm font-semibold text-slate-900">No notifications yet</p>
                <p className="mt-1 text-sm text-slate-600">
                  Tasks assigned to you, comments on your tasks and decisions about your time show up here.
                </p>
              </div>
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    onOpen={() => {
                      setOpen(false);
                      openRecord(notification);
                    }}
                    onMarkRead={() => markRead.mutate(notification.id)}
                  />
                ))}
              </ul>
            )}
            {(markRead.error ?? markAllRead.error) ? (
              <div className="p-3">
                <ServerErrorAlert
                  error={(markRead.error ?? markAllRead.error)!}
                  title="The notification could not be marked read"
                />
              </div>
            ) : null}
            {list.hasNextPage ? (
              <div className="border-t border-slate-100 p-2">
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-full"
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            ) : null}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationItem({
  notification,
  onOpen,
  onMarkRead,
}: {
  notification: Notification;
  onOpen: () => void;
  onMarkRead: () => void;
}) {
  const unread = !notification.readAt;
  const text = (
    <>
      <span className={cn('block text-sm', unread ? 'font-semibold text-slate-900' : 'text-slate-700')}>
        {unread ? <span className="sr-only">Unread: </span> : null}
        {notification.title}
      </span>
      {notification.body ? (
        <span className="mt-0.5 block truncate text-sm text-slate-600">{notification.body}</span>
      ) : null}
      <time dateTime={notification.createdAt} className="mt-1 block text-xs text-slate-500">
        {formatRelative(notification.createdAt)}
      </time>
    </>
  );
  return (
    <li className={cn('flex items-start gap-2 px-4 py-3', unread && 'bg-indigo-50/50')}>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-indigo-600' : 'bg-transparent')}
      />
      {notification.link ? (
        <Link
          to={notification.link}
          onClick={(event) => {
            event.preventDefault();
            onOpen();
          }}
          className="min-w-0 flex-1 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {text}
        </Link>
      ) : (
        <div className="min-w-0 flex-1">{text}</div>
      )}
      {unread ? (
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0 px-2 text-xs"
          aria-label={`Mark read: ${notification.title}`}
          onClick={onMarkRead}
        >
          Mark read
        </Button>
      ) : null}
    </li>
  );
}
