import { notificationListQuerySchema, updateNotificationPreferencesSchema } from '@atrium/shared';
import type { Db } from '@atrium/db';
import type { Auth } from '../auth/auth';
import { memberRouter } from '../auth/member-context';
import { idParam, readBody, readQuery } from '../http/request-input';
import type { NotificationsService } from './notifications.service';

/**
 * The header bell and Settings -> Notifications (issue 19), for every member: each route reads and
 * changes only the signed-in member's own notifications and preferences in this workspace.
 */
export function notificationsRoutes(auth: Auth, db: Db, service: NotificationsService) {
  return (
    memberRouter(auth, db)
      .get('/', async (c) =>
        c.json(await service.list(c.get('member'), readQuery(c, notificationListQuerySchema))),
      )
      .get('/unread-count', async (c) => c.json(await service.unreadCount(c.get('member'))))
      .get('/preferences', async (c) => c.json(await service.preferences(c.get('member'))))
      .put('/preferences', async (c) =>
        c.json(
          await service.savePreferences(
            c.get('member'),
            await readBody(c, updateNotificationPreferencesSchema),
          ),
        ),
      )
      .post('/read-all', async (c) => c.json(await service.markAllRead(c.get('member'))))
      // Static paths above; /:id would otherwise take "read-all".
      .post('/:id/read', async (c) => c.json(await service.markRead(c.get('member'), idParam(c))))
  );
}
