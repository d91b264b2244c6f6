import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, projects, subtasks, taskComments, tasks, timeEntries, workspaces } from './schema/index';
import { openTestDatabase, type TestDatabase } from './testing';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

/** The driver error (PostgreSQL SQLSTATE) behind Drizzle's wrapper. */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
  return undefined;
}

async function createEmployee(slug: string) {
  const [workspace] = await database.db.insert(workspaces).values({ name: slug, slug }).returning();
  if (!workspace) throw new Error('no workspace');
  const [employee] = await database.db
    .insert(employees)
    .values({
      tenantId: workspace.id,
      employeeCode: 'EMP001',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada@${slug}.test`,
      department: 'Engineering',
      jobTitle: 'Engineer',
      startDate: '2024-01-01',
    })
    .returning();
  if (!employee) throw new Error('no employee');
  return employee;
}

describe('time entries', () => {
  it('allow one active (open) entry per employee (spec 4 clock-in), enforced by the database', async () => {
    const employee = await createEmployee('clock');
    const clockIn = { tenantId: employee.tenantId, employeeId: employee.id, status: 'active' as const };
    await database.db.insert(timeEntries).values({ ...clockIn, clockIn: new Date('2025-03-03T09:00:00Z') });
    expect(
      await sqlState(
        database.db.insert(timeEntries).values({ ...clockIn, clockIn: new Date('2025-03-03T09:05:00Z') }),
      ),
    ).toBe('23505');

    // After clock-out the employee can clock in again.
    await database.db
      .update(timeEntries)
      .set({
        status: 'completed',
        clockOut: new Date('2025-03-03T17:00:00Z'),
        totalHours: 8,
        overtimeHours: 0,
      })
      .where(and(eq(timeEntries.tenantId, employee.tenantId), eq(timeEntries.employeeId, employee.id)));
    await database.db.insert(timeEntries).values({ ...clockIn, clockIn: new Date('2025-03-04T09:00:00Z') });
  });

  it('are active exactly while they have no clock-out', async () => {
    const employee = await createEmployee('open-check');
    const entry = {
      tenantId: employee.tenantId,
      employeeId: employee.id,
      clockIn: new Date('2025-03-03T09:00:00Z'),
    };
    expect(await sqlState(database.db.insert(timeEntries).values({ ...entry, status: 'completed' }))).toBe(
      '23514',
    );
    expect(
      await sqlState(
        database.db
          .insert(timeEntries)
          .values({ ...entry, status: 'active', clockOut: new Date('2025-03-03T17:00:00Z') }),
      ),
    ).toBe('23514');
  });
});

describe('tenant isolation', () => {
  it('refuses a reference to another workspace’s row', async () => {
    const ours = await createEmployee('ours');
    const theirs = await createEmployee('theirs');
    const state = await sqlState(
      database.db.insert(timeEntries).values({
        tenantId: ours.tenantId,
        employeeId: theirs.id,
        status: 'active',
        clockIn: new Date('2025-03-03T09:00:00Z'),
      }),
    );
    expect(state).toBe('23503');
  });
});

describe('task comment and subtask counts', () => {
  it('follow every insert, check-off, move and delete, in bulk too', async () => {
    const employee = await createEmployee('counts');
    const { tenantId } = employee;
    const [project] = await database.db
      .insert(projects)
      .values({ tenantId, name: 'Counted', startDate: '2025-01-01' })
      .returning();
    const [first, second] = await database.db
      .insert(tasks)
      .values(
        ['First', 'Second'].map((title, i) => ({
          tenantId,
          projectId: project!.id,
          title,
          estimatedHours: 1,
          position: i,
        })),
      )
      .returning();
    const counts = async () =>
      (
        await database.db
          .select({
            title: tasks.title,
            comments: tasks.commentCount,
            total: tasks.subtaskTotal,
            done: tasks.subtaskDone,
          })
          .from(tasks)
          .where(eq(tasks.tenantId, tenantId))
          .orderBy(tasks.position)
      ).map((row) => `${row.title} ${row.comments}/${row.total}/${row.done}`);

    await database.db.insert(taskComments).values([
      { tenantId, taskId: first!.id, content: 'one' },
      { tenantId, taskId: first!.id, content: 'two' },
      { tenantId, taskId: second!.id, content: 'three' },
    ]);
    const added = await database.db
      .insert(subtasks)
      .values(
        [false, true, false].map((completed, i) => ({
          tenantId,
          taskId: first!.id,
          title: `Step ${i}`,
          completed,
          position: i,
        })),
      )
      .returning();
    expect(await counts()).toEqual(['First 2/3/1', 'Second 1/0/0']);

    // Checking off, renaming (no change to the counts) and moving to another task.
    await database.db.update(subtasks).set({ completed: true }).where(eq(subtasks.id, added[0]!.id));
    await database.db.update(subtasks).set({ title: 'Renamed' }).where(eq(subtasks.taskId, first!.id));
    await database.db.update(subtasks).set({ taskId: second!.id }).where(eq(subtasks.id, added[1]!.id));
    expect(await counts()).toEqual(['First 2/2/1', 'Second 1/1/1']);

    await database.db.delete(taskComments).where(eq(taskComments.taskId, first!.id));
    await database.db.delete(subtasks).where(eq(subtasks.id, added[0]!.id));
    expect(await counts()).toEqual(['First 0/1/0', 'Second 1/1/1']);

    // Deleting a task takes its comments and subtasks with it; the other task keeps its counts.
    await database.db.delete(tasks).where(eq(tasks.id, first!.id));
    expect(await counts()).toEqual(['Second 1/1/1']);
  });
});
