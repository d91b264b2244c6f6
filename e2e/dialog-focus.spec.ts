/// <reference lib="dom" />
// The functions handed to evaluate() run in the page.
import type { Locator, Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs, uniqueEmail } from './sign-in';

// Issue 20, "Keyboard and focus" (WCAG 2.2: 2.4.3 focus order, 2.4.7 and 2.4.11 focus visible): a
// dialog gives the focus back to the control that opened it, however it closes; where that control
// left with a deleted row, to the neighbouring row's control, else the list's heading. Tab rings show
// whole, and on a phone the task table and the kanban board fit the screen.

test.describe.configure({ timeout: 150_000 });

/** Letters only: the directory's search matches whole words inside names. */
const uniqueWord = (base: string) =>
  base + Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const uniqueTitle = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Opens a dialog as a keyboard user does: focus on the control, then Enter. */
async function openWithKeyboard(opener: Locator) {
  await opener.focus();
  await opener.press('Enter');
}

async function createEmployee(page: Page, firstName: string, lastName: string): Promise<string> {
  const response = await postJson(page, '/api/v1/employees', {
    firstName,
    lastName,
    email: uniqueEmail(firstName.toLowerCase()),
    department: 'Engineering',
    jobTitle: 'Engineer',
    startDate: '2025-01-06',
    salary: 70000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function createProject(page: Page, name: string): Promise<string> {
  const response = await postJson(page, '/api/v1/projects', { name, status: 'active' });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function createTask(page: Page, projectId: string, title: string): Promise<string> {
  const response = await postJson(page, '/api/v1/tasks', { projectId, title });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('form and details dialogs give the focus back to their opener after Escape, Cancel, Save and the close button', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  const surname = uniqueWord('Hopper');
  await createEmployee(page, 'Grace', surname);
  await page.goto(`/team/directory?q=${surname}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Directory' })).toBeVisible();
  const viewDetails = page.getByRole('button', { name: `View details of Grace ${surname}` });
  await expect(viewDetails).toBeVisible();

  // The form dialog: Escape, then Cancel.
  const addEmployee = page.getByRole('button', { name: 'Add Employee' });
  const addDialog = page.getByRole('dialog', { name: 'Add Employee' });
  await openWithKeyboard(addEmployee);
  await expect(addDialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(addDialog).toBeHidden();
  await expect(addEmployee).toBeFocused();

  await openWithKeyboard(addEmployee);
  await addDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(addDialog).toBeHidden();
  await expect(addEmployee).toBeFocused();

  // Save: the new employee is in the list, and the focus is back on Add Employee.
  await openWithKeyboard(addEmployee);
  await addDialog.getByLabel('First name').fill('Alan');
  await addDialog.getByLabel('Last name').fill(surname);
  await addDialog.getByLabel('Email').fill(uniqueEmail('alan'));
  await addDialog.getByLabel('Department').selectOption({ label: 'Engineering' });
  await addDialog.getByLabel('Job title').fill('Engineer');
  await addDialog.getByLabel('Salary (per year)').fill('70000');
  await addDialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(addDialog).toBeHidden();
  await expect(addEmployee).toBeFocused();
  await page.reload();
  await expect(page.getByRole('button', { name: `View details of Alan ${surname}` })).toBeVisible();

  // The details dialog: its close button.
  await openWithKeyboard(viewDetails);
  const details = page.getByRole('dialog', { name: `Grace ${surname}` });
  await expect(details).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
  await expect(viewDetails).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});

test('after a delete the focus goes to the next row, else the previous one, else the list heading', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  const surname = uniqueWord('Curie');
  for (const firstName of ['Anna', 'Bert', 'Cleo']) await createEmployee(page, firstName, surname);
  await page.goto(`/team/directory?view=table&q=${surname}`);
  const deleteButton = (firstName: string) =>
    page.getByRole('button', { name: `Delete ${firstName} ${surname}`, exact: true });
  await expect(deleteButton('Cleo')).toBeVisible();
  const confirm = page.getByRole('alertdialog');

  // Cancel leaves everything as it was.
  await openWithKeyboard(deleteButton('Bert'));
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(deleteButton('Bert')).toBeFocused();

  // A middle row goes: the next row's same control.
  await openWithKeyboard(deleteButton('Bert'));
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(deleteButton('Bert')).toHaveCount(0);
  await expect(deleteButton('Cleo')).toBeFocused();

  // The last row goes: the row before it.
  await openWithKeyboard(deleteButton('Cleo'));
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(deleteButton('Cleo')).toHaveCount(0);
  await expect(deleteButton('Anna')).toBeFocused();

  // The only row goes: the list's heading.
  await openWithKeyboard(deleteButton('Anna'));
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No employees found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /\b0 employees$/ })).toBeFocused();

  // The deletes persisted.
  await page.reload();
  await expect(page.getByText('No employees found')).toBeVisible();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
});

test('the kanban card dialog and the confirmation it opens give the focus back, and a deleted card passes it on', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  const projectId = await createProject(page, uniqueTitle('Focus board'));
  const [first, second, third] = [uniqueTitle('First'), uniqueTitle('Second'), uniqueTitle('Third')];
  for (const title of [first, second, third]) await createTask(page, projectId, title);
  await page.goto(`/projects/kanban?projectId=${projectId}`);
  const cardButton = (title: string) => page.getByRole('button', { name: title, exact: true });
  await expect(cardButton(third)).toBeVisible();

  // Escape.
  await openWithKeyboard(cardButton(first));
  const firstDialog = page.getByRole('dialog', { name: first });
  await expect(firstDialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(firstDialog).toBeHidden();
  await expect(cardButton(first)).toBeFocused();

  // Opened by a click on the card, closed by its close button.
  await cardButton(second).click();
  const secondDialog = page.getByRole('dialog', { name: second });
  await secondDialog.getByRole('button', { name: 'Close' }).click();
  await expect(secondDialog).toBeHidden();
  await expect(cardButton(second)).toBeFocused();

  // The confirmation inside the card's dialog: Cancel returns to its Delete button.
  await openWithKeyboard(cardButton(second));
  const deleteTask = secondDialog.getByRole('button', { name: 'Delete', exact: true });
  await openWithKeyboard(deleteTask);
  const confirm = page.getByRole('alertdialog', { name: 'Delete this task?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(deleteTask).toBeFocused();

  // Deleting the card closes both dialogs; the next card takes the focus.
  await openWithKeyboard(deleteTask);
  await confirm.getByRole('button', { name: 'Delete Task' }).click();
  await expect(secondDialog).toBeHidden();
  await expect(cardButton(second)).toHaveCount(0);
  await expect(cardButton(third)).toBeFocused();
  await page.reload();
  await expect(cardButton(third)).toBeVisible();
  await expect(cardButton(second)).toHaveCount(0);
});

test('New Project gives the focus back; opened by its address, it gives it to the page heading', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  await page.goto('/projects/active');
  const newProject = page.getByRole('button', { name: 'New Project' });
  const projectDialog = page.getByRole('dialog', { name: 'New Project' });
  await openWithKeyboard(newProject);
  await projectDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(projectDialog).toBeHidden();
  await expect(newProject).toBeFocused();

  const name = uniqueTitle('Focus project');
  await openWithKeyboard(newProject);
  await projectDialog.getByLabel('Project Name').fill(name);
  await projectDialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(projectDialog).toBeHidden();
  await expect(newProject).toBeFocused();
  await page.goto(`/projects/active?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();

  // Nothing opened it: the page's own heading, not the body.
  await page.goto('/projects/active?new=1');
  await expect(projectDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(projectDialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeFocused();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
});

test('Export Timesheet gives the focus back after Escape and after the download', async ({ page }) => {
  await signInAs(page, 'manager');
  await page.goto('/team/time-tracking');
  const exportTimesheet = page.getByRole('button', { name: 'Export Timesheet' });
  const exportDialog = page.getByRole('dialog', { name: 'Export Timesheet' });
  await openWithKeyboard(exportTimesheet);
  await expect(exportDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(exportDialog).toBeHidden();
  await expect(exportTimesheet).toBeFocused();

  await openWithKeyboard(exportTimesheet);
  const downloading = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download CSV' }).click();
  await downloading;
  await expect(exportDialog).toBeHidden();
  await expect(exportTimesheet).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});

/**
 * Where the focused tab's outline reaches, against every box around it that clips (a scrolling tab
 * list, a dialog): the ring must lie inside each, or it shows as two vertical bars.
 */
function outlineClipping(tab: Element) {
  const style = getComputedStyle(tab);
  const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
  const rect = tab.getBoundingClientRect();
  const ring = {
    top: rect.top - reach,
    bottom: rect.bottom + reach,
    left: rect.left - reach,
    right: rect.right + reach,
  };
  const clipped: string[] = [];
  for (let box = tab.parentElement; box && box !== document.body; box = box.parentElement) {
    const overflow = getComputedStyle(box);
    if (overflow.overflowX === 'visible' && overflow.overflowY === 'visible') continue;
    const outer = box.getBoundingClientRect();
    const top = outer.top + box.clientTop;
    const left = outer.left + box.clientLeft;
    // A half pixel of rounding.
    if (
      ring.top < top - 0.5 ||
      ring.bottom > top + box.clientHeight + 0.5 ||
      ring.left < left - 0.5 ||
      ring.right > left + box.clientWidth + 0.5
    ) {
      clipped.push(`${box.tagName.toLowerCase()}.${box.className}`);
    }
  }
  return { focusVisible: tab.matches(':focus-visible'), outline: style.outlineStyle, clipped };
}

for (const path of [
  '/team/time-tracking',
  '/team/scheduling',
  '/team/performance',
  '/projects/reports',
  '/settings',
]) {
  test(`the focused tab's ring shows whole on ${path}`, async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto(path);
    const selected = page.getByRole('tablist').getByRole('tab', { selected: true });
    await expect(selected).toBeVisible();
    // Reached by Tab from the control before it, as a keyboard user does.
    await selected.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(selected).toBeFocused();
    expect(await selected.evaluate(outlineClipping)).toEqual({
      focusVisible: true,
      outline: 'solid',
      clipped: [],
    });
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  // Against the screen's width: a phone widens its layout to whatever overflows, so innerWidth grows too.
  const pageScrollsSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > window.screen.width);

  test('the task table scrolls in its own frame and the kanban hint speaks of touch, not keys', async ({
    page,
  }) => {
    await signInAs(page, 'manager');
    const projectId = await createProject(page, uniqueTitle('Phone board'));
    const title = uniqueTitle('A task with a long enough title to wrap on a phone');
    await createTask(page, projectId, title);

    await page.goto(`/projects/tasks?projectId=${projectId}`);
    const table = page.getByRole('region', { name: 'Tasks table' });
    await expect(table.getByText(title)).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);
    // The table's columns are there, in its own scrolling frame.
    const frame = await table.evaluate((element) => ({
      scrolls: element.scrollWidth > element.clientWidth,
      overflowX: getComputedStyle(element).overflowX,
    }));
    expect(frame).toEqual({ scrolls: true, overflowX: 'auto' });
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/projects/kanban?projectId=${projectId}`);
    await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible();
    const header = page.locator('main');
    await expect(header.getByText('Touch and hold a card to drag it')).toBeVisible();
    await expect(header.getByText(/Alt with an arrow key/).filter({ visible: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: title, exact: true })).toHaveAccessibleDescription(
      /The Move button next to it moves the card/,
    );
    expect(await pageScrollsSideways(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });
});
