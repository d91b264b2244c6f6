import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { preparedPerDatabase } from './prepared';
import { users } from './schema/index';
import { isWorkspaceSeeded, seedDemo, WorkspaceAlreadySeededError } from './seed/index';
import { openTestDatabase, type TestDatabase } from './testing';

// Issue 24: several server processes on one PostgreSQL, possibly behind a transaction pooler.
// PGlite has one process and one connection: nothing here applies to it.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('several processes starting at once on an empty database', () => {
  let empty: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    empty = await openTestDatabase({ migrate: false });
    second = await openDatabase({ kind: 'postgres', url: empty.url!, poolSize: 2 });
  });
  afterAll(async () => {
    await second?.close();
    await empty?.dispose();
  });

  it('apply the migrations once, the second waiting for the first', async () => {
    await Promise.all([empty.migrate(), second.migrate()]);
    expect(await empty.pendingMigrations()).toEqual([]);
  });

  it('load the demo workspace once; the other is told it is there', async () => {
    const results = await Promise.allSettled([
      seedDemo(empty, { scale: 'demo' }),
      seedDemo(second, { scale: 'demo' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(WorkspaceAlreadySeededError);
    expect(await isWorkspaceSeeded(empty.db)).toBe(true);
  }, 120_000);
});

describe.runIf(onPostgres)('behind a transaction pooler (directUrl set)', () => {
  let database: TestDatabase;
  let pooled: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    // One connection, so what it has prepared can be read back on it.
    const named = (name: string) => `${database.url!}?application_name=${name}`;
    pooled = await openDatabase({
      kind: 'postgres',
      url: named('pooled'),
      directUrl: named('direct'),
      poolSize: 1,
    });
  });
  afterAll(async () => {
    await pooled?.close();
    await database?.dispose();
  });

  const statement = preparedPerDatabase((db) =>
    db
      .select({ mode: sql<string>`current_setting('plan_cache_mode')`, name: users.name })
      .from(users)
      .where(eq(users.email, sql.placeholder('email')))
      .prepare('test_pooled_statement'),
  );

  it('sends named statements unnamed and without start-up settings', async () => {
    await pooled.db.insert(users).values({ name: 'Grace Hopper', email: 'grace@example.test' });
    for (let call = 0; call < 2; call++) {
      const [row] = await statement(pooled.db).execute({ email: 'grace@example.test' });
      expect(row).toEqual({ mode: 'auto', name: 'Grace Hopper' });
    }
    const prepared = await pooled.db.execute(sql`select name from pg_prepared_statements`);
    expect((prepared as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('gives LISTEN a connection to the direct URL', async () => {
    const client = pooled.dedicatedClient!();
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `select current_setting('application_name') as name`,
      );
      expect(rows).toEqual([{ name: 'direct' }]);
    } finally {
      await client.end();
    }
  });
});
