import type { Page } from '@playwright/test';
import { assignTask } from './demo-api';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signInAs } from './sign-in';

// Issue 19, "What it must show": assigning a task to another user raises their bell count without a
// reload and the notification opens the task. (The email notification's journey is in mail.spec.ts.)

const unreadOf = async (page: Page) => {
  const response = await page.request.get('/api/v1/notifications/unread-count');
  return ((await response.json()) as { count: number }).count;
};

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
