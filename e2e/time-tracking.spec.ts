import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs } from './sign-in';

// Spec 2 "Time Tracking", spec 4 (clock in/out, final approval), issue 4 (manual entries,
// corrections, bulk decisions, payroll export). The demo workspace is shared by every journey of a
// run, so these find their own entries by employee, date range and notes, never by global counts.

type Employee = { id: string; employeeCode: string; firstName: string; lastName: string };

const payrollHeader = 'Employee ID,Name,Date,Regular Hours,Overtime Hours,Hourly Rate,Gross Pay';

/** The demo Employee's record, read as a Manager (people:view). */
async function demoEmployee(page: Page): Promise<Employee & { name: string; label: string }> {
  const response = await page.request.get(`/api/v1/employees?q=${encodeURIComponent('employee@acme.test')}`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: Employee[] };
  const employee = data[0];
  if (!employee) throw new Error('the demo employee is missing');
  const name = `${employee.firstName} ${employee.lastName}`;
  return { ...employee, name, label: `${name} (${employee.employeeCode})` };
}

/** An evening long past, when no seeded shift runs (they end by 21:00): a free slot for manual entries. */
function pastEvening(daysAgo: number, hour: number, minute = 0): Date {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() - daysAgo);
  day.setUTCHours(hour, minute, 0, 0);
  return day;
}

/**
 * axe on a settled screen: the cards loaded and no toast up (a toast's colours come from the app
 * shell's Toaster, not from this screen).
 */
async function expectAccessibleScreen(page: Page) {
  await expect(page.getByRole('region', { name: 'Totals' }).getByText('Loading')).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
}

// Each journey walks several screens on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function addManualEntry(page: Page, employeeId: string, clockIn: Date, minutes: number, notes: string) {
  const response = await postJson(page, '/api/v1/time-entries', {
    employeeId,
    clockIn: clockIn.toISOString(),
    clockOut: new Date(clockIn.getTime() + minutes * 60_000).toISOString(),
    notes,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; version: number };
}

test('an employee clocks in and out, and a manager approves the completed entry', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  // The refused second clock-in below is a 409 the browser logs.
  consoleErrors.allow(/409/);
  await signInAs(page, 'employee');
  await page.goto('/team/time-tracking');
  await expect(page.getByRole('heading', { level: 1, name: 'Time Tracking' })).toBeVisible();
  await expect(page).toHaveTitle(/^Time Tracking — /);
  // An Employee sees and clocks only themselves: no queue, no employee filter, no manager actions.
  await expect(page.getByRole('tab', { name: 'Approval Queue' })).toHaveCount(0);
  await expect(page.getByLabel('Employee')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Manual Entry' })).toHaveCount(0);

  const clock = page.getByRole('region', { name: 'Your clock' });
  // The seed clocks a few people in; start from clocked out.
  const startedClockedIn = clock.getByRole('button', { name: 'Clock Out' });
  await expect(clock.getByRole('button', { name: /^Clock (In|Out)$/ })).toBeEnabled();
  if (await startedClockedIn.isVisible()) {
    await startedClockedIn.click();
    await expect(clock).toContainText('You are not clocked in');
  }

  // Another device clocks in at the moment this page asks to: the page's request is the refused
  // second clock-in (409), and the page says so and shows the running entry.
  await page.route('**/api/v1/time-entries/clock-in', async (route) => {
    const elsewhere = await postJson(page, '/api/v1/time-entries/clock-in', {});
    expect(elsewhere.status()).toBe(201);
    await route.continue();
  });
  await clock.getByRole('button', { name: 'Clock In' }).click();
  await expect(page.getByText('Already clocked in', { exact: true })).toBeVisible();
  await expect(page.getByText(/is already clocked in\. Nothing changed/)).toBeVisible();
  await page.unroute('**/api/v1/time-entries/clock-in');
  await expect(clock).toContainText('You are clocked in since');

  // The running time ticks in the browser.
  const elapsed = clock.locator('time');
  await expect(elapsed).toHaveText(/^\d+:\d{2}:\d{2}$/);
  const firstReading = await elapsed.textContent();
  await expect(elapsed).not.toHaveText(firstReading ?? '');
  // The timesheet shows the open entry as Active.
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow.getByText('Active')).toBeVisible();

  await clock.getByRole('button', { name: 'Clock Out' }).click();
  await expect(page.getByText('You clocked out')).toBeVisible();
  await expect(clock).toContainText('You are not clocked in');
  await expect(firstRow.getByText('Completed')).toBeVisible();
  await expect(firstRow.getByRole('cell').nth(2)).toHaveText(/^[\d,]+(\.\d{1,2})? h$/);
  await expectAccessibleScreen(page);

  // The Manager, in a browser of their own, finds it in the Approval Queue and approves it.
  const managerContext = await browser.newContext({ baseURL });
  const managerPage = await managerContext.newPage();
  await signInAs(managerPage, 'manager');
  const employee = await demoEmployee(managerPage);
  await managerPage.goto(`/team/time-tracking?tab=approval&range=today&employee=${employee.id}`);
  await expect(managerPage.getByRole('tab', { name: 'Approval Queue', selected: true })).toBeVisible();
  await expect(managerPage.getByLabel('Employee')).toHaveValue(employee.id);
  const queueRow = managerPage.getByRole('table').getByRole('row').nth(1);
  await expect(queueRow).toContainText(employee.name);
  await queueRow.getByRole('button', { name: `Approve the entry of ${employee.name}` }).click();
  await expect(managerPage.getByText(`The entry of ${employee.name} was approved`)).toBeVisible();

  // The filter is changed straight after the tab, as a quick user would: it must not undo the tab.
  await managerPage.getByRole('tab', { name: 'Timesheet' }).click();
  await managerPage.getByLabel('Status').selectOption({ label: 'Approved' });
  await expect(managerPage).toHaveURL(/status=approved/);
  await expect(managerPage).toHaveURL(/range=today/);
  await expect(managerPage.getByRole('tab', { name: 'Timesheet', selected: true })).toBeVisible();
  await expect(managerPage.getByRole('table').getByRole('row').nth(1)).toContainText('Approved');
  await managerContext.close();
});

test('a manager approves and rejects a selection of entries in one go', async ({ page }) => {
  await signInAs(page, 'manager');
  const employee = await demoEmployee(page);
  const notes = [unique('Bulk A'), unique('Bulk B'), unique('Bulk C'), unique('Bulk D')];
  for (const [index, note] of notes.entries()) {
    await addManualEntry(page, employee.id, pastEvening(3 + index, 21, 30), 60, note);
  }

  await page.goto(`/team/time-tracking?tab=approval&employee=${employee.id}&range=month`);
  const queue = page.getByRole('region', { name: 'Approval Queue' });
  const rowOf = (note: string) => queue.getByRole('row').filter({ hasText: note });
  await expect(rowOf(notes[0]!)).toBeVisible();
  await expectAccessibleScreen(page);

  await rowOf(notes[0]!).getByRole('checkbox').check();
  await rowOf(notes[1]!).getByRole('checkbox').check();
  await expect(queue.getByText('2 selected')).toBeVisible();
  await queue.getByRole('button', { name: 'Approve selected' }).click();
  const confirmApprove = page.getByRole('alertdialog', { name: 'Approve 2 entries?' });
  await confirmApprove.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('2 entries approved')).toBeVisible();
  await expect(rowOf(notes[0]!)).toHaveCount(0);
  await expect(rowOf(notes[1]!)).toHaveCount(0);

  await rowOf(notes[2]!).getByRole('checkbox').check();
  await rowOf(notes[3]!).getByRole('checkbox').check();
  await queue.getByRole('button', { name: 'Reject selected' }).click();
  await page
    .getByRole('alertdialog', { name: 'Reject 2 entries?' })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(page.getByText('2 entries rejected')).toBeVisible();
  await expect(rowOf(notes[2]!)).toHaveCount(0);

  // Select all picks every entry on the page; clearing it picks none.
  const selectAll = queue.getByRole('checkbox', { name: 'Select all entries' });
  await selectAll.check();
  await expect(queue.getByText(/^\d+ selected$/)).toBeVisible();
  await selectAll.uncheck();
  await expect(queue.getByRole('button', { name: 'Approve selected' })).toBeDisabled();

  // The decisions show in the timesheet with their statuses.
  await page.getByRole('tab', { name: 'Timesheet' }).click();
  const timesheet = page.getByRole('region', { name: 'Timesheet' });
  await expect(timesheet.getByRole('row').filter({ hasText: notes[0]! })).toContainText('Approved');
  await expect(timesheet.getByRole('row').filter({ hasText: notes[3]! })).toContainText('Rejected');
});

test('a manager adds a manual entry, checked with the shared schema', async ({ page }) => {
  await signInAs(page, 'manager');
  const employee = await demoEmployee(page);
  const note = unique('Forgot to clock');
  const day = pastEvening(2, 0).toISOString().slice(0, 10);

  await page.goto('/team/time-tracking');
  await page.getByRole('button', { name: 'Add Manual Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a manual time entry' });
  await dialog.getByRole('button', { name: 'Add entry' }).click();
  // The shared schema's messages, inline.
  await expect(dialog.getByLabel('Employee')).toHaveAccessibleDescription('Choose an employee');
  await expect(dialog.getByLabel('Notes')).toHaveAccessibleDescription(
    'Add a note explaining the manual entry',
  );

  await dialog.getByLabel('Employee').selectOption({ label: employee.label });
  await dialog.getByLabel('Clock in').fill(`${day}T21:30`);
  await dialog.getByLabel('Clock out').fill(`${day}T21:00`);
  await dialog.getByLabel('Notes').fill(note);
  await dialog.getByRole('button', { name: 'Add entry' }).click();
  await expect(dialog.getByLabel('Clock out')).toHaveAccessibleDescription(
    'Clock-out must be after clock-in',
  );
  await dialog.getByLabel('Clock out').fill(`${day}T22:00`);
  await dialog.getByRole('button', { name: 'Add entry' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Manual entry added for ${employee.name}`)).toBeVisible();

  await page.getByLabel('Employee').selectOption(employee.id);
  const row = page.getByRole('region', { name: 'Timesheet' }).getByRole('row').filter({ hasText: note });
  await expect(row).toContainText('Completed');
  await expect(row.getByRole('cell').nth(2)).toHaveText('0.5 h');
});

test('a manager corrects an entry, and is told when someone else changed it first', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/412/);
  await signInAs(page, 'manager');
  const employee = await demoEmployee(page);
  const note = unique('Stock count');
  const clockIn = pastEvening(8, 21, 30);
  const day = clockIn.toISOString().slice(0, 10);
  const entry = await addManualEntry(page, employee.id, clockIn, 30, note);

  await page.goto(`/team/time-tracking?employee=${employee.id}&range=month&status=completed`);
  const row = page.getByRole('region', { name: 'Timesheet' }).getByRole('row').filter({ hasText: note });
  await expect(row.getByRole('cell').nth(2)).toHaveText('0.5 h');

  // Thirty minutes more, with the reason for the audit trail.
  await row.getByRole('button', { name: `Correct the entry of ${employee.name}` }).click();
  const correction = page.getByRole('dialog', { name: `Correct the entry of ${employee.name}` });
  // Times read on the workspace clock (the demo workspace runs on UTC).
  await expect(correction.getByLabel('Clock in')).toHaveValue(`${day}T21:30`);
  await correction.getByLabel('Clock out').fill(`${day}T22:30`);
  await correction.getByRole('button', { name: 'Save correction' }).click();
  await expect(correction.getByLabel('Reason for the correction')).toHaveAccessibleDescription(
    'Add a note explaining the correction',
  );
  await correction.getByLabel('Reason for the correction').fill('Stayed for the stock count');
  await correction.getByRole('button', { name: 'Save correction' }).click();
  await expect(correction).toBeHidden();
  await expect(row.getByRole('cell').nth(2)).toHaveText('1 h');

  // Someone else corrects it while the dialog is open: 412, and the dialog reloads their values.
  await row.getByRole('button', { name: `Correct the entry of ${employee.name}` }).click();
  await expect(correction.getByLabel('Clock out')).toHaveValue(`${day}T22:30`);
  const patched = await page.request.patch(`/api/v1/time-entries/${entry.id}`, {
    data: { clockOut: `${day}T22:45:00.000Z`, note: 'Corrected elsewhere', version: entry.version + 1 },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(patched.status()).toBe(200);
  await correction.getByLabel('Entry notes').fill(`${note} (checked)`);
  await correction.getByLabel('Reason for the correction').fill('Checked with the team lead');
  await correction.getByRole('button', { name: 'Save correction' }).click();
  await expect(correction.getByRole('alert')).toContainText('Someone else changed this entry meanwhile');
  await expect(correction.getByLabel('Clock out')).toHaveValue(`${day}T22:45`);
  await correction.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByRole('cell').nth(2)).toHaveText('1.25 h');
});

test('the Live Clock lists who is clocked in and clocks people in and out', async ({ page }) => {
  await signInAs(page, 'manager');
  await page.goto('/team/time-tracking?tab=live');
  await expect(page.getByRole('heading', { name: /^Clocked In \(\d+\)$/ })).toBeVisible();
  const quick = page.getByRole('region', { name: 'Quick Clock In' });
  const quickButtons = quick.getByRole('button', { name: /^Clock In / });
  await expect(quickButtons.first()).toBeVisible();
  expect(await quickButtons.count()).toBeLessThanOrEqual(6);
  await expectAccessibleScreen(page);

  const label = (await quickButtons.first().textContent()) ?? '';
  const name = label.replace(/^Clock In\s*/, '');
  await quickButtons.first().click();
  await expect(page.getByText(`${name} clocked in`)).toBeVisible();
  const clockedIn = page.getByRole('region', { name: /^Clocked In/ });
  const clockOut = clockedIn.getByRole('button', { name: `Clock Out ${name}` });
  await expect(clockOut).toBeVisible();
  await clockOut.click();
  await expect(page.getByText(`${name} clocked out`)).toBeVisible();
  await expect(clockOut).toHaveCount(0);
});

test('a manager exports the payroll CSV for a chosen period', async ({ page }) => {
  await signInAs(page, 'manager');
  await page.goto('/team/time-tracking');
  await expectAccessibleScreen(page);
  await page.getByRole('button', { name: 'Export Timesheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Timesheet' });
  await expectNoSeriousA11yViolations(page);
  // Default: this month.
  await expect(dialog.getByLabel('From')).toHaveValue(/^\d{4}-\d{2}-01$/);
  await dialog.getByLabel('To').fill('2000-01-01');
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  await expect(dialog.getByLabel('To')).toHaveAccessibleDescription(
    'The last day cannot be before the first',
  );

  const from = pastEvening(29, 0).toISOString().slice(0, 10);
  const to = new Date().toISOString().slice(0, 10);
  await dialog.getByLabel('From').fill(from);
  await dialog.getByLabel('To').fill(to);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`payroll-${from}-to-${to}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  const [header, firstLine] = csv.split('\r\n');
  expect(header).toBe(payrollHeader);
  // The seed approves most older entries, so a month has payroll lines.
  expect(firstLine).toMatch(/^EMP\d+,/);
  await expect(dialog).toBeHidden();
});
