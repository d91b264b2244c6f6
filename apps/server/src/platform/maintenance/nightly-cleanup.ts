import type { Db } from '@atrium/db';
import { idempotencyKeyHours } from '../idempotency/idempotency';
import type { Jobs } from '../jobs/jobs';
import type { Logger } from '../logging/logger';
import { nightlyCleanupRepository } from './nightly-cleanup.repository';

export const nightlyCleanupQueue = 'maintenance.nightly-cleanup';

/** Every server process registers it; pg-boss runs it once a night, in one of them. */
export function registerNightlyCleanup(deps: { db: Db; jobs: Jobs; log: Logger }) {
  deps.jobs.register(
    nightlyCleanupQueue,
    async () => {
      const now = new Date();
      const removed = await nightlyCleanupRepository.clearExpired(deps.db, {
        now,
        keysBefore: new Date(now.getTime() - idempotencyKeyHours * 3_600_000),
      });
      deps.log.info({ removed }, 'nightly clean-up done');
    },
    // Sessions and keys belong to no one workspace: all at once, in the quiet hours of UTC.
    {
      label: 'Clear expired sessions, invitations and idempotency keys',
      schedule: { cron: '17 3 * * *', tz: 'UTC' },
    },
  );
}
