import { and, eq, lt } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';

const { sessions, verifications, invitations, idempotencyKeys } = schema;

export const nightlyCleanupRepository = {
  /** Deletes what expired before `now` (idempotency keys: created before `keysBefore`); counts per kind. */
  async clearExpired(db: Db, { now, keysBefore }: { now: Date; keysBefore: Date }) {
    const [expiredSessions, expiredVerifications, expiredInvitations, expiredKeys] = await Promise.all([
      db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
      db.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id }),
      // Accepted and cancelled ones stay as the workspace's record; a pending one past its date is dead.
      db
        .delete(invitations)
        .where(and(eq(invitations.status, 'pending'), lt(invitations.expiresAt, now)))
        .returning({ id: invitations.id }),
      db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, keysBefore))
        .returning({ key: idempotencyKeys.key }),
    ]);
    return {
      sessions: expiredSessions.length,
      verifications: expiredVerifications.length,
      invitations: expiredInvitations.length,
      idempotencyKeys: expiredKeys.length,
    };
  },
};
