import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { emptyDatabaseTargets } from './testing';

describe.each(emptyDatabaseTargets)('migrations on an empty $name database', ({ open }) => {
  let database: Database & { dispose(): Promise<void> };
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.dispose());

  // Both drivers return { rows }; the shared Db type leaves the result unknown.
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as { rows: T[] }).rows;

  it('apply, creating pg_trgm before the trigram indexes', async () => {
    await database.migrate();
    const extensions = await rows<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(extensions).toHaveLength(1);
    const trigram = await rows<{ indexname: string }>(
      sql`select indexname from pg_indexes where schemaname = 'public' and indexdef like '%gin_trgm_ops%'`,
    );
    expect(trigram.map((r) => r.indexname)).toContain('employees_last_name_trgm_idx');
  });

  it('are a no-op the second time', async () => {
    const applied = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n;
    const before = await applied();
    await database.migrate();
    expect(await applied()).toBe(before);
  });
});
