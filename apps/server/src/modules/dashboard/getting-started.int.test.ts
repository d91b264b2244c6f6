import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gettingStartedSchema,
  type GettingStarted,
  type GettingStartedStepId,
  type WorkspaceSettings,
} from '@atrium/shared';
import { expectJson, fixtures } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function checklist(client: SessionClient): Promise<GettingStarted> {
  return gettingStartedSchema.parse(
    await expectJson(await client.request('/api/v1/dashboard/getting-started'), 200),
  );
}

const done = (list: GettingStarted) =>
  Object.fromEntries(list.steps.map((step) => [step.id, step.done])) as Record<GettingStartedStepId, boolean>;

describe('the getting-started checklist (issue 20)', () => {
  it('starts with nothing done and ticks each step from what the workspace holds', async () => {
    const { client: admin } = await signUp(server, { companyName: 'Fresh Start Co' });
    const build = fixtures(admin);
    expect(await checklist(admin)).toEqual({
      steps: [
        { id: 'invite-team', done: false },
        { id: 'add-employees', done: false },
        { id: 'create-project', done: false },
        { id: 'set-working-hours', done: false },
      ],
      dismissed: false,
    });

    await build.project();
    expect(done(await checklist(admin))).toMatchObject({ 'create-project': true, 'invite-team': false });

    await build.invitation();
    await build.employee();
    const settings = await expectJson<WorkspaceSettings>(await admin.request('/api/v1/workspace'), 200);
    await expectJson(
      await admin.request('/api/v1/workspace', {
        method: 'PATCH',
        json: {
          name: settings.name,
          timeZone: 'Europe/Berlin',
          weekStart: 1,
          workdayStart: '08:00',
          workdayEnd: '16:00',
          breakMinutes: 30,
          weeklyHours: 38,
          version: settings.version,
        },
      }),
      200,
    );
    expect(Object.values(done(await checklist(admin)))).toEqual([true, true, true, true]);
  });

  it('stays put away for the whole workspace once an Admin dismisses it, and comes back on request', async () => {
    const { client: admin } = await signUp(server, { companyName: 'Dismissing Co' });
    const secondAdmin = await addMember(server, admin, 'admin');
    const dismiss = (client: SessionClient, dismissed: boolean) =>
      client.request('/api/v1/dashboard/getting-started', { method: 'PUT', json: { dismissed } });

    expect((await expectJson<GettingStarted>(await dismiss(admin, true), 200)).dismissed).toBe(true);
    expect((await checklist(secondAdmin.client)).dismissed).toBe(true);
    expect((await checklist(admin)).dismissed).toBe(true);
    expect((await expectJson<GettingStarted>(await dismiss(admin, false), 200)).dismissed).toBe(false);
  });

  it('is not for members who do not run the workspace', async () => {
    const { client: admin } = await signUp(server, { companyName: 'Not Yours Co' });
    const manager = await addMember(server, admin, 'manager');
    expect((await manager.client.request('/api/v1/dashboard/getting-started')).status).toBe(403);
    const refused = await manager.client.request('/api/v1/dashboard/getting-started', {
      method: 'PUT',
      json: { dismissed: true },
    });
    expect(refused.status).toBe(403);
    expect((await checklist(admin)).dismissed).toBe(false);
  });
});
