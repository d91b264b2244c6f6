import type { Db } from '@atrium/db';
import type { Auth } from '../auth/auth';
import { memberRouter, permit } from '../auth/member-context';
import type { Mailer } from './mailer';

/** The in-app outbox: what Atrium sent (or would send, without SMTP) for this workspace. */
export function outboxRoutes(auth: Auth, db: Db, mailer: Mailer) {
  return memberRouter(auth, db).get('/', permit('settings:manage'), async (c) => {
    const rows = await mailer.outbox(c.get('member').tenantId, 100);
    return c.json({
      data: rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        status: row.status,
        transport: row.transport,
        error: row.error,
        attempts: row.attempts,
        lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
    });
  });
}
