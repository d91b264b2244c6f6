import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseDir, openDatabase, schema } from '@atrium/db';
import { openTestDatabase, withServer } from '@atrium/db/testing';
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

// Only PostgreSQL lets the test hold a row lock from outside the server process.
describe.runIf(process.env.TEST_DATABASE_URL)('graceful shutdown on PostgreSQL', () => {
  it('waits for a handler whose client went away before it closes the database', async () => {
    const database = await openTestDatabase();
    const port = await freePort();
    const server = await startServerProcess({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: database.url!,
      SEED_DEMO: 'false',
      SHUTDOWN_TIMEOUT_MS: '30000',
    });
    try {
      const signup = await fetch(`${server.baseUrl}/api/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({
          email: `held-${Date.now()}@example.com`,
          password: 'correct horse battery',
          name: 'Held Request',
          companyName: 'Held Co',
        }),
      });
      expect(signup.status).toBe(201);
      const cookie = signup.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const headers = { cookie, origin: server.baseUrl, 'content-type': 'application/json' };
      const workspace = (await (await fetch(`${server.baseUrl}/api/v1/workspace`, { headers })).json()) as {
        id: string;
      };
      const [lead] = await database.db
        .insert(schema.leads)
        .values({
          tenantId: workspace.id,
          email: 'held@example.com',
          firstName: 'Held',
          lastName: 'Lead',
          source: 'Website',
        })
        .returning({ id: schema.leads.id, version: schema.leads.version });

      // Hold the lead's row, so the update waits inside its handler; after its transaction the
      // handler reads the lead again, on another connection of the pool.
      await withServer(database.url!, async (holder) => {
        await holder.query('begin');
        await holder.query('select id from leads where id = $1 for update', [lead!.id]);
        // A plain socket the test closes itself: the client going away, with nothing left to retry.
        const body = JSON.stringify({ status: 'customer', value: 900, version: lead!.version });
        const update = request(`${server.baseUrl}/api/v1/marketing/leads/${lead!.id}`, {
          method: 'PATCH',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        });
        update.on('error', () => {});
        update.end(body);
        await expect
          .poll(
            async () =>
              (
                await holder.query<{ n: number }>(
                  "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
                )
              ).rows[0]!.n,
            { timeout: 20_000 },
          )
          .toBe(1);
        // The client goes away, then the process is told to stop: its connection is closed at once.
        update.destroy();
        server.child.kill('SIGTERM');
        await expect
          .poll(() => server.output(), { timeout: 20_000 })
          .toContain('waiting for handlers still running');
        await holder.query('commit');
      });

      expect(await server.exited, server.output()).toBe(0);
      // The handler finished, its answer included, before the database closed.
      expect(server.output()).toMatch(/"method":"PATCH","path":"[^"]+","status":200/);
      const [row] = await database.db
        .select({ status: schema.leads.status, value: schema.leads.value })
        .from(schema.leads)
        .where(eq(schema.leads.id, lead!.id));
      expect(row).toEqual({ status: 'customer', value: 900 });
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      await database.dispose();
    }
  }, 180_000);
});

describe('start-up configuration', () => {
  it('stops with a message naming the variable when a setting is invalid', async () => {
    await expect(startServerProcess({ PORT: 'not-a-port', DATA_DIR: dataDir })).rejects.toThrow(
      /exited with 78[\s\S]*PORT="not-a-port"/,
    );
  });
});
