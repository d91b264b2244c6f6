// A fresh database per test file: PGlite in memory by default, or a new database in the
// PostgreSQL server at TEST_DATABASE_URL (dropped again by dispose). Server tests use it too.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client';

export type TestDatabase = Database & {
  /** Closes the connection and drops the PostgreSQL database; call once, in afterAll. */
  dispose(): Promise<void>;
  /** The test database's connection string, on PostgreSQL: a second process opens it too. */
  url?: string;
};

export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    if (options.migrate !== false) await database.migrate();
    return { ...database, dispose: () => database.close() };
  }

  const name = `atrium_test_${randomUUID().replace(/-/g, '')}`;
  await withServer(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  const dispose = async () => {
    await database.close();
    await withServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
  };
  try {
    if (options.migrate !== false) await database.migrate();
  } catch (error) {
    await dispose();
    throw error;
  }
  return { ...database, dispose, url: url.toString() };
}

async function withServer(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
