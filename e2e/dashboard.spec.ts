import { addCalendarDays, type Dashboard, type WorkspaceSettings } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signInAs } from './sign-in';

// The dashboard (spec 2 "Dashboard") on the demo workspace, which every spec of a run shares: the
// figures are read from the API the screen uses, not assumed.

test.describe.configure({ timeout: 90_000 });

/** A run's first screen waits for the server's first queries, on two cores shared with the browsers. */
const firstVisit = 30_000;

/** A stat card's figure and the line under it (the cards are <dl>s: label, value, hint). */
function card(page: Page, label: string) {
  const values = page
    .locator('dl')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
  return { value: values.first(), hint: values.nth(1) };
}

async function dashboardData(page: Page): Promise<Dashboard> {
  const response = await page.request.get('/api/v1/dashboard');
  expect(response.status()).toBe(200);
  return (await response.json()) as Dashboard;
}

test('an admin sees the KPI cards, their tasks and the project progress from the demo data', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Acme Demo' })).toBeVisible({
    timeout: firstVisit,
  });
  const data = await dashboardData(page);
  const count = new Intl.NumberFormat('en');

  expect(data.kpis.map((kpi) => kpi.label)).toEqual([
    'Total Employees',
    'Active Projects',
    'Open Tickets',
    'Campaign CTR',
  ]);
  for (const kpi of data.kpis) {
    const { value, hint } = card(page, kpi.label);
    if (kpi.unit === 'count') await expect(value).toHaveText(count.format(kpi.value!));
    else await expect(value).toHaveText(kpi.value === null ? '—' : `${kpi.value}%`);
    if (kpi.changePercent === null) await expect(hint).toHaveText('No history yet');
    else if (kpi.changePercent > 0) await expect(hint).toHaveText(`Up ${kpi.changePercent}% vs last month`);
    else if (kpi.changePercent < 0)
      await expect(hint).toHaveText(`Down ${-kpi.changePercent}% vs last month`);
    else await expect(hint).toHaveText('No change vs last month');
  }
  // The demo has 50 employees, more or less what other journeys add.
  expect(data.kpis[0]!.value).toBeGreaterThanOrEqual(50);

  const tasks = page.getByRole('region', { name: 'Upcoming Tasks' });
  expect(data.upcomingTasks!.length).toBeGreaterThan(0);
  for (const task of data.upcomingTasks!) {
    const row = tasks.getByRole('listitem').filter({ hasText: task.title }).first();
    await expect(row).toContainText(task.project.name);
    await expect(row).toContainText(`${task.priority[0]!.toUpperCase()}${task.priority.slice(1)} priority`);
    if (task.overdue) await expect(row).toContainText('Overdue, was due');
  }

  const progress = page.getByRole('region', { name: 'Project Progress' });
  expect(data.projectProgress!.length).toBeGreaterThan(0);
  for (const project of data.projectProgress!) {
    const bar = page.getByRole('progressbar', { name: `${project.name} progress` });
    const row = progress.getByRole('listitem').filter({ has: bar });
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(project.progress));
    await expect(row).toContainText(project.scheduleLabel);
  }

  await expect(
    page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Project' })).toHaveAttribute(
    'href',
    '/projects/active?new=1',
  );
  await expectNoSeriousA11yViolations(page);
});

test('Schedule Meeting checks the form, creates the meeting and lists it under Upcoming meetings', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/dashboard');
  const meetings = page.getByRole('region', { name: 'Upcoming meetings' });
  await expect(meetings.getByRole('status')).toHaveCount(0, { timeout: firstVisit });

  await page.getByRole('button', { name: 'Schedule Meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Meeting' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Inline errors from the shared schema.
  await dialog.getByLabel('Start time').fill('11:00');
  await dialog.getByLabel('End time').fill('10:00');
  await dialog.getByRole('button', { name: 'Schedule meeting' }).click();
  await expect(dialog.getByText('Enter a title')).toBeVisible();
  await expect(dialog.getByLabel('Title')).toBeFocused();

  // Early tomorrow morning in the workspace's calendar: before the demo's office-hours meetings.
  const settings = (await (await page.request.get('/api/v1/workspace')).json()) as WorkspaceSettings;
  const tomorrow = addCalendarDays(
    new Intl.DateTimeFormat('en-CA', { timeZone: settings.timeZone }).format(new Date()),
    1,
  );
  const title = `Dashboard sync ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Date').fill(tomorrow);
  await dialog.getByLabel('Start time').fill('06:00');
  await dialog.getByLabel('End time').fill('06:30');
  await dialog.getByLabel('Location').fill('Video call');

  // Two attendees from the workspace, found by typing; one taken off again.
  const people = dialog.getByRole('combobox', { name: 'Attendees' });
  await people.fill('a');
  const options = page.getByRole('listbox', { name: 'People' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  const first = (await options.first().locator('span').first().textContent())!;
  await options.first().click();
  await people.fill('e');
  await expect(options.first()).toBeVisible();
  const second = (await options.first().locator('span').first().textContent())!;
  await options.first().click();
  const invited = dialog.getByRole('list', { name: 'Invited people' });
  await expect(invited.getByRole('listitem')).toHaveText([first, second]);
  await dialog.getByRole('button', { name: `Remove ${second}` }).click();
  await expect(invited.getByRole('listitem')).toHaveText([first]);
  await expect(people).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Schedule meeting' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Meeting '${title}' scheduled`)).toBeVisible();

  await page.reload();
  const row = meetings.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Tomorrow');
  await expect(row).toContainText('Video call');
  await expect(row).toContainText('2 attendees');
  await expect(
    page.getByRole('region', { name: 'Recent Activity' }).getByText(`scheduled meeting '${title}'`),
  ).toBeVisible();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
});

test('a contractor sees only what the role may: Active Projects, their tasks and meetings', async ({
  page,
}) => {
  await signInAs(page, 'contractor');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Acme Demo' })).toBeVisible({
    timeout: firstVisit,
  });
  const data = await dashboardData(page);
  expect(data.kpis.map((kpi) => kpi.id)).toEqual(['active-projects']);
  await expect(card(page, 'Active Projects').value).toHaveText(String(data.kpis[0]!.value));
  for (const hidden of ['Total Employees', 'Open Tickets', 'Campaign CTR']) {
    await expect(page.locator('dt', { hasText: hidden })).toHaveCount(0);
  }
  await expect(page.getByRole('region', { name: 'Upcoming Tasks' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Project Progress' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upcoming meetings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent Activity' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Schedule Meeting' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Project' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
