import { addCalendarDays, employeeFullName, type Employee, type Shift } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs, switchTo } from './sign-in';

// Team > Scheduling (spec 2 "Scheduling", issue 4). The demo workspace is shared by every spec of a
// run, so each journey works in a week of its own far in the future (the demo week starts on Sunday)
// and filters the screen to one employee: the cards then count only what the journey did.

// Long journeys on two shared cores: more than the default 30 seconds each.
test.describe.configure({ timeout: 120_000 });

async function demoEmployee(page: Page, index: number): Promise<{ id: string; name: string }> {
  const response = await page.request.get('/api/v1/employees?status=active&sort=name&limit=10');
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: Employee[] };
  const employee = data[index]!;
  return { id: employee.id, name: employeeFullName(employee) };
}

/** A stat card's figure (the cards are <dl>s: label, value, hint). */
function card(page: Page, label: string) {
  return page
    .locator('dl')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();
}

const editButton = (page: Page, name: string, day: string, times: string) =>
  page.getByRole('button', { name: new RegExp(`^Edit ${name}'s shift on ${day}: ${times}`) });

test('a manager adds a shift from an empty day, sees the hours and cards change, edits and deletes it', async ({
  page,
}) => {
  const week = '2031-03-02';
  await signInAs(page, 'manager');
  const employee = await demoEmployee(page, 0);
  await page.goto(`/team/scheduling?week=${week}&employee=${employee.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduling' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Mar 2\s–\s8, 2031/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Employee' })).toHaveValue(employee.name);
  await expect(card(page, 'Total Shifts')).toHaveText('0');
  await expect(card(page, 'Scheduled Hours')).toHaveText('0 h');
  await expect(card(page, 'Unassigned')).toHaveText('1');
  const row = page.getByRole('row', { name: new RegExp(employee.name) });
  await expect(row.getByText('No shift')).toHaveCount(7);
  await expectNoSeriousA11yViolations(page);

  // The empty-cell shortcut opens Add Shift for that employee and day.
  await row.getByRole('button', { name: `Add shift for ${employee.name} on Monday, Mar 3` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Shift' });
  await expect(dialog.getByRole('combobox', { name: 'Employee' })).toHaveValue(employee.name);
  await expect(dialog.getByLabel('Day')).toHaveValue('2031-03-03');
  await expect(dialog.getByLabel('Break (minutes)')).toHaveValue('60');
  await expect(dialog.getByText('Shift length: 7 h')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The length follows the fields as they change (spec 5), and the shared rules show inline.
  await dialog.getByLabel('Start time').selectOption('09:00');
  await dialog.getByLabel('End time').selectOption('10:00');
  await expect(dialog.getByText('Shift length: 0 h')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Shift' }).click();
  await expect(dialog.getByText('The break must be shorter than the shift')).toBeVisible();
  await dialog.getByLabel('Start time').selectOption('08:00');
  await dialog.getByLabel('End time').selectOption('17:00');
  await dialog.getByLabel('Break (minutes)').fill('30');
  await expect(dialog.getByText('Shift length: 8.5 h')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Shift' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Shift added')).toBeVisible();

  await expect(editButton(page, employee.name, 'Monday, Mar 3', '08:00–17:00')).toContainText('8.5 h');
  await expect(card(page, 'Total Shifts')).toHaveText('1');
  await expect(card(page, 'Scheduled Hours')).toHaveText('8.5 h');
  await expect(card(page, 'Unassigned')).toHaveText('0');
  await expect(row.getByText('No shift')).toHaveCount(6);

  await page.reload();
  await expect(editButton(page, employee.name, 'Monday, Mar 3', '08:00–17:00')).toBeVisible();
  await expect(card(page, 'Scheduled Hours')).toHaveText('8.5 h');

  // A second active shift that day is a conflict (spec 9), said in words.
  await page.getByRole('button', { name: 'Add Shift', exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: 'Employee' })).toHaveValue(employee.name);
  await dialog.getByLabel('Day').selectOption({ label: 'Monday, Mar 3' });
  await dialog.getByLabel('Start time').selectOption('18:00');
  await dialog.getByLabel('End time').selectOption('22:00');
  await dialog.getByLabel('Break (minutes)').fill('0');
  await dialog.getByRole('button', { name: 'Add Shift' }).click();
  await expect(dialog).toBeHidden();
  const evening = editButton(page, employee.name, 'Monday, Mar 3', '18:00–22:00');
  await expect(evening).toContainText('Conflict');
  await expect(editButton(page, employee.name, 'Monday, Mar 3', '08:00–17:00')).toContainText('Conflict');
  await expect(row.getByText('1 conflict')).toBeVisible();
  await expect(card(page, 'Scheduled Hours')).toHaveText('12.5 h');
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);

  // Edit the morning shift.
  await editButton(page, employee.name, 'Monday, Mar 3', '08:00–17:00').click();
  const edit = page.getByRole('dialog', { name: 'Edit Shift' });
  await expect(edit.getByLabel('Start time')).toHaveValue('08:00');
  await edit.getByLabel('End time').selectOption('16:00');
  await expect(edit.getByText('Shift length: 7.5 h')).toBeVisible();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(editButton(page, employee.name, 'Monday, Mar 3', '08:00–16:00')).toBeVisible();
  await expect(card(page, 'Scheduled Hours')).toHaveText('11.5 h');

  // Delete the evening one, after confirming; the conflict goes with it.
  await evening.click();
  await edit.getByRole('button', { name: 'Delete Shift' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this shift?' });
  await expect(confirm).toContainText(`${employee.name}'s shift on Monday, Mar 3, 18:00–22:00 (4 h)`);
  await confirm.getByRole('button', { name: 'Delete Shift' }).click();
  await expect(edit).toBeHidden();
  await expect(evening).toBeHidden();
  await expect(row.getByText('1 conflict')).toBeHidden();
  await expect(editButton(page, employee.name, 'Monday, Mar 3', '08:00–16:00')).not.toContainText('Conflict');
  await expect(card(page, 'Total Shifts')).toHaveText('1');
  await expect(card(page, 'Scheduled Hours')).toHaveText('7.5 h');
});

test('an edit that lost a race to someone else’s says so and shows their version', async ({
  page,
  consoleErrors,
}) => {
  // The browser logs the refused save; the screen handles it.
  consoleErrors.allow(/status of 412/);
  const week = '2031-03-09';
  await signInAs(page, 'manager');
  const employee = await demoEmployee(page, 1);
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const created = await postJson(page, '/api/v1/scheduling/shifts', {
    employeeId: employee.id,
    date: '2031-03-10',
    startTime: '09:00',
    endTime: '17:00',
  });
  expect(created.status()).toBe(201);
  const shift = (await created.json()) as Shift;

  await page.goto(`/team/scheduling?week=${week}&employee=${employee.id}`);
  await editButton(page, employee.name, 'Monday, Mar 10', '09:00–17:00').click();
  const edit = page.getByRole('dialog', { name: 'Edit Shift' });
  await expect(edit.getByLabel('End time')).toHaveValue('17:00');

  // Meanwhile, someone else moves the start.
  const changed = await page.request.patch(`/api/v1/scheduling/shifts/${shift.id}`, {
    headers: { Origin: origin },
    data: { startTime: '10:00', version: shift.version },
  });
  expect(changed.status()).toBe(200);

  await edit.getByLabel('End time').selectOption('18:00');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByRole('alert')).toContainText(
    'Someone else changed this shift while you were editing',
  );
  await expect(edit.getByLabel('Start time')).toHaveValue('10:00');
  await expect(edit.getByLabel('End time')).toHaveValue('17:00');
  await edit.getByLabel('End time').selectOption('18:00');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(editButton(page, employee.name, 'Monday, Mar 10', '10:00–18:00')).toContainText('7 h');
});

test('a manager applies a template to people picked by search, then finds the week it made', async ({
  page,
}) => {
  // A long journey: 20-34 s of the default 30 s on the two-core CI machine.
  test.slow();
  const week = '2031-04-06';
  await signInAs(page, 'manager');
  const employee = await demoEmployee(page, 2);

  await page.goto(`/team/scheduling?week=${week}&tab=templates`);
  await expect(page.getByRole('tab', { name: 'Templates', selected: true })).toBeVisible();
  for (const name of [
    'Full-Time',
    'Part-Time',
    'Shift Work',
    'Flexible Hours',
    'Weekend Only',
    'Night Shift',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Apply Template Full-Time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply Full-Time' });
  await expect(dialog.getByLabel('Week')).toHaveValue(week);
  await dialog.getByRole('button', { name: 'Apply Template' }).click();
  await expect(dialog.getByText('Choose at least one employee')).toBeVisible();

  // A search that finds several people picks them all in one go; Cancel forgets them.
  await dialog.getByRole('combobox', { name: 'Employees' }).fill('an');
  const pickAll = dialog.getByRole('button', { name: /^Pick all \d+ shown$/ });
  const shown = Number(/\d+/.exec((await pickAll.textContent()) ?? '')?.[0]);
  expect(shown).toBeGreaterThan(1);
  await pickAll.click();
  await expect(dialog.getByRole('list', { name: 'Picked employees' }).getByRole('listitem')).toHaveCount(
    shown,
  );
  await expect(dialog.getByRole('button', { name: `Apply to ${shown} employees` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Apply Template Full-Time' }).click();
  await expect(dialog.getByRole('list', { name: 'Picked employees' })).toHaveCount(0);

  await dialog.getByRole('combobox', { name: 'Employees' }).fill(employee.name);
  await page.getByRole('option', { name: new RegExp(employee.name) }).click();
  await expect(dialog.getByRole('button', { name: `Remove ${employee.name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Apply to 1 employee' }).click();
  // The toast comes as the dialog starts closing and stays a few seconds: look for it first.
  await expect(page.getByText('Full-Time applied to 1 employee')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The result: the calendar of that week.
  await expect(page.getByRole('tab', { name: 'Calendar View', selected: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`week=${week}`));
  const filter = page.getByRole('combobox', { name: 'Employee' });
  await closeToasts(page);
  await filter.fill(employee.name);
  const option = page.getByRole('option', { name: new RegExp(employee.name) });
  await expect(option).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The keyboard picks from the list: the first match is active.
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await filter.press('Enter');
  await expect(page).toHaveURL(new RegExp(`employee=${employee.id}`));
  await expect(filter).toHaveValue(employee.name);
  await expect(page.getByRole('button', { name: /^Edit .*09:00–17:00/ })).toHaveCount(5);
  await expect(card(page, 'Total Shifts')).toHaveText('5');
  // Five 09:00-17:00 shifts with the standard hour's break (issue 20: one rule for a shift's hours).
  await expect(card(page, 'Scheduled Hours')).toHaveText('35 h');
  await expect(card(page, 'Over-Scheduled')).toHaveText('0');
});

test('a template’s shift counts the hours the same shift added by hand counts', async ({ page }) => {
  const week = '2031-08-03';
  await signInAs(page, 'manager');
  const fromTemplate = await demoEmployee(page, 4);
  const byHand = await demoEmployee(page, 5);

  await page.goto(`/team/scheduling?week=${week}&tab=templates`);
  const fullTime = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Full-Time' }) });
  await expect(fullTime).toContainText('Mon-Fri 09:00-17:00, 60 min break: 35 h a week');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Apply Template Full-Time' }).click();
  const apply = page.getByRole('dialog', { name: 'Apply Full-Time' });
  await apply.getByRole('combobox', { name: 'Employees' }).fill(fromTemplate.name);
  await page.getByRole('option', { name: new RegExp(fromTemplate.name) }).click();
  await apply.getByRole('button', { name: 'Apply to 1 employee' }).click();
  await expect(page.getByText('Full-Time applied to 1 employee')).toBeVisible();
  await expect(apply).toBeHidden();

  // The same Monday 09:00-17:00 through Add Shift, with its default break.
  await page.getByRole('tab', { name: 'Employee View' }).click();
  const cardOf = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  await cardOf(byHand.name)
    .getByRole('button', { name: `Add Shift for ${byHand.name}` })
    .click();
  const add = page.getByRole('dialog', { name: 'Add Shift' });
  await add.getByLabel('Day').selectOption({ label: 'Monday, Aug 4' });
  await expect(add.getByLabel('Start time')).toHaveValue('09:00');
  await expect(add.getByLabel('End time')).toHaveValue('17:00');
  await expect(add.getByText('Shift length: 7 h')).toBeVisible();
  await add.getByRole('button', { name: 'Add Shift' }).click();
  await expect(add).toBeHidden();

  const mondayShift = (name: string) =>
    page.getByRole('button', { name: new RegExp(`^Edit ${name}'s shift on Monday, Aug 4:.* 09:00–17:00`) });
  for (const reloaded of [false, true]) {
    if (reloaded) await page.reload();
    await expect(mondayShift(fromTemplate.name)).toContainText('7 h');
    await expect(mondayShift(byHand.name)).toContainText('7 h');
    await expect(cardOf(fromTemplate.name)).toContainText('35 h of 40 h');
    await expect(cardOf(byHand.name)).toContainText('7 h of 40 h');
  }
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
});

test('a manager over-schedules someone, sees it in both views and copies the week forward', async ({
  page,
}) => {
  const week = '2031-04-20';
  const nextWeek = addCalendarDays(week, 7);
  await signInAs(page, 'manager');
  const employee = await demoEmployee(page, 2);
  // A full-time week of five 8-hour shifts, as the Full-Time template would make it.
  for (let day = 1; day <= 5; day += 1) {
    const created = await postJson(page, '/api/v1/scheduling/shifts', {
      employeeId: employee.id,
      date: addCalendarDays(week, day),
      startTime: '09:00',
      endTime: '17:00',
      breakMinutes: 0,
    });
    expect(created.status()).toBe(201);
  }
  await page.goto(`/team/scheduling?week=${week}&employee=${employee.id}`);
  await expect(card(page, 'Scheduled Hours')).toHaveText('40 h');
  await expect(card(page, 'Over-Scheduled')).toHaveText('0');
  const filter = page.getByRole('combobox', { name: 'Employee' });

  // One more shift puts them above 40 hours (spec 9).
  const row = page.getByRole('row', { name: new RegExp(employee.name) });
  await row.getByRole('button', { name: `Add shift for ${employee.name} on Saturday, Apr 26` }).click();
  await page.getByRole('dialog', { name: 'Add Shift' }).getByRole('button', { name: 'Add Shift' }).click();
  await expect(card(page, 'Over-Scheduled')).toHaveText('1');
  await expect(row.getByText('Over-scheduled')).toBeVisible();
  await expect(row).toContainText('47 h');

  await page.getByRole('tab', { name: 'Employee View' }).click();
  await expect(page).toHaveURL(/tab=employees/);
  const employeeCard = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: employee.name }) });
  await expect(employeeCard).toContainText('47 h of 40 h');
  await expect(employeeCard.getByText('Over-scheduled')).toBeVisible();
  await expect(employeeCard.getByRole('button', { name: /^Edit / })).toHaveCount(6);
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Calendar View' }).click();

  // Copy this week to the next: the preview says what it creates and what it skips.
  const taken = await postJson(page, '/api/v1/scheduling/shifts', {
    employeeId: employee.id,
    date: addCalendarDays(nextWeek, 1),
    startTime: '12:00',
    endTime: '16:00',
  });
  expect(taken.status()).toBe(201);
  await page.getByRole('button', { name: 'Copy Schedule' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy Schedule' });
  await expect(copy).toContainText(`${employee.name}'s shifts of the week of Apr 20 – 26, 2031`);
  const target = copy.getByLabel('Copy to the week of');
  await expect(target).toHaveValue(nextWeek);
  const preview = copy.getByRole('region', { name: 'What the copy does' });
  await expect(preview).toContainText('Creates 5 shifts in the week of Apr 27 – May 3, 2031.');
  await expect(preview).toContainText('Skips 1 shift: 1 on days that already have a shift.');
  await expectNoSeriousA11yViolations(page);
  // The week on screen cannot be its own copy.
  await target.fill(addCalendarDays(week, 2));
  await expect(copy.getByText('Choose a different week than the one copied')).toBeVisible();
  await copy.getByRole('button', { name: 'Next week' }).click();
  await expect(preview).toContainText('Creates 5 shifts');
  await copy.getByRole('button', { name: 'Copy 5 shifts' }).click();
  await expect(page.getByText('Copied 5 shifts to the week of Apr 27 – May 3, 2031')).toBeVisible();
  await expect(copy).toBeHidden();

  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(new RegExp(`week=${nextWeek}`));
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: /Apr 27\s–\sMay 3, 2031/ })).toBeVisible();
  await expect(card(page, 'Total Shifts')).toHaveText('6');
  // Monday kept the shift it had; the other days got last week's.
  await expect(editButton(page, employee.name, 'Monday, Apr 28', '12:00–16:00')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit .*09:00–17:00/ })).toHaveCount(5);
  await expect(card(page, 'Scheduled Hours')).toHaveText('42 h');

  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(new RegExp(`week=${week}`));
  await expect(page.getByRole('heading', { level: 2, name: /Apr 20\s–\s26, 2031/ })).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page).not.toHaveURL(/week=/);
  await expect(page.getByRole('columnheader', { name: /Today/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today' })).toBeDisabled();

  // The filter clears back to everyone.
  await page.getByRole('button', { name: 'Show all employees' }).click();
  await expect(page).not.toHaveURL(/employee=/);
  await expect(filter).toHaveValue('');
});

test('an employee sees the team schedule but cannot change it', async ({ page }) => {
  await signInAs(page, 'manager');
  const employee = await demoEmployee(page, 3);
  const created = await postJson(page, '/api/v1/scheduling/shifts', {
    employeeId: employee.id,
    date: '2031-05-05',
    startTime: '09:00',
    endTime: '17:00',
  });
  expect(created.status()).toBe(201);
  await switchTo(page, 'employee');
  await page.goto(`/team/scheduling?week=2031-05-04&employee=${employee.id}`);
  const row = page.getByRole('row', { name: new RegExp(employee.name) });
  await expect(row.getByText('09:00–17:00')).toBeVisible();
  await expect(row.getByText('No shift')).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Add Shift' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy Schedule' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Add shift for / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Night Shift' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Apply Template/ })).toHaveCount(0);
});

test('the week view loads more employees page by page', async ({ page }) => {
  await signInAs(page, 'employee');
  // Five to a page instead of fifty, so the demo's employees make several pages.
  await page.route(
    (url) => url.pathname === '/api/v1/scheduling/week',
    (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', '5');
      return route.continue({ url: url.toString() });
    },
  );
  await page.goto('/team/scheduling?week=2031-06-01');
  await expect(page.getByText('Showing 5 employees')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(6);
  await page.getByRole('button', { name: 'Load more employees' }).click();
  await expect(page.getByText('Showing 10 employees')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);
  await page.getByRole('tab', { name: 'Employee View' }).click();
  await expect(page.getByText('Showing 10 employees')).toBeVisible();
});
