// `npm run restore`: loads a backup (backup.ts) into an empty database of either kind. The schema
// comes from this code's own migrations, run up to the backup's level; the rows come from the
// backup, in one transaction with foreign keys and user triggers set aside while loading.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Database } from '../client';
import { knownMigrations, migrationsFolderUpTo } from '../migration-steps';
import {
  backupFormat,
  backupFormatVersion,
  BackupError,
  backedUpSchemas,
  exists,
  listFiles,
  listTables,
  relationExists,
  sha256Of,
  type BackupManifest,
} from './backup';
import { openCopySession, type CopySession } from './copy-session';
import { extractTar } from './tar';

export type RestoreOptions = {
  /** An empty database: fresh, or migrated with no rows. */
  database: Database;
  /** Where the uploaded files go: empty, missing, or holding only the backup's own files. */
  filesDir: string;
  file: string;
  /**
   * The SQL that creates pg-boss's schema (PgBoss.getConstructionPlans): pending and scheduled
   * jobs are restored into it. Needed only when the backup holds jobs.
   */
  jobsSchemaSql?: string;
  /** Where the generated AUTH_SECRET is kept: restored there when absent and the backup has one. */
  authSecretFile?: string;
  onProgress?: (message: string) => void;
};

export type RestoreResult = {
  manifest: BackupManifest;
  /**
   * The backup's generated AUTH_SECRET: written to authSecretFile, already there, not in the
   * backup, or left out (AUTH_SECRET is set, or another generated one is in the way).
   */
  authSecret: 'restored' | 'same' | 'none' | 'left out';
};

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { database, filesDir } = options;
  const progress = options.onProgress ?? (() => undefined);
  if (!(await exists(options.file))) throw new BackupError(`${options.file} does not exist`);
  // Unpacked next to the files directory, so the files are moved into place, not copied again.
  const parent = dirname(filesDir);
  await mkdir(parent, { recursive: true });
  const work = join(parent, `.atrium-restore-${randomUUID()}`);
  try {
    await extractTar(options.file, work);
    const manifest = await readManifest(work);
    const level = checkMigrations(manifest);
    const present = await filesAlreadyThere(manifest, filesDir);

    const session = await openCopySession(database);
    try {
      await checkEmpty(session, manifest);
    } finally {
      await session.release();
    }
    progress(`migrating to the backup's level (${level} of ${knownMigrations().length} migrations)`);
    const upTo = migrationsFolderUpTo(level);
    try {
      await database.migrate({ migrationsFolder: upTo.folder });
    } finally {
      upTo.remove();
    }

    const loader = await openCopySession(database);
    try {
      if (manifest.jobsSchemaVersion !== null)
        await createJobsSchema(loader, manifest, options.jobsSchemaSql);
      await loadTables(loader, manifest, work, progress);
    } finally {
      await loader.release();
    }

    await restoreFiles(manifest, join(work, 'files'), filesDir, present);
    progress(`files: ${manifest.files.length}`);
    return { manifest, authSecret: await restoreAuthSecret(manifest, work, options.authSecretFile) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function readManifest(work: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(work, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError('this file is not an Atrium backup (it has no manifest.json)');
  }
  if (manifest.format !== backupFormat) throw new BackupError('this file is not an Atrium backup');
  if (manifest.formatVersion > backupFormatVersion) {
    throw new BackupError(
      `this backup has format ${manifest.formatVersion}; this Atrium reads up to ${backupFormatVersion}: upgrade Atrium first`,
    );
  }
  return manifest;
}

/** The number of this code's migrations the backup's database had; refuses a newer backup. */
function checkMigrations(manifest: BackupManifest): number {
  const known = knownMigrations();
  manifest.migrations.forEach((migration, i) => {
    if (known[i]?.when !== migration.createdAt) {
      throw new BackupError(
        `this backup was made by Atrium ${manifest.atriumVersion}, whose database has migrations this version does not know: restore it with that version (or a later one)`,
      );
    }
  });
  return manifest.migrations.length;
}

const jobsSetUp = ['pgboss.version', 'pgboss.queue', 'pgboss.schedule', 'pgboss.subscription'];

async function checkEmpty(session: CopySession, manifest: BackupManifest) {
  for (const table of await listTables(session)) {
    // What a server start puts there (queues, cron schedules, pg-boss's version) is made anew below.
    if (jobsSetUp.includes(table.name)) continue;
    const [row] = await session.query<{ any: boolean }>(`select exists (select 1 from ${table.name}) as any`);
    if (row?.any) {
      throw new BackupError(
        `the target database is not empty (${table.name} has rows). Restore into an empty database: a new PostgreSQL database, or a new DATA_DIR for the embedded one`,
      );
    }
  }
  if (await relationExists(session, 'drizzle.__drizzle_migrations')) {
    const applied = await session.query<{ created_at: string }>(
      'select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at',
    );
    const ahead = applied.some((row, i) => manifest.migrations[i]?.createdAt !== Number(row.created_at));
    if (ahead) {
      throw new BackupError(
        'the target database has migrations the backup does not have (it was set up by a newer Atrium): restore into a new, empty database',
      );
    }
  }
}

/**
 * pg-boss's job table is partitioned per queue by its create_queue function, so the schema is made
 * by pg-boss's own SQL and each queue through that function, before the rows are copied in.
 */
async function createJobsSchema(session: CopySession, manifest: BackupManifest, sql: string | undefined) {
  if (!sql) throw new Error('this backup holds background jobs: pass jobsSchemaSql to restore them');
  await session.query('drop schema if exists pgboss cascade');
  await session.exec(sql);
  const [row] = await session.query<{ version: number }>('select version from pgboss.version');
  if (row?.version !== manifest.jobsSchemaVersion) {
    await session.query('drop schema pgboss cascade');
    throw new BackupError(
      `the backup's background jobs are in pg-boss schema version ${manifest.jobsSchemaVersion}, this Atrium's pg-boss uses ${row?.version}: restore with Atrium ${manifest.atriumVersion}, start it once, then upgrade`,
    );
  }
}

async function loadTables(
  session: CopySession,
  manifest: BackupManifest,
  work: string,
  progress: (message: string) => void,
) {
  await session.query('begin');
  try {
    // Constraints come back after the load, as pg_restore does: rows go in in any order (tables
    // that point at each other, rows that point at later rows of their own table) with no need
    // for superuser rights, which session_replication_role would take.
    const foreignKeys = await session.query<{ table_name: string; name: string; definition: string }>(
      `select format('%I.%I', n.nspname, c.relname) as table_name, quote_ident(k.conname) as name,
              pg_get_constraintdef(k.oid) as definition
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and n.nspname = 'public' and k.conparentid = 0`,
    );
    for (const key of foreignKeys)
      await session.query(`alter table ${key.table_name} drop constraint ${key.name}`);
    // The counts and word indexes the triggers keep are in the backup already.
    const publicTables = manifest.tables.filter((table) => table.loadInto.startsWith('public.'));
    for (const table of publicTables)
      await session.query(`alter table ${table.loadInto} disable trigger user`);

    const jobsFirst = (name: string) => ['pgboss.version', 'pgboss.queue'].indexOf(name) + 1 || 3;
    const tables = [...manifest.tables].sort((a, b) => jobsFirst(a.loadInto) - jobsFirst(b.loadInto));
    for (const table of tables) {
      const path = join(work, table.file);
      if (table.loadInto === 'pgboss.version') await session.query('delete from pgboss.version');
      const result =
        table.loadInto === 'pgboss.queue'
          ? await loadQueues(session, table, path)
          : await session.copyIn(table.loadInto, table.columns, path);
      if (result.sha256 !== table.sha256 || result.rows !== table.rows) {
        throw new BackupError(`the backup's rows of ${table.name} are damaged (checksum mismatch)`);
      }
      progress(`${table.name}: ${result.rows} rows`);
    }

    for (const table of publicTables)
      await session.query(`alter table ${table.loadInto} enable trigger user`);
    for (const key of foreignKeys) {
      await session.query(`alter table ${key.table_name} add constraint ${key.name} ${key.definition}`);
    }
    for (const sequence of manifest.sequences) {
      if (!backedUpSchemas.some((schema) => sequence.name.startsWith(`${schema}.`))) continue;
      await session.query(`select setval($1::regclass, $2::bigint, $3)`, [
        sequence.name,
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await session.query('commit');
  } catch (error) {
    await session.query('rollback');
    throw error;
  }
  // The planner's statistics are not in the backup.
  await session.query('analyze');
}

/** Queues through pg-boss's create_queue (which makes each one's partition), then their settings. */
async function loadQueues(session: CopySession, table: BackupManifest['tables'][number], path: string) {
  await session.query('create temporary table restored_queue (like pgboss.queue) on commit drop');
  const result = await session.copyIn('restored_queue', table.columns, path);
  await session.query(`select pgboss.create_queue(name, '{}'::json) from restored_queue`);
  const settings = table.columns.filter((column) => column !== 'name');
  await session.query(
    `update pgboss.queue q set (${settings.join(', ')}) = (select ${settings.map((c) => `r.${c}`).join(', ')}
     from restored_queue r where r.name = q.name)`,
  );
  return result;
}

async function restoreAuthSecret(
  manifest: BackupManifest,
  work: string,
  file: string | undefined,
): Promise<RestoreResult['authSecret']> {
  if (!manifest.authSecret) return 'none';
  const saved = await readFile(join(work, 'auth-secret'));
  if (!file) return 'left out';
  if (await exists(file)) return saved.equals(await readFile(file)) ? 'same' : 'left out';
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, saved, { mode: 0o600, flag: 'wx' });
  return 'restored';
}

/**
 * The backup's files already in the files directory: moving from the embedded database to
 * PostgreSQL keeps DATA_DIR, and with it the very files the backup holds. Any other file there is
 * refused, so a restore never mixes two instances' files.
 */
async function filesAlreadyThere(manifest: BackupManifest, filesDir: string): Promise<Set<string>> {
  const wanted = new Map(manifest.files.map((file) => [file.key, file.sha256]));
  const present = new Set<string>();
  for (const path of await listFiles(filesDir)) {
    const key = relative(filesDir, path).split(sep).join('/');
    if (wanted.get(key) !== (await sha256Of(path))) {
      throw new BackupError(
        `the files directory ${filesDir} holds files that are not this backup's (${key}); restore needs an empty one`,
      );
    }
    present.add(key);
  }
  return present;
}

async function restoreFiles(manifest: BackupManifest, from: string, filesDir: string, present: Set<string>) {
  await mkdir(filesDir, { recursive: true });
  for (const file of manifest.files) {
    if (present.has(file.key)) continue;
    const source = join(from, ...file.key.split('/'));
    if ((await sha256Of(source)) !== file.sha256) {
      throw new BackupError(`the backup's copy of file ${file.key} is damaged (checksum mismatch)`);
    }
    const target = join(filesDir, ...file.key.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await rename(source, target);
  }
}
