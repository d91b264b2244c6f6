import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';

const { idempotencyKeys } = schema;

export type IdempotencyKey = { tenantId: string; userId: string; key: string };

const sameKey = ({ tenantId, userId, key }: IdempotencyKey) =>
  and(
    eq(idempotencyKeys.tenantId, tenantId),
    eq(idempotencyKeys.userId, userId),
    eq(idempotencyKeys.key, key),
  );

export const idempotencyRepository = {
  /**
   * Records the key for this request unless it is already recorded; a key past keeping, or one
   * whose request was abandoned unanswered (its process died), is taken over. Returns the row that
   * was there before, or undefined when this request holds the key now.
   */
  async claim(
    db: Db,
    id: IdempotencyKey,
    requestHash: string,
    limits: { keepHours: number; abandonedAfterMinutes: number },
  ) {
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          sameKey(id),
          or(
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${limits.keepHours})`),
            and(
              isNull(idempotencyKeys.responseStatus),
              lt(
                idempotencyKeys.createdAt,
                sql`now() - make_interval(mins => ${limits.abandonedAfterMinutes})`,
              ),
            ),
          ),
        ),
      );
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ ...id, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) return undefined;
    const [first] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
      })
      .from(idempotencyKeys)
      .where(sameKey(id));
    // Gone between the insert and the read (taken over by another retry): still being answered.
    return first ?? { requestHash, responseStatus: null, responseBody: null };
  },
  async keepAnswer(db: Db, id: IdempotencyKey, status: number, body: string) {
    await db.update(idempotencyKeys).set({ responseStatus: status, responseBody: body }).where(sameKey(id));
  },
  /** Frees the key of a request that failed on our side, so a retry runs it again. */
  async release(db: Db, id: IdempotencyKey) {
    await db.delete(idempotencyKeys).where(and(sameKey(id), isNull(idempotencyKeys.responseStatus)));
  },
};
