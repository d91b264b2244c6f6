// `npm run backup`: one gzipped tar holding a manifest, every table's rows as COPY text read in one
// repeatable-read snapshot, and the uploaded files. Plain COPY text rather than a pg_dump archive
// restores into either kind of database, whatever their major versions (docs/adr/035).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Database } from '../client';
import { openCopySession, type CopySession } from './copy-session';
import { createTarWriter } from './tar';

export const backupFormat = 'atrium-backup';
export const backupFormatVersion = 1;

/** Schemas whose tables are backed up: the app's own and pg-boss's (pending and scheduled jobs). */
export const backedUpSchemas = ['public', 'pgboss'];

export type BackupTable = {
  /** Quoted, schema-qualified name of the table the rows were read from. */
  name: string;
  /** The table they go back into: a partition's rows go into its partitioned table. */
  loadInto: string;
  /** Quoted column names; generated columns are left out (they are computed again). */
  columns: string[];
  file: string;
  rows: number;
  bytes: number;
  sha256: string;
};

export type BackupManifest = {
  format: typeof backupFormat;
  formatVersion: number;
  createdAt: string;
  atriumVersion: string;
  source: { kind: Database['kind']; serverVersion: string };
  /** The migrations applied to the database, oldest first, as drizzle records them. */
  migrations: { createdAt: number; hash: string }[];
  /** pg-boss's schema version, or null when the server never started on this database. */
  jobsSchemaVersion: number | null;
  tables: BackupTable[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  files: { key: string; size: number; sha256: string }[];
  /** Whether `auth-secret` (the generated key, when AUTH_SECRET is not set) is in the archive. */
  authSecret: boolean;
};

export type BackupOptions = {
  database: Database;
  /** Where the uploaded files are (FILES_DIR, by default DATA_DIR/files). */
  filesDir: string;
  /** The backup file to write; it must not exist yet. */
  file: string;
  atriumVersion: string;
  /** The generated AUTH_SECRET file, when there is one: it decrypts stored mailbox passwords. */
  authSecretFile?: string;
  onProgress?: (message: string) => void;
};

export async function writeBackup(options: BackupOptions): Promise<BackupManifest> {
  const { database, filesDir, file } = options;
  const progress = options.onProgress ?? (() => undefined);
  if (await exists(file)) throw new BackupError(`${file} already exists; choose another name or remove it`);
  const partial = `${file}.partial`;
  const staging = await mkdtemp(join(dirname(file), '.atrium-backup-'));
  const tar = createTarWriter(partial);
  try {
    const session = await openCopySession(database);
    let snapshot: Awaited<ReturnType<typeof dumpDatabase>>;
    try {
      snapshot = await dumpDatabase(session, staging, tar, progress);
    } finally {
      await session.release();
    }
    // After the snapshot: a file uploaded meanwhile is only an extra; one deleted meanwhile is
    // the one thing a backup of a running server can miss (docs/adr/035).
    const files = await archiveFiles(filesDir, tar, progress);
    let authSecret = false;
    if (options.authSecretFile && (await exists(options.authSecretFile))) {
      const size = (await stat(options.authSecretFile)).size;
      await tar.addFile('auth-secret', options.authSecretFile, size);
      authSecret = true;
    }
    const manifest: BackupManifest = {
      format: backupFormat,
      formatVersion: backupFormatVersion,
      createdAt: new Date().toISOString(),
      atriumVersion: options.atriumVersion,
      source: { kind: database.kind, serverVersion: snapshot.serverVersion },
      migrations: snapshot.migrations,
      jobsSchemaVersion: snapshot.jobsSchemaVersion,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files,
      authSecret,
    };
    await tar.addBuffer('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    await tar.finish();
    await rename(partial, file);
    return manifest;
  } catch (error) {
    await tar.finish().catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function dumpDatabase(
  session: CopySession,
  staging: string,
  tar: ReturnType<typeof createTarWriter>,
  progress: (message: string) => void,
) {
  // Every table is read in this one snapshot: the backup is the database as of one moment.
  await session.query('begin isolation level repeatable read, read only');
  try {
    const [version] = await session.query<{ server_version: string }>('show server_version');
    const migrations = (await relationExists(session, 'drizzle.__drizzle_migrations'))
      ? (
          await session.query<{ created_at: string; hash: string }>(
            'select created_at::text as created_at, hash from drizzle.__drizzle_migrations order by created_at',
          )
        ).map((row) => ({ createdAt: Number(row.created_at), hash: row.hash }))
      : [];
    const jobsSchemaVersion = (await relationExists(session, 'pgboss.version'))
      ? ((await session.query<{ version: number }>('select version from pgboss.version'))[0]?.version ?? null)
      : null;

    const tables: BackupTable[] = [];
    for (const table of await listTables(session)) {
      const path = join(staging, `${tables.length}.copy`);
      const result = await session.copyOut(table.name, table.columns, path);
      const file = `tables/${String(tables.length).padStart(4, '0')}.copy`;
      await tar.addFile(file, path, result.bytes);
      await rm(path);
      tables.push({ ...table, file, ...result });
      progress(`${table.name}: ${result.rows} rows`);
    }
    const sequences = [];
    for (const { name } of await session.query<{ name: string }>(
      `select format('%I.%I', schemaname, sequencename) as name from pg_sequences
       where schemaname = any($1) order by 1`,
      [backedUpSchemas],
    )) {
      const [state] = await session.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text as last_value, is_called from ${name}`,
      );
      if (state) sequences.push({ name, lastValue: state.last_value, isCalled: state.is_called });
    }
    return { serverVersion: version?.server_version ?? '', migrations, jobsSchemaVersion, tables, sequences };
  } finally {
    await session.query('commit');
  }
}

/** Ordinary tables and partitions (a partitioned table holds no rows of its own), oldest schema first. */
export async function listTables(
  session: Pick<CopySession, 'query'>,
): Promise<Pick<BackupTable, 'name' | 'loadInto' | 'columns'>[]> {
  const tables = await session.query<{ name: string; load_into: string; columns: string[] }>(
    `select format('%I.%I', n.nspname, c.relname) as name,
            coalesce((select format('%I.%I', rn.nspname, r.relname) from pg_class r
                      join pg_namespace rn on rn.oid = r.relnamespace
                      where r.oid = pg_partition_root(c.oid) and r.oid <> c.oid),
                     format('%I.%I', n.nspname, c.relname)) as load_into,
            array(select quote_ident(a.attname) from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname = any($1)
     order by array_position($1, n.nspname::text), c.relname`,
    [backedUpSchemas],
  );
  return tables.map((table) => ({ name: table.name, loadInto: table.load_into, columns: table.columns }));
}

export async function relationExists(session: Pick<CopySession, 'query'>, name: string): Promise<boolean> {
  const [row] = await session.query<{ present: boolean }>('select to_regclass($1) is not null as present', [
    name,
  ]);
  return row?.present ?? false;
}

async function archiveFiles(
  filesDir: string,
  tar: ReturnType<typeof createTarWriter>,
  progress: (message: string) => void,
): Promise<BackupManifest['files']> {
  const files: BackupManifest['files'] = [];
  for (const path of await listFiles(filesDir)) {
    // An upload still being written: not a stored file yet (file-storage.ts renames it when done).
    if (path.endsWith('.partial')) continue;
    const key = relative(filesDir, path).split(sep).join('/');
    const size = (await stat(path)).size;
    files.push({ key, size, sha256: await tar.addFile(`files/${key}`, path, size) });
  }
  progress(`files: ${files.length}`);
  return files;
}

export async function listFiles(dir: string): Promise<string[]> {
  if (!(await exists(dir))) return [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** A problem the person running the tool can fix; the CLI prints the message without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}
