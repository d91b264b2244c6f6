import { readFile } from 'node:fs/promises';
import type { ProjectListResponse, ProjectReport } from '@atrium/shared';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs } from './sign-in';

// Projects > Reports (spec 2 "Reports", spec 9 "Reports"). The demo workspace is shared by every
// spec of a run, so the journeys compare figures before and after instead of expecting absolute counts.

// The accessibility checks run on full tables; on the shared two-core machine one can take seconds.
test.describe.configure({ timeout: 120_000 });

const summaryCard = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Report summary' })
    .locator('dl')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) });

/** A card's figure and the line under it, once loaded. */
async function cardText(page: Page, label: string): Promise<{ value: string; hint: string }> {
  const definitions = summaryCard(page, label).getByRole('definition');
  await expect(definitions.first()).toHaveText(/^\$?\d/);
  return {
    value: (await definitions.first().textContent()) ?? '',
    hint: (await definitions.nth(1).textContent()) ?? '',
  };
}

/** "11 of 77 tasks completed" from the Completion Rate card. */
async function completedOfTotal(page: Page): Promise<{ completed: number; total: number }> {
  const { hint } = await cardText(page, 'Completion Rate');
  const match = /^([\d,]+) of ([\d,]+) tasks? completed$/.exec(hint);
  expect(match, hint).not.toBeNull();
  const number = (text: string) => Number(text.replace(/,/g, ''));
  return { completed: number(match![1]!), total: number(match![2]!) };
}

const periodLine = (page: Page) => page.getByText(/ · dates in /);

const mediumDay = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** A period as the screen writes it: "Dec 1, 2025 – Nov 30, 2026", or "Jan 1 – Dec 7, 2026" within a year. */
const calendarPeriod = (period: { from: string; to: string }) =>
  mediumDay.formatRange(utcDay(period.from), utcDay(period.to));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openReports(page: Page, query = '', { loads = true } = {}) {
  await page.goto(`/projects/reports${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Project Reports' })).toBeVisible();
  if (loads) await expect(periodLine(page)).toBeVisible();
}

/** The body rows of the table inside a region (the scroll box is named by the table's heading). */
const bodyRows = (region: Locator) => region.getByRole('table').locator('tbody tr');

async function apiReport(page: Page, query: string): Promise<ProjectReport> {
  const response = await page.request.get(`/api/v1/reports/projects?${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ProjectReport;
}

test('a manager changes the time range and the report tab, and the report follows', async ({ page }) => {
  await signInAs(page, 'manager');
  await openReports(page);
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Key Insights' })).toBeVisible();

  // Time range: the last 12 months hold the last 30 days and the completions before them.
  const month = await completedOfTotal(page);
  const { period } = await apiReport(page, 'range=year');
  await page.getByLabel('Time range').selectOption('year');
  await expect(page).toHaveURL(/[?&]range=year/);
  // The period line and the cards come from the same answer: once it names the year, the cards do too.
  // Node's and Chromium's date formats may space the dash differently.
  const periodText = `${calendarPeriod(period)} · dates in ${period.timeZone}`;
  await expect(periodLine(page)).toHaveText(
    new RegExp(`^${escapeRegExp(periodText).replace(/\s+/g, '\\s+')}$`),
  );
  const year = await completedOfTotal(page);
  expect(year.total).toBeGreaterThanOrEqual(month.total);
  expect(year.completed).toBeGreaterThan(month.completed);

  // The tabs are the one control for the report type: no second control makes the same choice.
  await expect(page.getByRole('tablist', { name: 'Report type' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Report type' })).toHaveCount(0);
  // Each tab asks the server for the report type that fills it.
  const teamRequest = page.waitForRequest((request) => /[?&]type=team/.test(request.url()));
  await page.getByRole('tab', { name: 'Team Performance' }).click();
  await teamRequest;
  await expect(page).toHaveURL(/[?&]tab=team/);
  await expect(page.getByRole('tab', { name: 'Team Performance', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Key Insights' })).toHaveCount(0);
  await expect(bodyRows(page.getByRole('region', { name: 'Team Performance' })).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Budget' }).click();
  await expect(page).toHaveURL(/[?&]tab=budget/);
  await expect(page.getByRole('tab', { name: 'Budget', selected: true })).toBeVisible();
  const budget = page.getByRole('region', { name: 'Budget' });
  await expect(bodyRows(budget).first()).toBeVisible();
  await expect(bodyRows(budget).first()).toContainText('$');

  // The per-project sections come a page at a time.
  const footer = page.getByText(/^Showing \d+ of \d+ projects/);
  await expect(footer).toBeVisible();
  const total = Number(/of (\d+) projects/.exec((await footer.textContent()) ?? '')![1]);
  await expect(bodyRows(budget)).toHaveCount(Math.min(10, total));
  if (total > 10) {
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(bodyRows(budget)).toHaveCount(Math.min(20, total));
  }

  const detailedRequest = page.waitForRequest((request) => /[?&]type=detailed/.test(request.url()));
  await page.getByRole('tab', { name: 'Project Analysis' }).click();
  await detailedRequest;
  await expect(page.getByRole('tab', { name: 'Project Analysis', selected: true })).toBeVisible();
  const analysis = page.getByRole('region', { name: 'Project Analysis' });
  await expect(bodyRows(analysis)).toHaveCount(Math.min(10, total));

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).not.toHaveURL(/[?&]tab=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Key Insights' })).toBeVisible();
  await page.getByRole('tab', { name: 'Team Performance' }).click();

  // The address keeps it all, and a link of the older kind (?type=budget) opens its tab.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Team Performance', selected: true })).toBeVisible();
  await expect(page.getByLabel('Time range')).toHaveValue('year');
  await openReports(page, '?type=budget');
  await expect(page.getByRole('tab', { name: 'Budget', selected: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the overview explains the period’s tasks, and the burndown falls', async ({ page }) => {
  await signInAs(page, 'manager');
  await openReports(page, '?range=quarter');
  const glance = page.getByRole('region', { name: 'The period at a glance' });
  const term = (label: RegExp) => glance.getByRole('term').filter({ hasText: label });
  const inPeriod = term(/^Tasks in the period/);
  await expect(inPeriod).toContainText(/\d+ open when it began \+ \d+ created in it/);
  await expect(term(/^Created/)).toContainText('new tasks during the period');
  // The figure is the Projects card's "N tasks in the period".
  const { hint } = await cardText(page, 'Projects');
  await expect(inPeriod.locator('xpath=following-sibling::dd')).toHaveText(
    hint.replace(/ tasks? in the period$/, ''),
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Trends' }).click();
  const burndown = page.getByRole('figure', { name: 'Burndown' });
  await burndown.getByText('Show the figures as a table').click();
  const cells = burndown.getByRole('table').locator('tbody td');
  await expect(cells).toHaveCount(14);
  const values = (await cells.allTextContents()).map((text) => Number(text.replace(/,/g, '')));
  expect(values).toEqual([...values].sort((a, b) => b - a));
  expect(values[0]).toBeGreaterThan(values.at(-1)!);
  await expectNoSeriousA11yViolations(page);
});

test('Team Performance lists people by completion rate, highest first', async ({ page }) => {
  await signInAs(page, 'manager');
  await openReports(page, '?type=team&range=quarter');
  const team = page.getByRole('region', { name: 'Team Performance' });
  await expect(bodyRows(team).first()).toBeVisible();
  const rows = bodyRows(team);
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  const ranks = await rows.locator('td:first-child').allTextContents();
  expect(ranks).toEqual(Array.from({ length: count }, (_, index) => String(index + 1)));
  const rates = (await rows.locator('td:nth-of-type(2)').allTextContents()).map((text) =>
    Number.parseInt(text, 10),
  );
  expect(rates).toEqual([...rates].sort((a, b) => b - a));

  // The same people in the same order as the server's team report.
  const api = await apiReport(page, 'type=team&range=quarter&limit=200');
  const names = await rows.getByRole('rowheader').locator('span:first-child').allTextContents();
  expect(names).toEqual(api.teamPerformance!.data.map((row) => row.employee.name));
});

test('the trend charts load with their tab, and Export CSV downloads the report shown', async ({ page }) => {
  await signInAs(page, 'manager');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await openReports(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Key Insights' })).toBeVisible();
  expect(scripts.filter((url) => url.includes('trend-charts'))).toEqual([]);

  await page.getByRole('tab', { name: 'Trends' }).click();
  await expect(page).toHaveURL(/[?&]tab=trends/);
  const created = page.getByRole('figure', { name: 'Tasks created and completed' });
  const burndown = page.getByRole('figure', { name: 'Burndown' });
  for (const figure of [created, burndown]) {
    await expect(figure.locator('svg.recharts-surface')).toBeVisible();
    await expect(figure.locator('.recharts-bar-rectangle, .recharts-area-curve').first()).toBeAttached();
  }
  expect(scripts.some((url) => url.includes('trend-charts'))).toBe(true);

  // The text alternative: one row per day of the last 30 days, and the burndown's starting point.
  await created.getByText('Show the figures as a table').click();
  await expect(created.getByRole('table').locator('tbody tr')).toHaveCount(30);
  await burndown.getByText('Show the figures as a table').click();
  await expect(burndown.getByRole('table').locator('tbody tr')).toHaveCount(31);
  await expect(burndown.getByRole('table').getByRole('rowheader').first()).toHaveText('Start of the period');

  // A quarter is drawn week by week.
  await page.getByLabel('Time range').selectOption('quarter');
  await expect(page.getByRole('tab', { name: 'Trends', selected: true })).toBeVisible();
  await page
    .getByRole('figure', { name: 'Tasks created and completed' })
    .getByText('Show the figures as a table')
    .click();
  await expect(
    page.getByRole('figure', { name: 'Tasks created and completed' }).getByRole('table').locator('tbody tr'),
  ).toHaveCount(13);
  await expect(
    page.getByRole('figure', { name: 'Tasks created and completed' }).getByRole('columnheader').first(),
  ).toHaveText('Week');

  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', /range=quarter/);
  const download = page.waitForEvent('download');
  await exportLink.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^project-report-overview-quarter-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines.slice(0, 2)).toEqual(['Project report', 'Filter,Value']);
  expect(lines).toContain('Time range,Last 13 weeks');
  expect(lines).toContain('Metric,Value');
  expect(lines).toContain('From,To,Created,Completed,Remaining');

  // The team report exports the team table.
  await page.getByRole('tab', { name: 'Team Performance' }).click();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /type=team/);
  const teamDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const teamLines = (await readFile(await (await teamDownload).path(), 'utf8')).split('\r\n');
  expect(teamLines).toContain(
    'Employee,Job title,Department,Tasks assigned,Tasks completed,Completion rate %,Overdue,Estimated hours,Actual hours',
  );
});

test('the project filter narrows the report to one project, by keyboard too', async ({ page }) => {
  await signInAs(page, 'manager');
  const projects = await page.request.get('/api/v1/projects?limit=1&sort=name&order=asc');
  expect(projects.status()).toBe(200);
  const project = ((await projects.json()) as ProjectListResponse).data[0]!;

  await openReports(page, '?tab=analysis');
  const filter = page.getByRole('combobox', { name: 'Project' });
  await filter.focus();
  await page.keyboard.type(project.name);
  // "All projects" leaves the list once a search is typed; the first option is then the project.
  const options = page.getByRole('listbox', { name: 'Projects' }).getByRole('option');
  await expect(options.filter({ hasText: 'All projects' })).toHaveCount(0);
  await expect(options.first()).toContainText(project.name);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]project=${project.id}`));
  await expect(filter).toHaveValue(project.name);
  await expect(summaryCard(page, 'Projects').getByRole('definition').first()).toHaveText('1');
  const analysis = page.getByRole('region', { name: 'Project Analysis' });
  await expect(bodyRows(analysis)).toHaveCount(1);
  await expect(bodyRows(analysis).first()).toContainText(project.name);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    new RegExp(`projectId=${project.id}`),
  );

  // After a reload the filter shows the project's name again.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(project.name);

  await page.getByRole('button', { name: 'Show all projects' }).click();
  await expect(page).not.toHaveURL(/[?&]project=/);
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue('');
  const all = await apiReport(page, 'range=month');
  await expect(summaryCard(page, 'Projects').getByRole('definition').first()).toHaveText(
    String(all.summary!.projects),
  );
});

test('every tab passes the accessibility check', async ({ page }) => {
  await signInAs(page, 'manager');
  await openReports(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Key Insights' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  for (const [tab, ready] of [
    ['Project Analysis', () => bodyRows(page.getByRole('region', { name: 'Project Analysis' })).first()],
    ['Team Performance', () => bodyRows(page.getByRole('region', { name: 'Team Performance' })).first()],
    ['Budget', () => bodyRows(page.getByRole('region', { name: 'Budget' })).first()],
    ['Trends', () => page.getByRole('figure', { name: 'Burndown' }).locator('svg.recharts-surface')],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(ready()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  for (const summary of await page.getByText('Show the figures as a table').all()) await summary.click();
  await expectNoSeriousA11yViolations(page);

  // Keyboard: the tabs move with the arrow keys, and the report follows.
  await page.getByRole('tab', { name: 'Trends' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Team Performance', selected: true })).toBeFocused();
  await expect(page).toHaveURL(/[?&]tab=team/);
});

test('a period without tasks shows the empty state', async ({ page }) => {
  await signInAs(page, 'manager');
  // A project of its own with no tasks yet: every period of its report is empty.
  const created = await postJson(page, '/api/v1/projects', { name: `Empty report ${Date.now()}` });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await openReports(page, `?project=${id}&range=week`);
  const emptyState = page.getByText('No tasks in the selected period', { exact: true });
  await expect(emptyState).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Key Insights' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Trends' }).click();
  await expect(emptyState).toBeVisible();
  await expect(page.getByRole('figure')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show the last 12 months' }).click();
  await expect(page).toHaveURL(/[?&]range=year/);
  await expect(page.getByLabel('Time range')).toHaveValue('year');
  await expect(emptyState).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show the last 12 months' })).toHaveCount(0);
});

test('a link to a missing project says so and offers all projects', async ({ page, consoleErrors }) => {
  await signInAs(page, 'manager');
  consoleErrors.allow(/status of 404/);
  const alert = page.getByRole('alert');
  // The server answers 404 for a project that no longer exists.
  await openReports(page, '?project=00000000-0000-4000-8000-000000000000', { loads: false });
  await expect(alert).toContainText('The report could not be loaded');
  await alert.locator('..').getByRole('button', { name: 'Show all projects' }).click();
  await expect(page).not.toHaveURL(/[?&]project=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Key Insights' })).toBeVisible();
});

test('a contractor cannot open the reports or their export', async ({ page }) => {
  await signInAs(page, 'contractor');
  await page.goto('/projects/reports');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You don't have access to this page");
  await expect(
    page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Reports' }),
  ).toHaveCount(0);
  expect((await page.request.get('/api/v1/reports/projects')).status()).toBe(403);
  expect((await page.request.get('/api/v1/reports/projects/export')).status()).toBe(403);
});
