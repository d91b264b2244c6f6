import { eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';

const { rateLimits } = schema;

export const rateLimitRepository = {
  /** Counts one hit in the key's current window, starting a new window when the last one ended. */
  async hit(db: Db, key: string, windowSeconds: number) {
    const expired = sql`${rateLimits.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, hits: 1, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
          windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
    return row!;
  },
  async current(db: Db, key: string, windowSeconds: number) {
    const [row] = await db
      .select({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt })
      .from(rateLimits)
      .where(
        sql`${rateLimits.key} = ${key} and ${rateLimits.windowStartedAt} >= now() - make_interval(secs => ${windowSeconds})`,
      );
    return row;
  },
  async reset(db: Db, key: string) {
    await db.delete(rateLimits).where(eq(rateLimits.key, key));
  },
};
