import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { demoEmail, demoPassword, type Role } from '@atrium/shared';
import { signInAs } from './sign-in';

// Issue 19, "What it must show": assigning a task to another user raises their bell count without a
// reload and the notification opens the task; an email notification reaches a real SMTP listener
// when that preference is on.

const unreadOf = async (page: Page) => {
  const response = await page.request.get('/api/v1/notifications/unread-count');
  return ((await response.json()) as { count: number }).count;
};

/** A JSON POST to `baseURL` with the Origin a browser there would send. */
const post = (page: Page, baseURL: string, path: string, data: unknown) =>
  page.request.post(`${baseURL}${path}`, { data, headers: { Origin: baseURL } });

/** Signs in to a server other than the shared one (signInAs keeps sessions of the shared one). */
async function signInTo(page: Page, baseURL: string, role: Role) {
  const response = await post(page, baseURL, '/api/v1/auth/login', {
    email: demoEmail(role),
    password: demoPassword,
  });
  expect(response.status(), `sign-in as ${role}`).toBe(200);
}

/** As an Admin, in a browser of their own: a task in the first project, assigned to `employeeId`. */
async function assignTask(page: Page, baseURL: string, employeeId: string, title: string) {
  const context = await page.context().browser()!.newContext({ baseURL });
  const admin = await context.newPage();
  await signInTo(admin, baseURL, 'admin');
  const projects = await admin.request.get('/api/v1/projects?limit=1&sort=name&order=asc');
  const projectId = ((await projects.json()) as { data: { id: string }[] }).data[0]!.id;
  const created = await post(admin, baseURL, '/api/v1/tasks', { projectId, title, assigneeId: employeeId });
  expect(created.status()).toBe(201);
  const task = (await created.json()) as { id: string };
  await context.close();
  return { projectId, taskId: task.id };
}

test('a task assigned to another member raises their bell count live, and the notification opens it', async ({
  page,
  baseURL,
}) => {
  // Two members' browsers, a live stream and an axe run: on two busy cores more than 30 s.
  test.slow();
  await signInAs(page, 'employee');
  const me = (await (await page.request.get('/api/v1/me')).json()) as { employeeId: string };
  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/events' && response.status() === 200,
  );
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await streamOpened;
  const before = await unreadOf(page);
  await expect(bell).toHaveAccessibleName(before > 0 ? `Notifications, ${before} unread` : 'Notifications');

  const title = `Review the notification centre ${Date.now()}`;
  const { projectId, taskId } = await assignTask(page, baseURL!, me.employeeId, title);

  // Without a reload: the count goes up (other journeys may notify this member too) and a toast says why.
  await expect
    .poll(async () => Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0))
    .toBeGreaterThan(before);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: title })).toBeVisible();
  await closeToasts(page);

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('link', { name: new RegExp(title) });
  await expect(item).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const countBefore = await unreadOf(page);
  await item.click();
  await expect(page).toHaveURL(`/projects/kanban?projectId=${projectId}&task=${taskId}`);
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await expect.poll(() => unreadOf(page)).toBe(countBefore - 1);

  // Kept: after a reload the task opens again and the notification stays read.
  await page.reload();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: new RegExp(title) }),
  ).not.toContainText('Unread:');
});

test.describe('email notifications', () => {
  // A server of its own, sending mail over SMTP to a listener this journey starts: the shared e2e
  // server keeps its outbox (other journeys read their mail there).
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];
  let server: ChildProcess;
  let dataDir: string;
  let baseURL: string;

  const freePort = () =>
    new Promise<number>((resolvePort, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolvePort(port));
      });
    });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        simpleParser(stream)
          .then((mail) => received.push(mail))
          .then(() => done(), done);
      },
    });
    await new Promise<void>((ready) => smtp.listen(0, '127.0.0.1', ready));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-mail-'));
    server = spawn('npm', ['run', 'serve'], {
      cwd: resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // A batch waits a second here instead of a minute.
        NOTIFICATION_EMAIL_DELAY_SECONDS: '1',
      },
      stdio: 'ignore',
      // Its own process group: npm does not pass a signal on to the server it started.
      detached: true,
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${baseURL}/api/health`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 170_000, intervals: [500] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    const group = server?.pid;
    if (group) {
      const running = () => {
        try {
          process.kill(-group, 0);
          return true;
        } catch {
          return false;
        }
      };
      if (running()) process.kill(-group, 'SIGTERM');
      // The server drains and closes its database before the directory goes.
      await expect.poll(running, { timeout: 30_000 }).toBe(false);
    }
    await new Promise<void>((closed) => smtp?.close(() => closed()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('arrives at a real SMTP listener when the member chose email', async ({ browser }) => {
    // A server of its own and a batched email job: more than the default 30 s on two busy cores.
    test.slow();
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInTo(page, baseURL, 'employee');
    const me = (await (await page.request.get('/api/v1/me')).json()) as {
      employeeId: string;
      user: { email: string };
    };

    // Settings -> Notifications: tasks assigned by email only.
    await page.goto('/settings?tab=notifications');
    const panel = page.getByRole('region', { name: 'Notifications' });
    const assigned = panel.getByRole('group', { name: 'A task is assigned to you' });
    await assigned.getByText('Email', { exact: true }).click();
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect(panel.getByRole('status')).toHaveText('Saved');
    await expectNoSeriousA11yViolations(page);
    await closeToasts(page);
    await page.reload();
    await expect(assigned.getByRole('radio', { name: 'Email' })).toBeChecked();

    const title = `Mailed task ${Date.now()}`;
    await assignTask(page, baseURL, me.employeeId, title);
    await expect
      .poll(() => received.filter((mail) => JSON.stringify(mail.to).includes(me.user.email)).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const mail = received.find((m) => JSON.stringify(m.to).includes(me.user.email))!;
    expect(mail.text).toContain(`assigned you '${title}'`);
    expect(mail.text).toMatch(new RegExp(`${baseURL}/projects/kanban\\?projectId=[0-9a-f-]+&task=`));
    await context.close();
  });
});
