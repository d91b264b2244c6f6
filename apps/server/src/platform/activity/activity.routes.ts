import { listQuerySchema } from '@atrium/shared';
import type { Db } from '@atrium/db';
import type { Auth } from '../auth/auth';
import { memberRouter, permit } from '../auth/member-context';
import { readQuery } from '../http/request-input';
import { readerFor, type ActivityAudience } from './activity-audience';
import { activityLog } from './activity.service';

/**
 * The workspace's activity feed, newest first (dashboard Recent Activity, audit views): of each
 * entry only what the member may read of its record (issue 17).
 */
export function activityRoutes(auth: Auth, db: Db, audience: ActivityAudience) {
  return memberRouter(auth, db).get('/', permit('activity:view'), async (c) =>
    c.json(
      await activityLog.listRecent(db, readerFor(audience, c.get('member')), readQuery(c, listQuerySchema)),
    ),
  );
}
