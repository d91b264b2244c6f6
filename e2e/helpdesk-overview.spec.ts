import type { HelpdeskOverview } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs } from './sign-in';

// Help Desk overview (issue 21, /helpdesk): the KPIs and charts, each a way into the filtered queue.
// The demo workspace is shared by every spec of a run, so the journey reads the figures the server
// gives and checks the page against them, and makes the ticket it needs.

test.describe.configure({ timeout: 120_000 });

const uniqueName = (prefix: string) => `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

async function overview(page: Page): Promise<HelpdeskOverview> {
  const response = await page.request.get('/api/v1/helpdesk/overview?days=30');
  expect(response.status()).toBe(200);
  return (await response.json()) as HelpdeskOverview;
}

const kpi = (page: Page, label: RegExp) =>
  page.getByRole('region', { name: 'Key figures' }).getByRole('link', { name: label });

test('an agent sees the help desk at a glance and follows a figure into the filtered queue', async ({
  page,
}) => {
  await signInAs(page, 'employee');
  // An unassigned ticket of the journey's own, so that Unassigned has one to show.
  const subject = uniqueName('Overview unassigned');
  const created = await postJson(page, '/api/v1/helpdesk/tickets', {
    subject,
    description: 'Nobody has this one yet.',
    customerName: 'Olive Overview',
    customerEmail: 'olive@example.com',
    category: 'Billing',
  });
  expect(created.status()).toBe(201);

  await page.goto('/helpdesk');
  await expect(page.getByRole('heading', { level: 1, name: 'Help Desk' })).toBeVisible();
  const figures = await overview(page);
  await expect(
    kpi(page, new RegExp(`^Open: ${figures.kpis.open.toLocaleString('en')} tickets`)),
  ).toBeVisible();
  await expect(kpi(page, /^Unassigned: /)).toContainText(figures.kpis.unassigned.toLocaleString('en'));
  await expect(kpi(page, /^Average first response: /)).toContainText('Avg. first response');
  // The dashboard's Open Tickets card counts the same tickets.
  const dashboard = (await (await page.request.get('/api/v1/dashboard')).json()) as {
    kpis: { id: string; value: number }[];
  };
  expect(dashboard.kpis.find((card) => card.id === 'open-tickets')?.value).toBe(figures.kpis.open);

  // The charts, with their text alternatives.
  await expect(page.getByRole('figure', { name: 'Tickets opened and resolved' })).toBeVisible();
  const byCategory = page.getByRole('figure', { name: 'Open tickets by category' });
  await expect(byCategory.getByRole('link', { name: /^Billing: / })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await kpi(page, /^Unassigned: /).click();
  await expect(page).toHaveURL(/\/helpdesk\/tickets\?view=unassigned$/);
  await expect(page.getByRole('tab', { name: 'Unassigned' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row').filter({ hasText: subject })).toBeVisible();

  // A category's link opens the open tickets of that category.
  await page.goBack();
  await byCategory.getByRole('link', { name: /^Billing: / }).click();
  await expect(page).toHaveURL(/category=Billing/);
  await expect(page).toHaveURL(/status=open%2Cin-progress%2Cpending|status=open,in-progress,pending/);
  await expect(page.getByRole('row').filter({ hasText: subject })).toBeVisible();
});

test('the overview fits a phone and changes its period', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'manager');
  await page.goto('/helpdesk');
  await expect(page.getByRole('heading', { level: 1, name: 'Help Desk' })).toBeVisible();
  await expect(kpi(page, /^Open: \d/)).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Open tickets by priority' })).toBeVisible();
  const pageWidth = () => page.evaluate('document.documentElement.scrollWidth');
  expect(await pageWidth()).toBeLessThanOrEqual(390);

  await page.getByLabel('Period').selectOption('7');
  await expect(page).toHaveURL(/\/helpdesk\?days=7$/);
  await expect(page.getByRole('figure', { name: 'Tickets opened and resolved' })).toContainText(
    'Last 7 days',
  );
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
});
