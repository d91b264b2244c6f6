import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobSchema, type ExportJob, type Member } from '@atrium/shared';
import { fixtures } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

/**
 * Issue 17: an export above EXPORT_BACKGROUND_ROWS is made in the background. The route answers
 * 202 with the export's state, the requester polls it until ready and downloads the file, which is
 * the file a small export would have sent. Only the requester, in the workspace, while still
 * allowed to export, sees it.
 */
let server: TestServer;
/** A second server on the same database that sends every export as it is made. */
let streaming: TestServer;
let admin: SessionClient;
let manager: SessionClient;
let employee: SessionClient;
let outsider: SessionClient;

const period = 'from=2025-03-01&to=2025-03-31';
const payroll = `/api/v1/time-entries/export/payroll?${period}`;

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function pollUntilDone(client: SessionClient, id: string): Promise<ExportJob> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const job = exportJobSchema.parse(await json(await client.request(`/api/v1/exports/${id}`)));
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export did not finish');
}

beforeAll(async () => {
  server = await startTestServer({ EXPORT_BACKGROUND_ROWS: '2' });
  streaming = await startTestServer({}, { database: server.platform.database });
  ({ client: admin } = await signUp(server, { companyName: 'Exports A' }));
  manager = (await addMember(server, admin, 'manager')).client;
  employee = (await addMember(server, admin, 'employee')).client;
  outsider = (await signUp(server, { companyName: 'Exports B' })).client;

  // Three approved entries in March for two people: more than the threshold of two rows.
  const build = fixtures(admin);
  const entries: string[] = [];
  for (const [firstName, lastName, days] of [
    ['Ada', 'Byron', ['2025-03-03', '2025-03-04']],
    ['Carl', 'Gauss', ['2025-03-05']],
  ] as const) {
    const person = await build.employee({ firstName, lastName, hourlyRate: 20 });
    for (const day of days) {
      const entry = await build.timeEntry(person.id, {
        clockIn: `${day}T08:00:00Z`,
        clockOut: `${day}T17:30:00Z`,
      });
      entries.push(entry.id);
    }
  }
  await json(
    await manager.request('/api/v1/time-entries/bulk', {
      method: 'POST',
      json: { ids: entries, decision: 'approve' },
    }),
  );
}, 120_000);

afterAll(async () => {
  await server?.platform.exports.settled();
  await streaming?.close();
  await server?.close();
});

/** A payroll export `client` started in the background, once it is ready. */
async function readyExport(client: SessionClient) {
  const job = exportJobSchema.parse(await json(await client.request(payroll), 202));
  const done = await pollUntilDone(client, job.id);
  expect(done.status).toBe('ready');
  return done;
}

describe('an export above the threshold (issue 17)', () => {
  it('answers 202 with the export, then is polled until ready and downloaded', async () => {
    const started = await manager.request(payroll);
    expect(started.status).toBe(202);
    const job = exportJobSchema.parse(await started.json());
    expect(started.headers.get('location')).toBe(`/api/v1/exports/${job.id}`);
    expect(job).toMatchObject({
      fileName: 'payroll-2025-03-01-to-2025-03-31.csv',
      downloadUrl: null,
      error: null,
    });

    const done = await pollUntilDone(manager, job.id);
    expect(done.status).toBe('ready');
    expect(done.progress.done).toBe(done.progress.total);
    expect(done.downloadUrl).toBe(`/api/v1/exports/${job.id}/download`);

    const file = await manager.request(done.downloadUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="payroll-2025-03-01-to-2025-03-31.csv"',
    );
    // Kept gzipped, and sent so to a client that takes gzip; as plain text to one that does not.
    expect(file.headers.get('content-encoding')).toBe('gzip');
    const csv = await file.text();
    const plain = await manager.request(done.downloadUrl!, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(csv);
    // The same file a small export sends as it is made.
    const sent = await streaming.request(payroll, { headers: { cookie: manager.cookie } });
    expect(sent.status).toBe(200);
    expect(csv).toBe(await sent.text());
    expect(csv.trimEnd().split('\r\n').slice(1)).toEqual([
      expect.stringMatching(/,Ada Byron,2025-03-03,8,1\.5,20,205$/),
      expect.stringMatching(/,Ada Byron,2025-03-04,8,1\.5,20,205$/),
      expect.stringMatching(/,Carl Gauss,2025-03-05,8,1\.5,20,205$/),
    ]);
  });

  it('is not there for anyone but its requester: other members, admins and other workspaces get 404', async () => {
    const job = await readyExport(manager);
    for (const client of [employee, admin, outsider]) {
      expect((await client.request(`/api/v1/exports/${job.id}`)).status).toBe(404);
      expect((await client.request(`/api/v1/exports/${job.id}/download`)).status).toBe(404);
    }
    const anonymous = await server.request(`/api/v1/exports/${job.id}`);
    expect(anonymous.status).toBe(401);
  });

  it('is refused to the route’s forbidden roles, and gone once its requester may no longer export', async () => {
    expect((await employee.request(payroll)).status).toBe(403);

    // A manager of the test's own, whose role is taken away.
    const { client: manager, email: managerEmail } = await addMember(server, admin, 'manager');
    const job = await readyExport(manager);
    const members = await json<{ data: Member[] }>(await admin.request('/api/v1/members'));
    const row = members.data.find((member) => member.email === managerEmail)!;
    await json(
      await admin.request(`/api/v1/members/${row.id}`, {
        method: 'PATCH',
        json: { role: 'employee', version: row.version },
      }),
    );
    expect((await manager.request(`/api/v1/exports/${job.id}`)).status).toBe(404);
    expect((await manager.request(`/api/v1/exports/${job.id}/download`)).status).toBe(404);
  });
});
