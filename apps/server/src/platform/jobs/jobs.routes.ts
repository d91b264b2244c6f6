import type { Db } from '@atrium/db';
import { backgroundJobListQuerySchema } from '@atrium/shared';
import type { Auth } from '../auth/auth';
import { memberRouter, permit } from '../auth/member-context';
import { idParam, readQuery } from '../http/request-input';
import type { JobsAdmin } from './jobs-admin.service';

/** Settings -> Background jobs (issue 19): the workspace's jobs for its Admins, and retrying a failed one. */
export function jobsRoutes(auth: Auth, db: Db, admin: JobsAdmin) {
  return memberRouter(auth, db)
    .get('/', permit('settings:manage'), async (c) =>
      c.json(await admin.list(c.get('member').tenantId, readQuery(c, backgroundJobListQuerySchema))),
    )
    .post('/:id/retry', permit('settings:manage'), async (c) => {
      await admin.retry(c.get('member').tenantId, idParam(c));
      return c.body(null, 204);
    });
}
