import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import { openTestDatabase, type TestDatabase } from '@atrium/db/testing';
import { activityLog } from './activity.service';

let database: TestDatabase;
const tenantA = randomUUID();
const tenantB = randomUUID();
const actor = { userId: null, name: 'Ada Lovelace' };

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
      const page = await activityLog.listRecent(database.db, tenantA, { limit: 3, cursor });
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

  it('rejects a tampered cursor with a 400-class error', async () => {
    await expect(
      activityLog.listRecent(database.db, tenantA, { limit: 3, cursor: 'not-a-cursor' }),
    ).rejects.toMatchObject({
      code: 'bad_request',
    });
  });
});
