// A fresh database per test file: PGlite in memory by default, or a new database in the
// PostgreSQL server at TEST_DATABASE_URL (dropped again by dispose), copied from the migrated one the
// integration project's global setup made (testing-setup.ts). Server tests use it too.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from './client';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges with vitest's
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory (`loadDataDir`), when tests run on PGlite. */
    pgliteTemplateFile?: string;
    /** A migrated database on TEST_DATABASE_URL's server to create each test database from. */
    postgresTemplate?: string;
  }
}

export type TestDatabase = Database & {
  /** Closes the connection and drops the PostgreSQL database; call once, in afterAll. */
  dispose(): Promise<void>;
  /** The test database's connection string, on PostgreSQL: a second process opens it too. */
  url?: string;
};

export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const migrate = options.migrate !== false;
  if (!serverUrl) {
    const templateFile = migrate ? inject('pgliteTemplateFile') : undefined;
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: 'memory://',
      ...(templateFile ? { loadDataDir: new Blob([readFileSync(templateFile)]) } : {}),
    });
    if (migrate && !templateFile) await database.migrate();
    return { ...database, dispose: () => database.close() };
  }

  const name = `atrium_test_${randomUUID().replace(/-/g, '')}`;
  const template = migrate ? inject('postgresTemplate') : undefined;
  await withServer(serverUrl, (client) =>
    client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  const dispose = async () => {
    await database.close();
    await withServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
  };
  try {
    if (migrate && !template) await database.migrate();
  } catch (error) {
    await dispose();
    throw error;
  }
  return { ...database, dispose, url: url.toString() };
}

/**
 * An empty database, migrations not applied, of each kind the tests run on: PGlite always, and
 * PostgreSQL too when TEST_DATABASE_URL names a server. For `describe.each`.
 */
export const emptyDatabaseTargets: { name: string; open: () => Promise<TestDatabase> }[] = [
  {
    name: 'PGlite',
    open: async () => {
      const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
      return { ...database, dispose: () => database.close() };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL', open: () => openTestDatabase({ migrate: false }) }]
    : []),
];

export async function withServer(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
