import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseDir, openDatabase, schema } from '@atrium/db';
import { startServerProcess } from './testing/server-process';
import { freePort } from './testing/test-server';

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('graceful shutdown', () => {
  it('loses no write that was answered 2xx when SIGTERM arrives during a burst', async () => {
    const port = await freePort();
    const server = await startServerProcess({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
    });
    const emails = Array.from({ length: 40 }, (_, i) => `burst-${i}-${Date.now()}@example.com`);
    let sentSignal = false;
    const results = await Promise.all(
      emails.map(async (email) => {
        try {
          const response = await fetch(`${server.baseUrl}/api/v1/auth/signup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: server.baseUrl },
            body: JSON.stringify({
              email,
              password: 'a-long-password',
              name: 'Burst Test',
              companyName: 'Burst Co',
            }),
          });
          // Interrupt while the rest of the burst is still in flight.
          if (!sentSignal) {
            sentSignal = true;
            server.child.kill('SIGTERM');
          }
          return { email, acknowledged: response.ok };
        } catch {
          return { email, acknowledged: false };
        }
      }),
    );
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).toContain('shutdown complete');

    const acknowledged = results.filter((r) => r.acknowledged).map((r) => r.email);
    expect(acknowledged.length).toBeGreaterThan(0);

    // Reopen the same embedded database, as the next start would.
    const database = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
    try {
      const stored = await database.db
        .select({ email: schema.users.email })
        .from(schema.users)
        .where(inArray(schema.users.email, acknowledged));
      expect(stored.map((row) => row.email).sort()).toEqual([...acknowledged].sort());
    } finally {
      await database.close();
    }
    // A server process of its own to start and migrate, then forty password hashes at once.
  }, 180_000);
});

describe('start-up configuration', () => {
  it('stops with a message naming the variable when a setting is invalid', async () => {
    await expect(startServerProcess({ PORT: 'not-a-port', DATA_DIR: dataDir })).rejects.toThrow(
      /exited with 78[\s\S]*PORT="not-a-port"/,
    );
  });
});
