// Migrating to a chosen point instead of to the latest: a restore brings an empty database to the
// level its backup was made at, and the upgrade test walks the migrations one at a time. Drizzle's
// migrator applies whatever its folder's journal lists, so a folder whose journal stops at the
// chosen migration (with the same files, so the same hashes) is all it takes.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from './client';

export type MigrationEntry = { idx: number; when: number; tag: string; breakpoints: boolean };

type Journal = { version: string; dialect: string; entries: MigrationEntry[] };

const readJournal = (folder: string): Journal =>
  JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** The migrations this code knows, oldest first. */
export function knownMigrations(folder = migrationsFolder): MigrationEntry[] {
  return readJournal(folder).entries;
}

/**
 * A temporary migrations folder holding the first `count` migrations of `folder`; remove it with
 * the returned function once migrated.
 */
export function migrationsFolderUpTo(
  count: number,
  folder = migrationsFolder,
): { folder: string; remove: () => void } {
  const journal = readJournal(folder);
  if (count > journal.entries.length) {
    throw new Error(`only ${journal.entries.length} migrations exist, not ${count}`);
  }
  const target = mkdtempSync(join(tmpdir(), 'atrium-migrations-'));
  mkdirSync(join(target, 'meta'));
  const entries = journal.entries.slice(0, count);
  writeFileSync(join(target, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }, null, 2));
  for (const { tag } of entries) copyFileSync(join(folder, `${tag}.sql`), join(target, `${tag}.sql`));
  return { folder: target, remove: () => rmSync(target, { recursive: true, force: true }) };
}
