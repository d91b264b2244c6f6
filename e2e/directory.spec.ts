import type { EmployeeDetails, EmployeeListResponse, EmployeePerformanceSummary } from '@atrium/shared';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signInAs, switchTo, uniqueEmail } from './sign-in';

// Spec 2 "Employee Directory" and issue 4, as people use it. The demo workspace is shared by every
// journey of the run, so each one works on people it creates with names no one else uses.

/** Letters only: the search matches whole words inside names. */
function uniqueSurname(base: string): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `${base}${letters.join('')}`;
}

async function apiJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** A PATCH with the Origin a browser sends (the server refuses cross-site cookie mutations). */
function patchJson(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  return page.request.patch(path, { data, headers: { Origin: origin } });
}

// Long journeys with axe checks, on two cores shared with the server and a second browser.
test.describe.configure({ timeout: 180_000 });

const employeeCards = (page: Page) => page.getByRole('list', { name: 'Employees' }).getByRole('listitem');

/** One labelled value of the details dialog's General tab. */
const fact = (panel: Locator, label: string) =>
  panel.locator('dl > div').filter({ has: panel.page().getByRole('term').getByText(label, { exact: true }) });

/** The results section is busy while a search or filter is being answered. */
async function resultsSettled(page: Page) {
  await expect(page.getByRole('region', { name: /^Showing|^Employees$|^Loading/ })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
}

test('an admin adds an employee, finds them after a reload, edits, deletes and undoes the delete', async ({
  page,
  consoleErrors,
}) => {
  // A long journey: 20-34 s of the default 30 s on the two-core CI machine.
  test.slow();
  // The browser logs the refusals this journey provokes on purpose: a duplicate email, a stale edit.
  consoleErrors.allow(/status of 409 \(Conflict\)/);
  consoleErrors.allow(/status of 412 \(Precondition Failed\)/);
  const surname = uniqueSurname('Lovelace');
  const fullName = `Ada ${surname}`;
  const email = uniqueEmail('ada');
  await signInAs(page, 'admin');
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Directory' })).toBeVisible();
  await expect(page).toHaveTitle(/^Employee Directory — /);
  await expect(employeeCards(page).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The shared schema's messages, inline, before anything is sent.
  await page.getByRole('button', { name: 'Add Employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Employee' });
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Salary (per year)').fill('-5');
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(dialog.getByLabel('First name')).toHaveAccessibleDescription('Enter the first name');
  await expect(dialog.getByLabel('Last name')).toHaveAccessibleDescription('Enter the last name');
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
  await expect(dialog.getByLabel('Department')).toHaveAccessibleDescription('Choose a department');
  await expect(dialog.getByLabel('Job title')).toHaveAccessibleDescription('Enter the job title');
  await expect(dialog.getByLabel('Salary (per year)')).toHaveAccessibleDescription('Cannot be negative');
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill(surname);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone number').fill('+44 20 7946 0018');
  await dialog.getByLabel('Department').selectOption({ label: 'Engineering' });
  await dialog.getByLabel('Job title').fill('Analyst Programmer');
  await dialog.getByLabel('Start date').fill('2024-03-04');
  await dialog.getByLabel('Salary (per year)').fill('85000');
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${fullName} was added to the directory`)).toBeVisible();

  // Search runs on the server and lives in the address, so a reload keeps it.
  await page.getByRole('searchbox', { name: 'Search employees' }).fill(surname);
  await expect(page).toHaveURL(new RegExp(`q=${surname}`));
  await expect(employeeCards(page)).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search employees' })).toHaveValue(surname);
  const card = employeeCards(page).filter({ hasText: fullName });
  await expect(card).toContainText('Analyst Programmer');
  await expect(card).toContainText(email);
  await expect(card).toContainText('+44 20 7946 0018');
  await expect(card).toContainText('$85,000');
  await expect(page.getByText('Showing 1 of 1 employee')).toBeVisible();

  // The server's 409 lands on the email field.
  await page.getByRole('button', { name: 'Add Employee' }).click();
  await dialog.getByLabel('First name').fill('Second');
  await dialog.getByLabel('Last name').fill(surname);
  await dialog.getByLabel('Email').fill(email.toUpperCase());
  await dialog.getByLabel('Department').selectOption({ label: 'Engineering' });
  await dialog.getByLabel('Job title').fill('Twin');
  await dialog.getByLabel('Salary (per year)').fill('1');
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(
    'Another employee in this workspace already uses this email',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Edit: the second per-employee button.
  await card.getByRole('button', { name: `Edit ${fullName}` }).click();
  const editDialog = page.getByRole('dialog', { name: `Edit ${fullName}` });
  await expect(editDialog.getByLabel('Job title')).toHaveValue('Analyst Programmer');
  await editDialog.getByLabel('Job title').fill('Chief Analyst');
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByText(`${fullName} was updated`)).toBeVisible();
  await expect(card).toContainText('Chief Analyst');

  // Someone else saves first: the stale form says so and reloads their version (412).
  await card.getByRole('button', { name: `Edit ${fullName}` }).click();
  const { data } = await apiJson<EmployeeListResponse>(page, `/api/v1/employees?q=${surname}`);
  const saved = data[0]!;
  const elsewhere = await patchJson(page, `/api/v1/employees/${saved.id}`, {
    jobTitle: 'Changed Elsewhere',
    version: saved.version,
  });
  expect(elsewhere.status()).toBe(200);
  await editDialog.getByLabel('Job title').fill('Lost Update');
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(editDialog.getByRole('alert')).toContainText('Someone else changed this employee');
  await expect(editDialog.getByLabel('Job title')).toHaveValue('Changed Elsewhere');
  await editDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toContainText('Changed Elsewhere');

  // Delete asks first, then offers Undo.
  await card.getByRole('button', { name: `Delete ${fullName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${fullName}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No employees found')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`${fullName} is back in the directory`)).toBeVisible();
  await expect(card).toContainText('Changed Elsewhere');
  await page.reload();
  await expect(employeeCards(page).filter({ hasText: fullName })).toHaveCount(1);
});

test('an admin gives a new employee a manager by typing in the picker and an hourly rate', async ({
  page,
}) => {
  const surname = uniqueSurname('Hamilton');
  const fullName = `Margaret ${surname}`;
  await signInAs(page, 'admin');
  await page.goto('/team');
  const { data } = await apiJson<EmployeeListResponse>(page, '/api/v1/employees?status=active&limit=5');
  const boss = data[0]!;
  const bossName = `${boss.firstName} ${boss.lastName}`;

  await page.getByRole('button', { name: 'Add Employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Employee' });
  await dialog.getByLabel('Hourly rate').fill('-1');
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(dialog.getByLabel('Hourly rate')).toHaveAccessibleDescription('Cannot be negative');
  // What is not a number is refused, not saved as "no rate".
  await dialog.getByLabel('Hourly rate').fill('1e');
  await dialog.getByLabel('Salary (per year)').fill('9o000');
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(dialog.getByLabel('Hourly rate')).toHaveAccessibleDescription('Enter a valid hourly rate');
  await expect(dialog.getByLabel('Salary (per year)')).toHaveAccessibleDescription('Enter a valid salary');

  await dialog.getByLabel('First name').fill('Margaret');
  await dialog.getByLabel('Last name').fill(surname);
  await dialog.getByLabel('Email').fill(uniqueEmail('margaret'));
  await dialog.getByLabel('Department').selectOption({ label: 'Engineering' });
  await dialog.getByLabel('Job title').fill('Flight Software Lead');
  await dialog.getByLabel('Salary (per year)').fill('91000');
  const managerBox = dialog.getByRole('combobox', { name: 'Manager' });
  await managerBox.fill(bossName);
  // Names may repeat in the demo data; the employee id in the suggestion does not.
  await page.getByRole('option', { name: new RegExp(boss.employeeCode) }).click();
  await expect(managerBox).toHaveValue(bossName);
  await dialog.getByLabel('Hourly rate').fill('42.5');
  await expect(dialog.getByLabel('Hourly rate')).not.toHaveAccessibleDescription('Enter a valid hourly rate');
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(page.getByText(`${fullName} was added to the directory`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search employees' }).fill(surname);
  await expect(page).toHaveURL(new RegExp(`q=${surname}`));
  await page.reload();
  const card = employeeCards(page).filter({ hasText: fullName });
  await expect(card).toHaveCount(1);

  // Straight after a reload the list's record has only the manager's id; the name still shows.
  await card.getByRole('button', { name: `Edit ${fullName}` }).click();
  const editDialog = page.getByRole('dialog', { name: `Edit ${fullName}` });
  await expect(editDialog.getByRole('combobox', { name: 'Manager' })).toHaveValue(bossName);
  await expect(editDialog.getByLabel('Hourly rate')).toHaveValue('42.5');
  await expectNoSeriousA11yViolations(page);
  // No one manages themselves: the picker does not offer the employee being edited.
  await editDialog.getByRole('combobox', { name: 'Manager' }).fill(surname);
  await expect(page.getByRole('status').filter({ hasText: 'No employees found' })).toBeVisible();
  await editDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(editDialog).toBeHidden();

  await card.getByRole('button', { name: `View details of ${fullName}` }).click();
  const details = page.getByRole('dialog', { name: fullName });
  const general = details.getByRole('tabpanel', { name: 'General' });
  await expect(fact(general, 'Manager').getByRole('definition')).toHaveText(bossName);
  await expect(fact(general, 'Hourly rate').getByRole('definition')).toHaveText('$42.50');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await card.getByRole('button', { name: `Edit ${fullName}` }).click();
  // No manager and no rate: both are optional and come back empty.
  await editDialog.getByRole('button', { name: 'No manager' }).click();
  await editDialog.getByLabel('Hourly rate').fill('');
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${fullName} was updated`)).toBeVisible();
  await card.getByRole('button', { name: `View details of ${fullName}` }).click();
  await expect(fact(general, 'Manager').getByRole('definition')).toHaveText('No manager');
  await expect(fact(general, 'Hourly rate').getByRole('definition')).toHaveText('Not provided');
});

test('filters, sort and view live in the address; export takes the same filters', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/team/directory');
  const stats = page.getByRole('region', { name: 'Employee statistics' });
  await expect(stats.getByText('Total')).toBeVisible();
  const statValue = (label: string) =>
    stats
      .locator('dl')
      .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
      .getByRole('definition');
  await expect(statValue('Total').nth(1)).toHaveText('All employees');

  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Inactive' });
  await expect(page).toHaveURL(/status=inactive/);
  await resultsSettled(page);
  const inactive = await stats.locator('dl', { hasText: 'Inactive' }).locator('dd').textContent();
  await expect(page.getByRole('heading', { level: 2, name: /^Showing/ })).toHaveText(
    new RegExp(`of ${inactive} employee`),
  );
  for (const card of await employeeCards(page).all()) await expect(card).toContainText('Inactive');
  // The cards follow the filters, as the projects' do, and say so.
  await expect(statValue('Total').nth(1)).toHaveText('Matching the filters');
  await expect(statValue('Total').first()).toHaveText(inactive ?? '');
  await expect(statValue('Active')).toHaveText('0');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All statuses' });
  await page.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'Engineering' });
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Newest start date' });
  await page.getByRole('button', { name: 'Table view' }).click();
  await expect(page).toHaveURL(/department=Engineering/);
  await expect(page).toHaveURL(/sort=startDate&order=desc/);
  await expect(page).toHaveURL(/view=table/);
  await resultsSettled(page);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  for (const row of (await rows.all()).slice(1)) await expect(row).toContainText('Engineering');
  const startDates = (
    await page.getByRole('table').locator('tbody tr td:nth-child(5)').allTextContents()
  ).map((text) => Date.parse(`${text} UTC`));
  expect(startDates).toEqual([...startDates].sort((a, b) => b - a));

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Department' })).toHaveValue('Engineering');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('startDate:desc');
  await expect(page.getByRole('button', { name: 'Table view' })).toHaveAttribute('aria-pressed', 'true');

  // Export: the filtered list as a file, through a plain link.
  await page.getByRole('button', { name: 'Export' }).click();
  const csvLink = page.getByRole('menuitem', { name: 'CSV (.csv)' });
  await expect(csvLink).toHaveAttribute('href', /format=csv/);
  await expect(csvLink).toHaveAttribute('href', /department=Engineering/);
  const downloading = page.waitForEvent('download');
  await csvLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^employees-\d{4}-\d{2}-\d{2}\.csv$/);
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem', { name: 'Excel (.xlsx)' })).toHaveAttribute('href', /format=xlsx/);
  await page.keyboard.press('Escape');

  // Nothing matches: the spec's empty state, and a way back.
  await page.getByRole('searchbox', { name: 'Search employees' }).fill('zzqx nobody');
  await expect(page.getByText('No employees found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByRole('searchbox', { name: 'Search employees' })).toHaveValue('');
  await expect(page).toHaveURL('/team/directory?view=table');

  // Keyset pages: the demo's 50 people do not fit on the first page.
  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(employeeCards(page)).toHaveCount(48);
  await page.getByRole('button', { name: 'Load more' }).click();
  // While the page is on its way the button reads "Loading…", so wait for the cards themselves.
  await expect.poll(() => employeeCards(page).count()).toBeGreaterThan(48);
  await expect(page.getByRole('heading', { level: 2, name: /^Showing/ })).toHaveText(/Showing (\d+) of \1 /);
  await expect(page.getByRole('button', { name: /Load more|Loading/ })).toBeHidden();
});

test('the details dialog shows the general data, reviews and goals, the week’s shifts and documents', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/team/directory');
  // Someone with documents, found the way the dialog reads them.
  const { data } = await apiJson<EmployeeListResponse>(page, '/api/v1/employees?status=active&limit=50');
  let person: EmployeeDetails | undefined;
  for (const employee of data) {
    const details = await apiJson<EmployeeDetails>(page, `/api/v1/employees/${employee.id}`);
    if (details.documents.length > 0 && details.managerName) {
      person = details;
      break;
    }
  }
  expect(person, 'a demo employee with documents and a manager').toBeDefined();
  const name = `${person!.firstName} ${person!.lastName}`;
  const summary = await apiJson<EmployeePerformanceSummary>(
    page,
    `/api/v1/performance/employees/${person!.id}/summary`,
  );

  await page.getByRole('searchbox', { name: 'Search employees' }).fill(person!.employeeCode);
  await expect(employeeCards(page)).toHaveCount(1);
  await page.getByRole('button', { name: `View details of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  const general = dialog.getByRole('tabpanel', { name: 'General' });
  await expect(general).toContainText(person!.email);
  await expect(general).toContainText(person!.managerName!);
  await expect(general).toContainText(person!.phone ?? 'Not provided');
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('tab', { name: 'Performance' }).click();
  const performance = dialog.getByRole('tabpanel', { name: 'Performance' });
  const firstReview = summary.performance!.reviews[0];
  await expect(performance).toContainText(
    firstReview ? firstReview.period : 'No performance reviews available.',
  );
  const firstGoal = summary.performance!.goals[0];
  if (firstGoal) await expect(performance).toContainText(firstGoal.title);

  // Keyboard: the arrow keys move between tabs.
  await dialog.getByRole('tab', { name: 'Performance' }).press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Schedule' })).toHaveAttribute('aria-selected', 'true');
  const schedule = dialog.getByRole('tabpanel', { name: 'Schedule' });
  const days = schedule.getByRole('list', { name: /^Shifts, week of/ }).getByRole('listitem');
  await expect(days.first()).toBeVisible();
  expect(
    await schedule
      .getByRole('list', { name: /^Shifts, week of/ })
      .locator(':scope > li')
      .count(),
  ).toBe(7);
  const weekShifts = summary.schedule?.shifts ?? [];
  if (weekShifts[0])
    await expect(schedule).toContainText(`${weekShifts[0].startTime}–${weekShifts[0].endTime}`);
  else await expect(schedule).toContainText('No shift');
  const thisWeek = await schedule.getByRole('list', { name: /^Shifts, week of/ }).getAttribute('aria-label');
  await schedule.getByRole('button', { name: 'Next week' }).click();
  await expect(schedule.getByRole('list', { name: /^Shifts, week of/ })).not.toHaveAttribute(
    'aria-label',
    thisWeek!,
  );
  await schedule.getByRole('button', { name: 'This week' }).click();
  await expect(schedule.getByRole('list', { name: /^Shifts, week of/ })).toHaveAttribute(
    'aria-label',
    thisWeek!,
  );

  await dialog.getByRole('tab', { name: 'Documents' }).click();
  await expect(dialog.getByRole('tabpanel', { name: 'Documents' })).toContainText(person!.documents[0]!.name);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('an employee sees no salaries and no changes; a manager sees both', async ({ page }) => {
  await signInAs(page, 'employee');
  await page.goto('/team/directory?view=table');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Salary' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Employee' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  // Issue 20: the whole directory as a file is for Managers and Admins, in the UI and the API.
  await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  expect((await page.request.get('/api/v1/employees/export?format=csv')).status()).toBe(403);

  // Someone else's details: no pay, and their reviews stay private.
  const { data } = await apiJson<EmployeeListResponse>(page, '/api/v1/employees?limit=5');
  const me = await apiJson<{ employeeId: string }>(page, '/api/v1/me');
  const other = data.find((employee) => employee.id !== me.employeeId)!;
  expect(other).not.toHaveProperty('salary');
  const name = `${other.firstName} ${other.lastName}`;
  await page.getByRole('button', { name: `View details of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('tabpanel', { name: 'General' })).toContainText(other.email);
  await expect(dialog.getByText('Salary')).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'Performance' }).click();
  await expect(dialog.getByText('Performance reviews are private')).toBeVisible();
  await page.keyboard.press('Escape');

  await switchTo(page, 'manager');
  await page.goto('/team/directory?view=table');
  await expect(page.getByRole('columnheader', { name: 'Salary' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Employee' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
});

test('on a phone the page never scrolls sideways; the table scrolls in its own frame', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  await page.goto('/team/directory');
  await expect(employeeCards(page).first()).toBeVisible();
  const pageWidth = () => page.evaluate('document.documentElement.scrollWidth');
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Table view' }).click();
  const frame = page.getByRole('region', { name: 'Employees table' });
  await expect(frame).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  const frameBox = await frame.boundingBox();
  const tableBox = await page.getByRole('table').boundingBox();
  expect(tableBox!.width).toBeGreaterThan(frameBox!.width);
  await expectNoSeriousA11yViolations(page);
});
