import { and, eq, lt } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';

const { sessions, verifications, invitations, idempotencyKeys, knowledgeArticleViews } = schema;

export const nightlyCleanupRepository = {
  /**
   * Deletes what expired before `now` (idempotency keys: created before `keysBefore`; the help
   * centre's views, counted once per visitor per day: of days before `viewsBefore`); counts per kind.
   */
  async clearExpired(
    db: Db,
    { now, keysBefore, viewsBefore }: { now: Date; keysBefore: Date; viewsBefore: string },
  ) {
    const [expiredSessions, expiredVerifications, expiredInvitations, expiredKeys, pastViews] =
      await Promise.all([
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
        db
          .delete(knowledgeArticleViews)
          .where(lt(knowledgeArticleViews.day, viewsBefore))
          .returning({ day: knowledgeArticleViews.day }),
      ]);
    return {
      sessions: expiredSessions.length,
      verifications: expiredVerifications.length,
      invitations: expiredInvitations.length,
      idempotencyKeys: expiredKeys.length,
      articleViews: pastViews.length,
    };
  },
};
