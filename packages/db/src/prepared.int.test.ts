import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedPerDatabase } from './prepared';
import { users, workspaces, memberships } from './schema/index';
import { openTestDatabase, type TestDatabase } from './testing';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const planCacheMode = sql<string>`current_setting('plan_cache_mode')`;

describe('named statements', () => {
  const modeStatement = preparedPerDatabase((db) =>
    db
      .select({ mode: planCacheMode, name: users.name })
      .from(users)
      .where(eq(users.email, sql.placeholder('email')))
      .prepare('test_plan_cache_mode'),
  );

  it('run with one generic plan on PostgreSQL, while one-off statements keep planning per call', async () => {
    await database.db.insert(users).values({ name: 'Grace Hopper', email: 'grace@example.test' });
    const [prepared] = await modeStatement(database.db).execute({ email: 'grace@example.test' });
    const [oneOff] = await database.db.select({ mode: planCacheMode }).from(users);
    expect(prepared?.name).toBe('Grace Hopper');
    expect(oneOff?.mode).toBe('auto');
    // PGlite has one connection for everything, so its statements keep the automatic choice.
    expect(prepared?.mode).toBe(database.kind === 'postgres' ? 'force_generic_plan' : 'auto');
  });
});

describe('rows of a selection read more than once', () => {
  it('decode each column by its own type, and a missing left join as null', async () => {
    const [workspace] = await database.db
      .insert(workspaces)
      .values({ name: 'Decoding', slug: 'decoding' })
      .returning();
    const [linked] = await database.db
      .insert(users)
      .values({ name: 'Ada Lovelace', email: 'ada@example.test' })
      .returning();
    await database.db.insert(users).values({ name: 'Alan Turing', email: 'alan@example.test' });
    await database.db
      .insert(memberships)
      .values({ organizationId: workspace!.id, userId: linked!.id, role: 'manager' });

    const statement = preparedPerDatabase((db) =>
      db
        .select({
          name: users.name,
          createdAt: users.createdAt,
          letters: sql<number>`length(${users.name})`.mapWith(Number),
          membership: { role: memberships.role, joined: memberships.createdAt },
        })
        .from(users)
        .leftJoin(memberships, eq(memberships.userId, users.id))
        .where(sql`${users.email} in ('ada@example.test', 'alan@example.test')`)
        .orderBy(asc(users.name))
        .prepare('test_decoded_rows'),
    )(database.db);

    for (let read = 0; read < 2; read++) {
      const rows = await statement.execute();
      expect(rows).toEqual([
        {
          name: 'Ada Lovelace',
          createdAt: expect.any(Date) as Date,
          letters: 12,
          membership: { role: 'manager', joined: expect.any(Date) as Date },
        },
        { name: 'Alan Turing', createdAt: expect.any(Date) as Date, letters: 11, membership: null },
      ]);
    }
  });
});
