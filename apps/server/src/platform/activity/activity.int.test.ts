import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { schema } from '@atrium/db';
import { openTestDatabase, type TestDatabase } from '@atrium/db/testing';
import type { Member } from '../auth/member-context';
import {
  activityEntityTypes,
  readerFor,
  type ActivityAudience,
  type EntryVisibility,
} from './activity-audience';
import { activityLog } from './activity.service';

let database: TestDatabase;
const tenantA = randomUUID();
const tenantB = randomUUID();
const actor = { userId: null, name: 'Ada Lovelace' };

/** An audience where every kind follows `rule`, except those given. */
function audience(rule: EntryVisibility, overrides: Partial<ActivityAudience> = {}): ActivityAudience {
  const rules = Object.fromEntries(activityEntityTypes.map((type) => [type, { visible: () => rule }]));
  return { ...rules, ...overrides } as ActivityAudience;
}
const memberOf = (tenantId: string) => ({ tenantId, role: 'admin' }) as Member;
const everything = readerFor(audience(true), memberOf(tenantA));

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(schema.workspaces).values([
    { id: tenantA, name: 'A', slug: `a-${tenantA}` },
    { id: tenantB, name: 'B', slug: `b-${tenantB}` },
  ]);
});
afterAll(() => database?.dispose());

describe('activity log', () => {
  it('lists a workspace’s activity newest first, page by page, without gaps or repeats', async () => {
    const entityId = randomUUID();
    for (let i = 0; i < 7; i++) {
      await activityLog.record(database.db, {
        tenantId: tenantA,
        actor,
        action: 'updated',
        entityType: 'task',
        entityId,
        summary: `edit ${i}`,
      });
    }
    await activityLog.record(database.db, {
      tenantId: tenantB,
      actor,
      action: 'created',
      entityType: 'task',
      entityId: randomUUID(),
      summary: 'other workspace',
    });

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await activityLog.listRecent(database.db, everything, { limit: 3, cursor });
      seen.push(...page.data.map((row) => row.summary));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['edit 6', 'edit 5', 'edit 4', 'edit 3', 'edit 2', 'edit 1', 'edit 0']);

    const history = await activityLog.forEntity(database.db, tenantA, 'task', entityId);
    expect(history).toHaveLength(7);
    expect(await activityLog.forEntity(database.db, tenantB, 'task', entityId)).toHaveLength(0);
  });

  it('is written inside the caller’s transaction, so a rolled-back change leaves no entry', async () => {
    const entityId = randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await activityLog.record(tx, {
          tenantId: tenantA,
          actor,
          action: 'deleted',
          entityType: 'project',
          entityId,
          summary: 'deleted a project',
        });
        throw new Error('the change itself failed');
      }),
    ).rejects.toThrow('the change itself failed');
    expect(await activityLog.forEntity(database.db, tenantA, 'project', entityId)).toHaveLength(0);
  });

  it('cuts pages after filtering: full pages of only what the reader may see, data redacted (issue 17)', async () => {
    const tenant = randomUUID();
    await database.db.insert(schema.workspaces).values({ id: tenant, name: 'C', slug: `c-${tenant}` });
    const mine = randomUUID();
    const expected: string[] = [];
    for (let i = 0; i < 6; i++) {
      const entries = [
        { entityType: 'goal', entityId: randomUUID(), summary: `a colleague's goal ${i}` },
        { entityType: 'goal', entityId: mine, summary: `my goal ${i}` },
        { entityType: 'employee', entityId: randomUUID(), summary: `employee ${i}` },
        { entityType: 'task', entityId: randomUUID(), summary: `task ${i}` },
      ] as const;
      for (const entry of entries) {
        await activityLog.record(database.db, {
          tenantId: tenant,
          actor,
          action: 'updated',
          ...entry,
          data: { kept: i, secret: 'salary' },
        });
      }
      expected.unshift(`employee ${i}`, `my goal ${i}`);
    }
    const reader = readerFor(
      audience(false, {
        goal: { visible: () => (entry) => sql`${entry.entityId} = ${mine}` },
        employee: {
          visible: () => true,
          redact: (_member, data) => ({ kept: data.kept }),
        },
      }),
      memberOf(tenant),
    );

    const pages: { summary: string; data: unknown }[][] = [];
    let cursor: string | undefined;
    do {
      const page = await activityLog.listRecent(database.db, reader, { limit: 5, cursor });
      pages.push(page.data);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages.map((page) => page.length)).toEqual([5, 5, 2]);
    const seen = pages.flat();
    expect(seen.map((entry) => entry.summary)).toEqual(expected);
    for (const entry of seen.filter((e) => e.summary.startsWith('employee')))
      expect(entry.data).toEqual({ kept: expect.any(Number) });
    expect(seen.find((e) => e.summary === 'my goal 0')?.data).toEqual({ kept: 0, secret: 'salary' });
  });

  it('rejects a tampered cursor with a 400-class error', async () => {
    await expect(
      activityLog.listRecent(database.db, everything, { limit: 3, cursor: 'not-a-cursor' }),
    ).rejects.toMatchObject({
      code: 'bad_request',
    });
  });
});
