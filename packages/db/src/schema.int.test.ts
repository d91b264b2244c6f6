import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, timeEntries, workspaces } from './schema/index';
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
