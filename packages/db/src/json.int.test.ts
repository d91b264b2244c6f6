import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jsonObject, jsonRows } from './json';
import { employees, projects, tasks, workspaces } from './schema/index';
import { openTestDatabase, type TestDatabase } from './testing';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

it('reads a row as JSON with the values a plain select maps, instants as ISO strings', async () => {
  const { db } = database;
  const [workspace] = await db.insert(workspaces).values({ name: 'Json', slug: 'json' }).returning();
  const tenantId = workspace!.id;
  const [project] = await db
    .insert(projects)
    .values({ tenantId, name: 'Read as JSON', startDate: '2025-01-01' })
    .returning();
  await db.insert(tasks).values({
    tenantId,
    projectId: project!.id,
    title: 'Quotes " and \\ survive',
    estimatedHours: 2.5,
    actualHours: null,
    dueDate: '2025-03-31',
    tags: ['api', 'ünïcode'],
    position: 1.25,
    attachments: [{ name: 'a.pdf', sizeBytes: 10, storageKey: 'k' }],
    createdAt: new Date('2025-02-03T04:05:06.789Z'),
  });
  const columns = {
    id: tasks.id,
    title: tasks.title,
    estimatedHours: tasks.estimatedHours,
    actualHours: tasks.actualHours,
    dueDate: tasks.dueDate,
    startDate: tasks.startDate,
    tags: tasks.tags,
    position: tasks.position,
    attachments: tasks.attachments,
    createdAt: tasks.createdAt,
    assigneeName: employees.firstName,
    projectName: sql<string>`upper(${projects.name})`.as('project_name'),
  };
  const [plain] = await db
    .select(columns)
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(employees, eq(employees.id, tasks.assigneeId))
    .where(eq(tasks.tenantId, tenantId));
  const [json] = jsonRows(
    await db
      .select({ row: jsonObject<Record<string, unknown>>(columns) })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .leftJoin(employees, eq(employees.id, tasks.assigneeId))
      .where(eq(tasks.tenantId, tenantId)),
  );

  expect(json).toEqual({
    ...plain,
    createdAt: '2025-02-03T04:05:06.789Z',
  });
  expect(json).toMatchObject({ estimatedHours: 2.5, assigneeName: null, projectName: 'READ AS JSON' });
});
