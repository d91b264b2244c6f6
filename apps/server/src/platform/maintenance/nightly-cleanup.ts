import type { Db } from '@atrium/db';
import { idempotencyKeyHours } from '../idempotency/idempotency';
import type { Jobs } from '../jobs/jobs';
import type { Logger } from '../logging/logger';
import type { FileStorage } from '../storage/file-storage';
import { storedFilesRepository } from '../storage/stored-files.repository';
import { nightlyCleanupRepository } from './nightly-cleanup.repository';

export const nightlyCleanupQueue = 'maintenance.nightly-cleanup';

/** An upload still attached to nothing after this long was abandoned (a reply never sent). */
export const unattachedUploadHours = 24;

const uploadBatch = 500;

/** Every server process registers it; pg-boss runs it once a night, in one of them. */
export function registerNightlyCleanup(deps: { db: Db; jobs: Jobs; log: Logger; storage: FileStorage }) {
  /** The rows go first, and only those still unattached: a file attached meanwhile keeps its bytes. */
  async function removeAbandonedUploads(before: Date): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await storedFilesRepository.unattachedBefore(deps.db, before, uploadBatch);
      const gone = new Set(await storedFilesRepository.removeUnattached(deps.db, batch));
      for (const file of batch) if (gone.has(file.id)) await deps.storage.remove(file.storageKey);
      removed += gone.size;
      if (batch.length < uploadBatch || gone.size === 0) return removed;
    }
  }

  deps.jobs.register(
    nightlyCleanupQueue,
    async () => {
      const now = new Date();
      const removed = await nightlyCleanupRepository.clearExpired(deps.db, {
        now,
        keysBefore: new Date(now.getTime() - idempotencyKeyHours * 3_600_000),
        // Only today's views are still counted against; yesterday's stay as a margin for a clock behind.
        viewsBefore: new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10),
      });
      const uploads = await removeAbandonedUploads(
        new Date(now.getTime() - unattachedUploadHours * 3_600_000),
      );
      deps.log.info({ removed: { ...removed, uploads } }, 'nightly clean-up done');
    },
    // Sessions and keys belong to no one workspace: all at once, in the quiet hours of UTC.
    {
      label:
        'Clear expired sessions, invitations, idempotency keys, abandoned uploads and past days’ article views',
      schedule: { cron: '17 3 * * *', tz: 'UTC' },
    },
  );
}
