import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@atrium/db/seed';
import {
  demoPassword,
  errorBodySchema,
  type Employee,
  type EmployeeDetails,
  type EmployeeListResponse,
  type EmployeeStats,
} from '@atrium/shared';
import { employeeInput, fixtures, unique } from '../../testing/fixtures';
import { logIn, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { tokenClient } from '../../testing/token-client';

let server: TestServer;
/** The seeded demo workspace (spec 9: 50 employees), signed in per role. */
const demo = {} as Record<'admin' | 'manager' | 'employee' | 'contractor', SessionClient>;
let demoEmployeeId: string;
/** A fresh workspace of its own for the changes, so counts stay predictable. */
let admin: SessionClient;
let adminEmployeeId: string;
/** Builders acting as the fresh workspace's Admin. */
let build: ReturnType<typeof fixtures>;

const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;
const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};

async function listAll(client: SessionClient, query: string, limit = 7) {
  const seen: Employee[] = [];
  let cursor: string | null = null;
  let total: number | undefined;
  do {
    const page: EmployeeListResponse = await json(
      await client.request(
        `/api/v1/employees?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    );
    expect(page.data.length).toBeLessThanOrEqual(limit);
    seen.push(...page.data);
    // The total comes with the first page only.
    if (cursor) expect(page).not.toHaveProperty('total');
    else total = page.total!;
    cursor = page.nextCursor;
  } while (cursor);
  return { seen, total };
}

beforeAll(async () => {
  // Unexpected (500) errors are logged, so a failure under load says what broke.
  server = await startTestServer({ LOG_LEVEL: 'error' });
  await seedDemo(server.platform.database, { scale: 'demo' });
  await server.services.accounts.ensureDemoLogins();
  for (const role of ['admin', 'manager', 'employee', 'contractor'] as const) {
    const { client, me } = await logIn(server, `${role}@acme.test`, demoPassword);
    demo[role] = client;
    if (role === 'employee') demoEmployeeId = me.employeeId!;
  }
  const fresh = await signUp(server, { name: 'Ada Lovelace', companyName: 'Directory Test' });
  admin = fresh.client;
  adminEmployeeId = fresh.me.employeeId!;
  build = fixtures(admin);
}, 180_000);
afterAll(() => server?.close());

describe('Add Employee', () => {
  it('answers missing and invalid fields with one message per field (shared schema)', async () => {
    const response = await admin.request('/api/v1/employees', {
      method: 'POST',
      json: { firstName: ' ', email: 'not-an-email', startDate: '2025-13-45', salary: -1, phone: 'call me' },
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual([
      'department',
      'email',
      'firstName',
      'jobTitle',
      'lastName',
      'phone',
      'salary',
      'startDate',
    ]);
    expect(error.fields?.salary).toBe('Cannot be negative');
    expect(error.fields?.email).toBe('Enter a valid email address');
  });

  it('persists every field, gives the next EMPnnn code and defaults the status to active', async () => {
    // A workspace of its own, whose only employee is the one the sign-up made.
    const owner = (await signUp(server, { companyName: 'First Hire Co' })).client;
    const input = employeeInput({
      firstName: 'Grace',
      email: 'Mixed.Case@Example.com',
      phone: '',
      jobTitle: 'Compiler Engineer',
      salary: 98000,
      hourlyRate: 47.5,
    });
    const created = await fixtures(owner).employee(input);
    // The sign-up made EMP001 (the admin); codes come from one rule (allocateEmployeeCode).
    expect(created).toMatchObject({
      employeeCode: 'EMP002',
      firstName: 'Grace',
      lastName: input.lastName,
      email: 'mixed.case@example.com',
      phone: null,
      department: 'Engineering',
      jobTitle: 'Compiler Engineer',
      startDate: '2025-01-06',
      salary: 98000,
      hourlyRate: 47.5,
      status: 'active',
      hasAccount: false,
      managerName: null,
      documents: [],
      version: 1,
    });
    const again = await json<EmployeeDetails>(await owner.request(`/api/v1/employees/${created.id}`));
    expect(again).toEqual(created);
  });

  it('refuses a second employee with the same email in the workspace, whatever its case: 409', async () => {
    const first = await build.employee();
    const response = await admin.request('/api/v1/employees', {
      method: 'POST',
      json: employeeInput({ email: first.email.toUpperCase() }),
    });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).fields?.email).toBeTruthy();
    // Another workspace may use the same address.
    await fixtures(demo.admin).employee({ email: first.email });
  });

  it('gives concurrent additions distinct codes', async () => {
    const created = await Promise.all(Array.from({ length: 4 }, () => build.employee()));
    expect(new Set(created.map((employee) => employee.employeeCode)).size).toBe(4);
  });

  it('checks the manager: someone of the workspace, not the employee, no reporting loop', async () => {
    const boss = await build.employee();
    const report = await build.employee({ managerId: boss.id });
    expect(report.managerName).toBe(`${boss.firstName} ${boss.lastName}`);
    const loop = await admin.request(`/api/v1/employees/${boss.id}`, {
      method: 'PATCH',
      json: { managerId: report.id, version: boss.version },
    });
    expect(loop.status).toBe(400);
    expect((await errorOf(loop)).fields?.managerId).toMatch(/reports to/);
    const self = await admin.request(`/api/v1/employees/${boss.id}`, {
      method: 'PATCH',
      json: { managerId: boss.id, version: boss.version },
    });
    expect(self.status).toBe(400);
    expect((await errorOf(self)).fields?.managerId).toBe('An employee cannot manage themselves');
    const [other] = (await json<EmployeeListResponse>(await demo.admin.request('/api/v1/employees?limit=1')))
      .data;
    const foreign = await admin.request('/api/v1/employees', {
      method: 'POST',
      json: employeeInput({ managerId: other!.id }),
    });
    expect((await errorOf(foreign)).fields?.managerId).toBe('Choose a manager from the list');
  });
});

describe('Edit', () => {
  it('changes only the fields sent and refuses a stale version with 412', async () => {
    const created = await build.employee();
    const edited = await json<EmployeeDetails>(
      await admin.request(`/api/v1/employees/${created.id}`, {
        method: 'PATCH',
        json: { jobTitle: 'Rear Admiral', status: 'inactive', salary: 120000, version: created.version },
      }),
    );
    expect(edited).toMatchObject({
      jobTitle: 'Rear Admiral',
      status: 'inactive',
      salary: 120000,
      firstName: created.firstName,
      version: created.version + 1,
    });
    const stale = await admin.request(`/api/v1/employees/${created.id}`, {
      method: 'PATCH',
      json: { jobTitle: 'Lost update', version: created.version },
    });
    expect(stale.status).toBe(412);
    expect((await errorOf(stale)).code).toBe('precondition_failed');

    const taken = await build.employee();
    const duplicate = await admin.request(`/api/v1/employees/${created.id}`, {
      method: 'PATCH',
      json: { email: taken.email, version: edited.version },
    });
    expect(duplicate.status).toBe(409);
    expect((await errorOf(duplicate)).fields?.email).toBeTruthy();

    // The audit trail names the change but never the salary (the feed is visible to all staff).
    const activity = await json<{ data: { entityId: string; action: string; data: unknown }[] }>(
      await admin.request('/api/v1/activity?limit=50'),
    );
    const entry = activity.data.find((a) => a.entityId === created.id && a.action === 'updated');
    expect(entry?.data).toMatchObject({
      before: { jobTitle: created.jobTitle, status: 'active' },
      after: { jobTitle: 'Rear Admiral', status: 'inactive' },
      compensationChanged: true,
    });
    expect(JSON.stringify(activity.data)).not.toContain('120000');
  });

  it('sets and clears the manager and the hourly rate (the Edit dialog sends null for none)', async () => {
    const boss = await build.employee();
    const created = await build.employee({ hourlyRate: null });
    expect(created).toMatchObject({ managerId: null, managerName: null, hourlyRate: null });
    const negative = await admin.request(`/api/v1/employees/${created.id}`, {
      method: 'PATCH',
      json: { hourlyRate: -0.01, version: created.version },
    });
    expect(negative.status).toBe(400);
    expect((await errorOf(negative)).fields?.hourlyRate).toBe('Cannot be negative');

    const set = await json<EmployeeDetails>(
      await admin.request(`/api/v1/employees/${created.id}`, {
        method: 'PATCH',
        json: { managerId: boss.id, hourlyRate: 52.25, version: created.version },
      }),
    );
    expect(set).toMatchObject({
      managerId: boss.id,
      managerName: `${boss.firstName} ${boss.lastName}`,
      hourlyRate: 52.25,
    });
    const cleared = await json<EmployeeDetails>(
      await admin.request(`/api/v1/employees/${created.id}`, {
        method: 'PATCH',
        json: { managerId: null, hourlyRate: null, version: set.version },
      }),
    );
    expect(cleared).toMatchObject({
      managerId: null,
      managerName: null,
      hourlyRate: null,
      salary: created.salary,
    });
  });
});

describe('Delete and restore', () => {
  it('soft-deletes with an audit entry, hides the employee, and restores on undo', async () => {
    const lastName = unique('Deletable');
    const created = await build.employee({ lastName });
    expect((await admin.request(`/api/v1/employees/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await admin.request(`/api/v1/employees/${created.id}`)).status).toBe(404);
    expect((await admin.request(`/api/v1/employees/${created.id}`, { method: 'DELETE' })).status).toBe(404);
    const list = await json<EmployeeListResponse>(await admin.request(`/api/v1/employees?q=${lastName}`));
    expect(list).toMatchObject({ data: [], total: 0 });

    const activity = await json<{ data: { entityId: string; action: string }[] }>(
      await admin.request('/api/v1/activity?limit=20'),
    );
    expect(activity.data.some((a) => a.entityId === created.id && a.action === 'deleted')).toBe(true);

    const restored = await json<EmployeeDetails>(
      await admin.request(`/api/v1/employees/${created.id}/restore`, { method: 'POST' }),
    );
    expect(restored).toMatchObject({ id: created.id, employeeCode: created.employeeCode });
    expect(
      (await json<EmployeeListResponse>(await admin.request(`/api/v1/employees?q=${lastName}`))).total,
    ).toBe(1);
  });

  it('keeps the directory total current through create, delete and restore', async () => {
    const total = async (query = '') =>
      (await json<EmployeeListResponse>(await admin.request(`/api/v1/employees?limit=5${query}`))).total;
    const before = await total();
    const inSales = await total('&department=Sales');
    // Asked twice: the second answer is the kept one, and must still be right after each change.
    expect(await total()).toBe(before);

    const created = await build.employee({ department: 'Sales' });
    expect(await total()).toBe(before! + 1);
    expect(await total('&department=Sales')).toBe(inSales! + 1);
    await admin.request(`/api/v1/employees/${created.id}`, { method: 'DELETE' });
    expect(await total()).toBe(before);
    await admin.request(`/api/v1/employees/${created.id}/restore`, { method: 'POST' });
    expect(await total()).toBe(before! + 1);
    expect(await total('&department=Sales')).toBe(inSales! + 1);
  });

  it('refuses a restore whose email was taken meanwhile (409), and deleting oneself (422)', async () => {
    const created = await build.employee();
    await admin.request(`/api/v1/employees/${created.id}`, { method: 'DELETE' });
    // The address of a deleted employee can be used again ...
    await build.employee({ email: created.email });
    // ... so the old record cannot come back with it.
    const restore = await admin.request(`/api/v1/employees/${created.id}/restore`, { method: 'POST' });
    expect(restore.status).toBe(409);
    expect((await errorOf(restore)).fields?.email).toBeTruthy();

    const self = await admin.request(`/api/v1/employees/${adminEmployeeId}`, { method: 'DELETE' });
    expect(self.status).toBe(422);
  });
});

describe('Directory list (spec 2) on the demo data', () => {
  it('finds by first name, last name, email, job title and employee id', async () => {
    const [someone] = (
      await json<EmployeeListResponse>(await demo.admin.request('/api/v1/employees?status=active&limit=1'))
    ).data;
    const person = someone!;
    const search = async (q: string) =>
      (
        await json<EmployeeListResponse>(
          await demo.admin.request(`/api/v1/employees?limit=200&q=${encodeURIComponent(q)}`),
        )
      ).data;
    for (const q of [
      person.firstName,
      person.lastName.toUpperCase(),
      person.email,
      person.jobTitle.toLowerCase(),
      person.employeeCode,
      `${person.firstName} ${person.lastName}`,
    ]) {
      const found = await search(q);
      expect(
        found.map((e) => e.id),
        q,
      ).toContain(person.id);
      expect(found.length, q).toBeLessThan(50);
    }
    // A word matches within one field, never across the end of one and the start of the next.
    expect((await search(`${person.lastName}${person.email}`)).map((e) => e.id)).not.toContain(person.id);
    // LIKE wildcards in the query are plain characters.
    expect(await search('%')).toEqual([]);
    expect(await search('zzzz-nobody')).toEqual([]);
  });

  it('visits every row exactly once, page by page, in every sort order', async () => {
    const stats = await json<EmployeeStats>(await demo.admin.request('/api/v1/employees/stats'));
    for (const query of [
      'sort=name',
      'sort=employeeCode',
      'sort=department',
      'sort=startDate&order=desc',
      'sort=name&order=desc',
    ]) {
      const { seen, total } = await listAll(demo.admin, query);
      expect(total, query).toBe(stats.total);
      expect(seen, query).toHaveLength(stats.total);
      expect(new Set(seen.map((e) => e.id)).size, query).toBe(stats.total);
    }
    // Page boundaries never reorder: nine rows a page give the order of one big page.
    const paged = (await listAll(demo.admin, 'sort=name', 9)).seen.map((e) => e.id);
    const onePage = (await listAll(demo.admin, 'sort=name', 200)).seen.map((e) => e.id);
    expect(paged).toEqual(onePage);
    const byCode = (await listAll(demo.admin, 'sort=employeeCode', 50)).seen.map((e) => e.employeeCode);
    expect(byCode.slice(0, 3)).toEqual(['EMP001', 'EMP002', 'EMP003']);
  });

  it('filters by department and status, with stats and the sorted department list', async () => {
    const stats = await json<EmployeeStats>(await demo.admin.request('/api/v1/employees/stats'));
    expect(stats.total).toBe(stats.active + stats.inactive + stats.pending);
    expect(stats.total).toBeGreaterThanOrEqual(50);
    const { data: departments } = await json<{ data: string[] }>(
      await demo.admin.request('/api/v1/employees/departments'),
    );
    expect(departments).toEqual([...new Set(departments)].sort((a, b) => a.localeCompare(b)));
    expect(departments).toContain('Engineering');

    const engineering = await listAll(demo.admin, 'department=Engineering', 50);
    expect(engineering.seen.every((e) => e.department === 'Engineering')).toBe(true);
    // The stats follow the same filters as the list (issue 20), as the projects' do.
    const engineeringStats = await json<EmployeeStats>(
      await demo.admin.request('/api/v1/employees/stats?department=Engineering'),
    );
    expect(engineeringStats.total).toBe(engineering.total);
    expect(engineeringStats.total).toBeLessThan(stats.total);
    expect(engineeringStats.active).toBe(engineering.seen.filter((e) => e.status === 'active').length);
    const searched = engineering.seen[0]!;
    const byName = await json<EmployeeStats>(
      await demo.admin.request(
        `/api/v1/employees/stats?q=${encodeURIComponent(searched.employeeCode)}&status=${searched.status}`,
      ),
    );
    expect(byName).toMatchObject({ total: 1, [searched.status]: 1 });
    const badStats = await demo.admin.request('/api/v1/employees/stats?status=retired');
    expect(Object.keys((await errorOf(badStats)).fields ?? {})).toEqual(['status']);
    for (const status of ['active', 'inactive', 'pending'] as const) {
      const { total, seen } = await listAll(demo.admin, `status=${status}`, 50);
      expect(total).toBe(stats[status]);
      expect(seen.every((e) => e.status === status)).toBe(true);
    }
    const bad = await demo.admin.request('/api/v1/employees?status=retired&sort=salary');
    expect(Object.keys((await errorOf(bad)).fields ?? {}).sort()).toEqual(['sort', 'status']);
    const tampered = await demo.admin.request('/api/v1/employees?cursor=bm9wZQ');
    expect(tampered.status).toBe(400);
  });

  it('shows the details dialog: manager name and the documents the employee uploaded', async () => {
    const { seen } = await listAll(demo.admin, 'status=active', 50);
    let withDocuments: EmployeeDetails | undefined;
    for (const employee of seen) {
      const details = await json<EmployeeDetails>(
        await demo.admin.request(`/api/v1/employees/${employee.id}`),
      );
      if (details.documents.length > 0) {
        withDocuments = details;
        break;
      }
    }
    expect(withDocuments?.documents[0]).toMatchObject({ name: expect.any(String), type: expect.any(String) });
    const employee = await json<EmployeeDetails>(
      await demo.admin.request(`/api/v1/employees/${demoEmployeeId}`),
    );
    // The demo employee reports to the demo manager (seed).
    expect(employee.managerName).toEqual(expect.any(String));
    expect(employee.managerId).not.toBeNull();
  });
});

describe('Compensation (issue 4: only roles with people:view-compensation)', () => {
  it('is absent for the Employee role in the list, the details and the export', async () => {
    const list = await json<EmployeeListResponse>(await demo.employee.request('/api/v1/employees?limit=5'));
    expect(list.data).toHaveLength(5);
    for (const row of list.data) {
      expect(row).not.toHaveProperty('salary');
      expect(row).not.toHaveProperty('hourlyRate');
    }
    const details = await json<EmployeeDetails>(
      await demo.employee.request(`/api/v1/employees/${list.data[0]!.id}`),
    );
    expect(details).not.toHaveProperty('salary');
    expect(details).not.toHaveProperty('hourlyRate');
    // Issue 20: the export is for Managers and Admins; a token of theirs without pay leaves it out.
    expect((await demo.employee.request('/api/v1/employees/export')).status).toBe(403);
    const { token } = await fixtures(demo.admin).apiToken(['people:view', 'people:export']);
    const csv = await (await tokenClient(server, token).request('/api/v1/employees/export')).text();
    expect(csv.split('\r\n')[0]).toBe(
      'Employee ID,First Name,Last Name,Email,Phone,Department,Job Title,Status,Start Date',
    );
    // The contractor may not see the directory at all.
    expect((await demo.contractor.request('/api/v1/employees')).status).toBe(403);
  });

  it('is present as numbers for Managers', async () => {
    const list = await json<EmployeeListResponse>(await demo.manager.request('/api/v1/employees?limit=5'));
    for (const row of list.data) {
      expect(typeof row.salary).toBe('number');
      expect(row.salary).toBeGreaterThanOrEqual(40000);
    }
  });
});

describe('Export (issue 4: CSV and XLSX of the filtered list)', () => {
  it('writes the filtered list as a quoted, formula-safe CSV attachment', async () => {
    const lastName = unique('Exportable');
    const tricky = await build.employee({
      firstName: '=HYPERLINK("http://evil")',
      lastName,
      phone: '+1 555 0100',
      jobTitle: 'Writer, "Senior"',
      department: 'Marketing',
      startDate: '2025-01-06',
      salary: 51000.5,
      hourlyRate: null,
    });
    const response = await admin.request(
      `/api/v1/employees/export?format=csv&q=${lastName}&department=Marketing`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="employees-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Employee ID,First Name,Last Name,Email,Phone,Department,Job Title,Status,Start Date,Salary,Hourly Rate',
    );
    expect(lines[1]).toBe(
      `${tricky.employeeCode},"'=HYPERLINK(""http://evil"")",${lastName},${tricky.email},'+1 555 0100,Marketing,"Writer, ""Senior""",active,2025-01-06,51000.5,`,
    );
    expect(lines).toHaveLength(3); // header, one row, the final line break
  });

  it('writes XLSX', async () => {
    const response = await demo.admin.request('/api/v1/employees/export?format=xlsx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toMatch(/filename="employees-.*\.xlsx"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A ZIP container (PK\x03\x04) with the workbook inside.
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(bytes.length).toBeGreaterThan(2000);
  });
});
