// npm run backup / restore (docs/adr/035): a workspace with changes, files and pending jobs comes
// back row for row and byte for byte, from PGlite into PGlite always, and between PGlite and
// PostgreSQL both ways and from PostgreSQL into PostgreSQL when TEST_DATABASE_URL names a server.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@atrium/db';
import { BackupError, openCopySession, restoreBackup, writeBackup } from '@atrium/db/backup';
import { seedDemo } from '@atrium/db/seed';
import { openTestDatabase } from '@atrium/db/testing';
import { createLocalFileStorage } from '../platform/storage/file-storage';
import { createJobs } from '../platform/jobs/jobs';
import { jobsSchemaSql as makeJobsSchemaSql } from '../platform/jobs/jobs-schema';
import { createLogger } from '../platform/logging/logger';

type Opened = Database & { dispose(): Promise<void> };
type Kind = 'PGlite' | 'PostgreSQL';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const work = mkdtempSync(join(tmpdir(), 'atrium-backup-test-'));
const jobsSchemaSql = makeJobsSchemaSql();
const now = new Date('2025-03-05T00:00:00Z');

async function open(kind: Kind, migrated: boolean): Promise<Opened> {
  // openTestDatabase copies a migrated database when it can: PostgreSQL, or PGlite without one.
  if (kind === 'PostgreSQL' || (migrated && !onPostgres)) return openTestDatabase({ migrate: migrated });
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  if (migrated) await database.migrate();
  return { ...database, dispose: () => database.close() };
}

/** A demo workspace as a team leaves it: edited, with uploads and jobs waiting for tomorrow. */
async function makeSource(kind: Kind) {
  const database = await open(kind, true);
  const filesDir = join(work, `${kind}-source-files`);
  const seeded = await seedDemo(database, { scale: 'demo', now });
  const tenant = seeded.workspaceId;
  await database.db.execute(
    sql`update tasks set title = 'Renamed after the seed' where id = (select id from tasks order by id limit 1)`,
  );
  await database.db.execute(sql`delete from leads where id = (select id from leads order by id limit 1)`);
  await database.db.execute(
    sql`update employees set salary = salary + 0.5, updated_at = now() where id = (select id from employees order by id limit 1)`,
  );
  const storage = createLocalFileStorage(filesDir);
  await storage.put(tenant, Buffer.from('a contract, tab\tand newline\n'));
  await storage.put(tenant, Buffer.alloc(70_000, 7)); // past one tar block and one gzip window

  const jobs = createJobs({ database, log: createLogger({ level: 'silent' }) });
  jobs.register('backup-test-campaign-start', async () => undefined, {
    schedule: { cron: '0 3 * * *', tz: 'Europe/Berlin' },
  });
  await jobs.start();
  await jobs.enqueue(
    'backup-test-campaign-start',
    { tenantId: tenant, campaignId: 'tomorrow' },
    { startAfter: new Date(Date.now() + 86_400_000) },
  );
  await jobs.stop({ timeoutMs: 1000 });

  const file = join(work, `${kind}.backup`);
  const manifest = await writeBackup({ database, filesDir, file, atriumVersion: '0.0.0-test' });
  return { database, filesDir, file, manifest };
}

/** Every backed-up table's row count and an md5 over its rows in a fixed order, by SQL. */
async function tableChecksums(database: Database) {
  const session = await openCopySession(database);
  try {
    const tables = await session.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname in ('public', 'pgboss') order by 1`,
    );
    const sums: Record<string, string> = {};
    for (const { name } of tables) {
      // pg-boss stamps its version row with when it last ran maintenance, cron and monitoring; a
      // stopping instance's statement still in flight may stamp it after the backup.
      const rows = name === 'pgboss.version' ? '(select version from pgboss.version)' : name;
      const [row] = await session.query<{ n: string; sum: string | null }>(
        `select count(*)::text as n, md5(string_agg(t::text, E'\\n' order by t::text collate "C")) as sum from ${rows} t`,
      );
      sums[name] = `${row?.n} ${row?.sum}`;
    }
    return sums;
  } finally {
    await session.release();
  }
}

function fileChecksums(dir: string) {
  const sums: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    sums[path.slice(dir.length)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return sums;
}

// The target: a new database, or one a server set up (migrated, no demo) before anyone used it;
// its files directory new, or the source's kept (moving to PostgreSQL keeps DATA_DIR).
type Pair = { from: Kind; to: Kind; target: 'new' | 'migrated'; files: 'new' | 'kept' };
const pairs: Pair[] = [
  { from: 'PGlite', to: 'PGlite', target: 'new', files: 'new' },
  ...(onPostgres
    ? [
        { from: 'PGlite', to: 'PostgreSQL', target: 'new', files: 'kept' } satisfies Pair,
        { from: 'PostgreSQL', to: 'PostgreSQL', target: 'migrated', files: 'new' } satisfies Pair,
        { from: 'PostgreSQL', to: 'PGlite', target: 'new', files: 'new' } satisfies Pair,
      ]
    : []),
];

const sources = new Map<Kind, Awaited<ReturnType<typeof makeSource>>>();
const sourceOf = async (kind: Kind) => {
  if (!sources.has(kind)) sources.set(kind, await makeSource(kind));
  return sources.get(kind)!;
};

afterAll(async () => {
  for (const source of sources.values()) await source.database.dispose();
  rmSync(work, { recursive: true, force: true });
});

describe.each(pairs)(
  'backup from $from restored into a $target, empty $to',
  ({ from, to, target: kind, files }) => {
    let source: Awaited<ReturnType<typeof makeSource>>;
    let target: Opened;
    let targetFiles: string;
    beforeAll(async () => {
      source = await sourceOf(from);
      targetFiles = files === 'kept' ? source.filesDir : join(work, `${from}-to-${to}-files`);
      target = await open(to, kind === 'migrated');
      await restoreBackup({ database: target, filesDir: targetFiles, file: source.file, jobsSchemaSql });
    });
    afterAll(() => target?.dispose());

    it('brings back every table with the same rows', async () => {
      const before = await tableChecksums(source.database);
      const after = await tableChecksums(target);
      expect(Object.keys(before).length).toBeGreaterThan(60);
      expect(before['public.tasks']).not.toMatch(/^0 /);
      expect(before['pgboss.schedule']).toMatch(/^1 /);
      expect(after).toEqual(before);
    });

    it('brings back every stored file byte for byte', async () => {
      const before = fileChecksums(source.filesDir);
      expect(Object.keys(before)).toHaveLength(2);
      expect(fileChecksums(targetFiles)).toEqual(before);
    });

    it('keeps the job scheduled for tomorrow waiting, and counts on from the restored sequences', async () => {
      const rows = async (database: Database, query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as { rows: Record<string, unknown>[] }).rows;
      const waiting = sql`select data->>'campaignId' as campaign, state::text as state from pgboss.job
      where name = 'backup-test-campaign-start' and start_after > now()`;
      expect(await rows(target, waiting)).toEqual([{ campaign: 'tomorrow', state: 'created' }]);
      // The server starts on it as on any database: the remaining migrations, if any, apply.
      await target.migrate();
      expect(await target.pendingMigrations()).toEqual([]);
    });

    it('refuses a target that is not empty', async () => {
      const again = restoreBackup({
        database: target,
        filesDir: join(work, `${from}-to-${to}-again`),
        file: source.file,
        jobsSchemaSql,
      });
      await expect(again).rejects.toThrow(BackupError);
      await expect(again).rejects.toThrow(/not empty/);
    });

    it("refuses a files directory holding files that are not the backup's", async () => {
      const foreign = join(work, `${from}-to-${to}-foreign`);
      await createLocalFileStorage(foreign).put(randomUUID(), Buffer.from('another instance'));
      const restore = restoreBackup({
        database: target,
        filesDir: foreign,
        file: source.file,
        jobsSchemaSql,
      });
      await expect(restore).rejects.toThrow(/not this backup's/);
    });
  },
);
