import { listQuerySchema } from '@atrium/shared';
import type { Db } from '@atrium/db';
import type { Auth } from '../auth/auth';
import { memberRouter, permit } from '../auth/member-context';
import { readQuery } from '../http/request-input';
import { activityLog } from './activity.service';

/** The workspace's activity feed, newest first (dashboard Recent Activity, audit views). */
export function activityRoutes(auth: Auth, db: Db) {
  return memberRouter(auth, db).get('/', permit('activity:view'), async (c) =>
    c.json(await activityLog.listRecent(db, c.get('member').tenantId, readQuery(c, listQuerySchema))),
  );
}
