import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signInAs, switchTo } from './sign-in';

test('an admin looks through the workspace background jobs by state; others have no such tab', async ({
  page,
}) => {
  // Two roles and an axe run: near the default 30 s on two busy cores.
  test.slow();
  await signInAs(page, 'admin');
  await page.goto('/settings?tab=jobs');
  await expect(page.getByRole('tab', { name: 'Background jobs', selected: true })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Background jobs' });
  const filters = panel.getByRole('group', { name: 'Show jobs' });
  await expect(filters.getByRole('button', { name: /^Queued \(\d+\)$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await filters.getByRole('button', { name: /^Failed/ }).click();
  await expect(filters.getByRole('button', { name: /^Failed/ })).toHaveAttribute('aria-pressed', 'true');
  // What the server says is failed, the list shows: its count, or the empty state.
  const counts = (await (await page.request.get('/api/v1/jobs?state=failed')).json()) as {
    counts: Record<string, number>;
  };
  await expect(filters.getByRole('button', { name: `Failed (${counts.counts.failed})` })).toBeVisible();
  if (counts.counts.failed === 0) await expect(panel).toContainText('No job has failed in the last week.');
  await expectNoSeriousA11yViolations(page);

  // The address keeps the tab: a reload opens it again.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Background jobs', selected: true })).toBeVisible();

  await switchTo(page, 'manager');
  await page.goto('/settings?tab=jobs');
  await expect(page.getByRole('tab', { name: 'Background jobs' })).toHaveCount(0);
  expect((await page.request.get('/api/v1/jobs')).status()).toBe(403);
});
