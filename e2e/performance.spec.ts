import { readFile } from 'node:fs/promises';
import type { Goal, Me, PerformanceOverview, PerformanceStatsAnswer } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs } from './sign-in';

// Team > Performance (spec 2 "Performance", issue 4). The demo workspace is shared by every spec of
// a run, so the journeys compare figures before and after instead of expecting absolute counts.

// Each journey runs the accessibility check on full lists several times; on the shared two-core
// machine one check can take many seconds.
test.describe.configure({ timeout: 120_000 });

const suffix = () => Math.random().toString(36).slice(2, 8);
const nextYear = new Date().getFullYear() + 1;

/** The figure of a stat card, once it has loaded. */
async function statValue(page: Page, label: string): Promise<number> {
  const value = statCard(page, label);
  await expect(value).toHaveText(/^\d+(\.\d)?%?$/);
  return Number.parseFloat((await value.textContent()) ?? '');
}

const statCard = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Performance summary' })
    .locator('dl')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition')
    .first();

async function me(page: Page): Promise<Me> {
  const response = await page.request.get('/api/v1/me');
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

/** An employee other than the signed-in member (nobody reviews themselves). */
async function someoneElse(page: Page): Promise<{ id: string; name: string }> {
  const { employeeId } = await me(page);
  const response = await page.request.get('/api/v1/performance/overview?period=all&limit=5');
  const overview = (await response.json()) as PerformanceOverview;
  const card = overview.data.find((entry) => entry.employee.id !== employeeId);
  if (!card) throw new Error('The demo workspace has no other employee');
  return card.employee;
}

async function createGoal(page: Page, employeeId: string, title: string): Promise<Goal> {
  const response = await postJson(page, '/api/v1/performance/goals', {
    employeeId,
    title,
    description: 'Made by the performance journey',
    targetDate: `${nextYear}-03-31`,
    progress: 20,
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Goal;
}

async function openPerformance(page: Page, query = '') {
  await page.goto(`/team/performance${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Performance' })).toBeVisible();
}

test('a manager adds a review and a goal; the stats change, the rows show, and they survive a reload', async ({
  page,
}) => {
  // A long journey: 20-34 s of the default 30 s on the two-core CI machine.
  test.slow();
  await signInAs(page, 'manager');
  const reviewer = await me(page);
  await openPerformance(page);
  const totalReviews = await statValue(page, 'Total Reviews');
  const activeGoals = await statValue(page, 'Active Goals');

  // Add Review from the employee's own card: the dialog comes with the employee chosen.
  const employee = await someoneElse(page);
  const period = `Q4 2024 ${suffix()}`;
  const card = page.getByRole('list', { name: 'Employees' }).getByRole('listitem', { name: employee.name });
  await card.getByRole('button', { name: `Add Review for ${employee.name}` }).click();
  const reviewDialog = page.getByRole('dialog', { name: 'Add Review' });
  await expect(reviewDialog.getByRole('combobox', { name: 'Employee' })).toHaveValue(employee.name);
  await expect(reviewDialog.getByLabel('Review Period')).toHaveAttribute('placeholder', 'Q4 2024');
  await expectNoSeriousA11yViolations(page);

  // The shared schema's messages, inline, before anything is sent.
  await reviewDialog.getByRole('button', { name: 'Save review' }).click();
  await expect(reviewDialog.getByLabel('Review Period')).toHaveAccessibleDescription(
    'Enter the review period, e.g. Q4 2024',
  );
  await expect(reviewDialog.getByLabel('Overall Rating')).toHaveAccessibleDescription(
    'Choose a rating from 1 to 5',
  );
  await expect(reviewDialog.getByLabel('Overall Rating').locator('option')).toHaveText([
    'Choose a rating',
    '5 - Exceptional',
    '4 - Exceeds Expectations',
    '3 - Meets Expectations',
    '2 - Below Expectations',
    '1 - Needs Improvement',
  ]);

  await reviewDialog.getByLabel('Review Period').fill(period);
  await reviewDialog.getByLabel('Overall Rating').selectOption({ label: '4 - Exceeds Expectations' });
  await reviewDialog.getByLabel('Performance Feedback').fill('Steady delivery and great mentoring.');
  await reviewDialog.getByLabel('Goals for Next Period').fill('Lead the next release.');
  await reviewDialog.getByRole('button', { name: 'Save review' }).click();
  await expect(reviewDialog).toBeHidden();
  await expect(page.getByText(`Review added for ${employee.name}`)).toBeVisible();
  await expect(statCard(page, 'Total Reviews')).toHaveText(String(totalReviews + 1));

  // Add Goal from the header, choosing the employee with the keyboard in the search box.
  const goalTitle = `Ship the onboarding guide ${suffix()}`;
  await page.getByRole('button', { name: 'Add Goal', exact: true }).click();
  const goalDialog = page.getByRole('dialog', { name: 'Add Goal' });
  const employeeBox = goalDialog.getByRole('combobox', { name: 'Employee' });
  await employeeBox.fill(employee.name);
  // The list opens beside the dialog, not inside it.
  await expect(page.getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('option').first()).toContainText(employee.name);
  await employeeBox.press('Enter');
  await expect(employeeBox).toHaveValue(employee.name);
  await goalDialog.getByLabel('Goal Title').fill(goalTitle);
  await goalDialog.getByLabel('Description').fill('A guide every newcomer can follow on day one.');
  await goalDialog.getByLabel('Target Date').fill(`${nextYear}-06-30`);
  await goalDialog.getByLabel('Initial Progress').fill('150');
  await goalDialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(goalDialog.getByLabel('Initial Progress')).toHaveAccessibleDescription(
    'Progress is at most 100',
  );
  await goalDialog.getByLabel('Initial Progress').fill('10');
  // The check looks at the dialog, not at the fading toast of the review.
  await expect(page.getByText(`Review added for ${employee.name}`)).toBeHidden();
  await expectNoSeriousA11yViolations(page);
  await goalDialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(goalDialog).toBeHidden();
  await expect(page.getByText(`Goal added for ${employee.name}`)).toBeVisible();
  await expect(statCard(page, 'Active Goals')).toHaveText(String(activeGoals + 1));

  // The Reviews tab, newest first, names the real reviewer.
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page).toHaveURL(/[?&]tab=reviews/);
  const reviewRow = page.getByRole('row').filter({ hasText: period });
  await expect(reviewRow.getByRole('rowheader')).toHaveText(employee.name);
  await expect(reviewRow.getByRole('img', { name: '4 out of 5' })).toBeVisible();
  await expect(reviewRow).toContainText(reviewer.user.name);
  await reviewRow.getByRole('button', { name: /^View/ }).click();
  const details = page.getByRole('dialog', { name: `Review of ${employee.name}` });
  await expect(details).toContainText('Steady delivery and great mentoring.');
  await expect(details).toContainText('Lead the next release.');
  await details.getByRole('button', { name: 'Close' }).first().click();

  // The employee filter narrows every tab and goes into the address.
  await page.getByRole('search').getByRole('combobox', { name: 'Employee' }).fill(employee.name);
  await expect(page.getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('option', { name: employee.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`employee=${employee.id}`));
  await page.getByRole('tab', { name: 'Goals' }).click();
  const goalRow = page.getByRole('row', { name: new RegExp(goalTitle) });
  await expect(goalRow).toContainText('10%');
  await expect(goalRow).toContainText('Active');

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Goals', selected: true })).toBeVisible();
  await expect(page.getByRole('search').getByRole('combobox', { name: 'Employee' })).toHaveValue(
    employee.name,
  );
  await expect(page.getByRole('row', { name: new RegExp(goalTitle) })).toBeVisible();
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page.getByRole('row').filter({ hasText: period })).toBeVisible();
});

test('a manager updates a goal’s progress, meets a stale version, and completes the goal', async ({
  page,
  consoleErrors,
}) => {
  // The browser logs the refused save; the journey expects it.
  consoleErrors.allow(/status of 412/);
  await signInAs(page, 'manager');
  const employee = await someoneElse(page);
  const title = `Reduce ticket backlog ${suffix()}`;
  const goal = await createGoal(page, employee.id, title);

  await openPerformance(page, `?tab=goals&employee=${employee.id}`);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('20%');

  await row.getByRole('button', { name: `Update progress of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Update progress' });
  const progress = dialog.getByLabel('Progress');
  await progress.fill('101');
  await dialog.getByRole('button', { name: 'Save progress' }).click();
  await expect(progress).toHaveAccessibleDescription('Progress is at most 100');
  await progress.fill('55');
  await dialog.getByRole('button', { name: 'Save progress' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('55%');

  // Someone else saves first: the second save is refused (412) with a clear message, not lost.
  await row.getByRole('button', { name: `Update progress of ${title}` }).click();
  const origin = new URL(page.url()).origin;
  const meanwhile = await page.request.patch(`/api/v1/performance/goals/${goal.id}`, {
    data: { progress: 70, version: goal.version + 1 },
    headers: { Origin: origin },
  });
  expect(meanwhile.status()).toBe(200);
  // The change feed brings their save to the page behind the open dialog; it is still refused.
  await expect(dialog).toContainText('Saved progress: 70%');
  await dialog.getByLabel('Progress').fill('60');
  await dialog.getByRole('button', { name: 'Save progress' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Someone else changed this goal');
  await expect(dialog).toContainText('its saved progress is now 70%');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('70%');

  await row.getByRole('button', { name: `Complete ${title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Complete this goal?' });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Complete goal' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('100%');
  await expect(row.getByRole('button', { name: `Complete ${title}` })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Update progress of ${title}` })).toHaveCount(0);
});

test('the analytics charts load with their tab, and Export Reports downloads CSV files', async ({ page }) => {
  await signInAs(page, 'manager');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await openPerformance(page);
  await expect(page.getByRole('list', { name: 'Employees' }).getByRole('listitem').first()).toBeVisible();
  expect(scripts.filter((url) => url.includes('performance-analytics'))).toEqual([]);

  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/[?&]tab=analytics/);
  for (const chart of ['Rating distribution', 'Goal status', 'Employees by rating band']) {
    const figure = page.getByRole('figure', { name: chart });
    await expect(figure.locator('svg.recharts-surface')).toBeVisible();
    await expect(figure.getByRole('table')).toBeVisible();
  }
  expect(scripts.some((url) => url.includes('performance-analytics'))).toBe(true);
  await expect(
    page.getByRole('figure', { name: 'Rating distribution' }).getByRole('row', { name: /5 - Exceptional/ }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  for (const [item, header] of [
    ['Reviews (CSV)', 'Employee ID,Employee,Department,Period,Overall Rating'],
    ['Goals (CSV)', 'Employee ID,Employee,Department,Goal,Description,Progress,Target Date,Status'],
  ] as const) {
    await page.getByRole('button', { name: 'Export Reports' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: item }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^performance-.*\.csv$/);
    const text = await readFile(await file.path(), 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain(header);
    expect(text.split('\r\n').filter(Boolean).length).toBeGreaterThan(1);
  }
});

test('every tab and the dialogs pass the accessibility check, and the tab is kept in the address', async ({
  page,
}) => {
  // A long journey: 20-34 s of the default 30 s on the two-core CI machine.
  test.slow();
  await signInAs(page, 'manager');
  await openPerformance(page);
  await expect(page.getByRole('list', { name: 'Employees' }).getByRole('listitem').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page.getByRole('region', { name: 'Performance Reviews' }).getByRole('table')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: /^View/ }).first().click();
  await expect(page.getByRole('dialog', { name: /^Review of / })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Goals' }).click();
  await expect(page.getByRole('region', { name: 'Goals' }).getByRole('table')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page
    .getByRole('button', { name: /^Update progress of / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Update progress' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  // Keyboard: the tabs move with the arrow keys, and the address follows.
  await page.getByRole('tab', { name: 'Goals' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Reviews', selected: true })).toBeFocused();
  await expect(page).toHaveURL(/[?&]tab=reviews/);

  await page.getByLabel('Review period').selectOption({ label: 'All Time' });
  await expect(page).toHaveURL(/[?&]period=all/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Reviews', selected: true })).toBeVisible();
  await expect(page.getByLabel('Review period')).toHaveValue('all');

  await page.getByRole('button', { name: 'Add Review', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Add Review' })).toBeVisible();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Employee' }).click();
  await expect(page.getByRole('listbox', { name: 'Employees' }).getByRole('option').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The first Escape closes the list of employees, the second the dialog.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Add Review' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add Review' })).toBeHidden();
});

test('an employee sees only their own performance and no Add or Complete actions', async ({ page }) => {
  await signInAs(page, 'employee');
  await openPerformance(page);
  const ownCard = page.getByRole('list', { name: 'Employees' }).getByRole('listitem');
  await expect(ownCard).toHaveCount(1);
  const ownName = (await ownCard.getByRole('heading').textContent()) ?? '';
  await expect(page.getByRole('button', { name: /Add Review/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Add Goal/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Employee' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export Reports' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Issue 20: the cards are their own figures, not team counts (High Performers, Need Review).
  const stats = (await (
    await page.request.get('/api/v1/performance/stats')
  ).json()) as PerformanceStatsAnswer;
  expect(stats).toMatchObject({ scope: 'own', stats: { employees: 1 } });
  const summary = page.getByRole('region', { name: 'Your performance summary' });
  const ownFigure = (label: string) =>
    summary
      .locator('dl')
      .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
      .getByRole('definition')
      .first();
  await expect(ownFigure('Your Reviews')).toHaveText(String(stats.stats.totalReviews));
  await expect(ownFigure('Your Next Review')).toHaveText(stats.stats.needReview > 0 ? 'Due' : 'Up to date');
  await expect(page.getByText('High Performers')).toHaveCount(0);
  await expect(page.getByText('Need Review', { exact: true })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Goals' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Goals' })).toBeVisible();
  await expect(page.getByText('Loading the goals…')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Complete/ })).toHaveCount(0);
  const employeeCells = page.getByRole('table').getByRole('row').locator('td:first-child');
  for (const name of await employeeCells.allTextContents()) expect(name).toBe(ownName);
  await expectNoSeriousA11yViolations(page);
});
