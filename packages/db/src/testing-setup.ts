// Vitest's global setup for the integration project: migrates one database before the test files
// start, so that each file's fresh database is a copy of it instead of a migration run of its own
// (on PGlite a fresh start plus the migrations took about 5 s a file, a copy about 1.5 s).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from './client';
import { withServer } from './testing';

export async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.migrate();
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const dir = mkdtempSync(join(tmpdir(), 'atrium-pglite-template-'));
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplateFile', file);
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const name = `atrium_template_${randomUUID().replace(/-/g, '')}`;
  await withServer(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // One connection and closed before any copy: PostgreSQL copies a template nobody is connected to.
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide('postgresTemplate', name);
  return () =>
    withServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}
