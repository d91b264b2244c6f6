import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs, uniqueEmail } from './sign-in';

// Issue 20, "Every role finds its own way" and "A new workspace knows what to do first".

/** Signs the page up as the Admin of a workspace of its own (the demo one is not new). */
async function signUpNewWorkspace(page: Page, companyName: string) {
  const response = await postJson(page, '/api/v1/auth/signup', {
    name: 'Nora Newcomer',
    email: uniqueEmail('onboarding'),
    password: 'correct horse battery',
    companyName,
  });
  expect(response.status()).toBe(201);
}

test('a contractor reaches their own clock-in from the sidebar, and no Time Clock placeholder', async ({
  page,
}) => {
  // Clocking in and out twice, a reload and an axe run: near the default 30 s on two busy cores.
  test.slow();
  await signInAs(page, 'contractor');
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Primary' });
  await expect(sidebar.getByRole('link', { name: 'Time Clock' })).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Time Tracking' }).click();
  await expect(page).toHaveURL('/team/time-tracking');
  await expect(page.getByRole('heading', { level: 1, name: 'Time Tracking' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Time Tracking' })).toHaveAttribute('aria-current', 'page');

  // Their own clock: in, and still in after a reload (the server's clock, not the page's).
  const ownClock = page.getByRole('region', { name: 'Your clock' });
  const clockOut = ownClock.getByRole('button', { name: 'Clock Out' });
  const clockIn = ownClock.getByRole('button', { name: 'Clock In' });
  await expect(clockIn.or(clockOut)).toBeVisible();
  if (await clockOut.isVisible()) {
    await clockOut.click();
    await expect(clockIn).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await clockIn.click();
  await expect(ownClock.getByText(/You are clocked in since/)).toBeVisible();
  await page.reload();
  await expect(ownClock.getByText(/You are clocked in since/)).toBeVisible();
  await clockOut.click();
  await expect(clockIn).toBeVisible();
});

test("a new workspace's checklist ticks from real data and stays dismissed", async ({ page }) => {
  await signUpNewWorkspace(page, 'Checklist Co');
  await page.goto('/dashboard');
  const checklist = page.getByRole('region', { name: 'Get started' });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByText('0 of 4 done', { exact: false })).toBeVisible();
  await expect(checklist.getByText('Create a project (to do)')).toBeVisible();
  // Admins only: the server's status lives in Settings, not on the dashboard.
  await expect(page.getByRole('heading', { name: 'System status' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await checklist.getByRole('link', { name: 'New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Project' });
  await dialog.getByLabel('Project Name').fill('First Steps Project');
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/dashboard');
  await expect(checklist.getByText('Create a project (done)')).toBeVisible();
  await expect(checklist.getByText('1 of 4 done', { exact: false })).toBeVisible();
  await page.reload();
  await expect(checklist.getByText('Create a project (done)')).toBeVisible();
  await expect(checklist.getByText('Invite your team (to do)')).toBeVisible();

  await checklist.getByRole('button', { name: 'Dismiss the getting-started checklist' }).click();
  await expect(checklist).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Checklist Co' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Get started' })).toHaveCount(0);
});

test('empty pages of a new workspace say what to do', async ({ page }) => {
  await signUpNewWorkspace(page, 'Empty Pages Co');
  await page.goto('/team/time-tracking');
  await expect(page.getByText(/Entries show up here as people clock in and out/)).toBeVisible();
  await expect(page.getByText('No entries match these filters', { exact: false })).toHaveCount(0);
  await page.goto('/team/time-tracking?status=approved');
  await expect(page.getByText('No entries match these filters', { exact: false })).toBeVisible();
});

test("a customer's Help & Support speaks to a customer", async ({ page }) => {
  await signInAs(page, 'customer');
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Customer Portal' })).toBeVisible();
  await expect(main.getByText(/Invite your team/)).toHaveCount(0);
  await expect(main.getByText(/Outbox/)).toHaveCount(0);
  await expect(main.getByText(/Settings/)).toHaveCount(0);
  await expect(main.getByText(/Clock in and out/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("an employee's Help & Support shows what an employee can do", async ({ page }) => {
  await signInAs(page, 'employee');
  await page.goto('/support');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
  for (const name of ['Time Tracking', 'Scheduling', 'Tasks & Workflows', 'Performance']) {
    await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(main.getByText(/Invite your team/)).toHaveCount(0);
  await expect(main.getByText(/Outbox/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Each link leads to a page the employee may open.
  await main.getByRole('link', { name: 'Time Tracking', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Time Tracking' })).toBeVisible();
});

test("an Admin's Help & Support still explains inviting the team; only Admins see the system status", async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/support');
  await expect(page.getByRole('link', { name: 'Settings → Outbox' })).toBeVisible();
  await page.goto('/settings?tab=system');
  await expect(page.getByRole('heading', { level: 2, name: 'System status' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.context().clearCookies();
  await signInAs(page, 'manager');
  await page.goto('/settings?tab=system');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'System status' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'System status' })).toHaveCount(0);
});

test('the landing header offers a signed-in visitor the dashboard', async ({ page }) => {
  await signInAs(page, 'manager');
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Start Free Trial' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await header.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
});

test("the landing's Watch Demo opens the product tour, and Resources leads to help", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Watch Demo' }).click();
  await expect(page).toHaveURL(/#tour$/);
  const tour = page.getByRole('region', { name: 'Atrium in four stops' });
  await expect(tour).toBeInViewport();
  await expect(tour.getByRole('link', { name: 'Open the demo workspace' })).toHaveAttribute(
    'href',
    '/login#demo-title',
  );

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
  const resources = page.getByRole('region', { name: 'Help when you need it' });
  await expect(resources).toBeInViewport();
  await expect(resources.getByRole('link', { name: 'Open Help & Support' })).toHaveAttribute(
    'href',
    '/support',
  );
  await expect(resources.getByText('Customer stories')).toHaveCount(0);
  // A guest still gets the sign-in and the trial.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await tour.getByRole('link', { name: 'Open the demo workspace' }).click();
  await expect(page.getByRole('heading', { name: 'Try the demo' })).toBeVisible();
});
