import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from './client';
import { emptyDatabaseTargets } from './testing';

// Readiness (issue 24) asks whether the database has every migration this build carries.

const journalTags = (
  JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] }
).entries.map((entry) => entry.tag);

describe.each(emptyDatabaseTargets)('pending migrations on an empty $name database', ({ open }) => {
  let database: Database & { dispose(): Promise<void> };
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.dispose());

  it('are every migration of the journal before migrate(), in order, and none after', async () => {
    expect(journalTags.length).toBeGreaterThan(20);
    expect(await database.pendingMigrations()).toEqual(journalTags);
    await database.migrate();
    expect(await database.pendingMigrations()).toEqual([]);
  });
});
