import {
  addCalendarDays,
  todayIn,
  type Me,
  type ProjectDetails,
  type TaskDetails,
  type TaskListResponse,
} from '@atrium/shared';
import type { Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs, switchTo } from './sign-in';

// Project Management > Tasks & Workflows (spec 2 "Task list"; spec 9 for the due filters and the
// sort rules). The demo workspace is shared by every spec of a run, so each journey makes a project
// of its own and filters the list to it (?projectId=, as the Projects screen's "Tasks" link does).

// Long journeys on two shared cores: more than the default 30 seconds each.
test.describe.configure({ timeout: 180_000 });

const uniqueName = (prefix: string) => `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

/** The Origin a browser sends: the server refuses cookie-carrying changes from anywhere else. */
const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

async function createProject(page: Page, name: string, teamMemberIds: string[] = []): Promise<string> {
  const response = await postJson(page, '/api/v1/projects', { name, teamMemberIds });
  expect(response.status(), `create project ${name}`).toBe(201);
  return ((await response.json()) as ProjectDetails).id;
}

async function createTask(page: Page, task: Record<string, unknown>): Promise<TaskDetails> {
  const response = await postJson(page, '/api/v1/tasks', task);
  expect(response.status(), `create task ${String(task.title)}`).toBe(201);
  return (await response.json()) as TaskDetails;
}

async function patchTask(page: Page, id: string, changes: Record<string, unknown>) {
  return page.request.patch(`/api/v1/tasks/${id}`, { data: changes, headers: { Origin: origin() } });
}

/** The workspace's today: spec 9's overdue and This Week count in the workspace time zone. */
async function workspaceToday(page: Page): Promise<string> {
  const response = await page.request.get('/api/v1/workspace');
  expect(response.status()).toBe(200);
  const { timeZone } = (await response.json()) as { timeZone: string };
  return todayIn(timeZone);
}

/** The task titles in the table, top to bottom. */
const rowTitles = (page: Page) =>
  page.locator('tbody tr th[scope="row"] > span:first-child').allTextContents();

const taskRow = (page: Page, title: string) =>
  page.locator('tbody tr').filter({ has: page.locator('th[scope="row"]', { hasText: title }) });

async function openList(page: Page, projectId: string, extra = '') {
  await page.goto(`/projects/tasks?projectId=${projectId}${extra}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks & Workflows' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Showing/ })).toBeVisible();
}

test('a manager creates a task in the dialog and finds it by search after a reload', async ({ page }) => {
  await signInAs(page, 'manager');
  const projectName = uniqueName('Tasks create');
  await createProject(page, projectName);
  const title = uniqueName('Write the onboarding guide');

  await page.goto('/projects/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks & Workflows' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Create New Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
  // The shared schema speaks first, inline, before anything is sent.
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByText('Enter the task title')).toBeVisible();
  await expect(dialog.getByText('Choose a project')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Task Title').fill(title);
  await dialog.getByLabel('Description').fill('Everything a new hire needs in week one.');
  await dialog.getByRole('combobox', { name: 'Project' }).fill(projectName);
  await page.getByRole('option', { name: projectName }).click();
  await expect(dialog.getByRole('combobox', { name: 'Project' })).toHaveValue(projectName);
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Due Date').fill('2031-05-01');
  await dialog.getByLabel('Estimated Hours').fill('6');
  await dialog.getByRole('textbox', { name: 'Tags' }).fill('docs');
  await dialog.getByRole('textbox', { name: 'Tags' }).press('Enter');
  await dialog.getByRole('textbox', { name: 'Tags' }).fill('onboarding');
  await dialog.getByRole('textbox', { name: 'Tags' }).press('Enter');
  await dialog.getByRole('textbox', { name: 'Tags' }).fill('people');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`'${title}' was created`)).toBeVisible();

  await page.reload();
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(title);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 1 of 1 task' })).toBeVisible();
  const row = taskRow(page, title);
  await expect(row).toContainText(projectName);
  await expect(row).toContainText('To Do');
  await expect(row).toContainText('High');
  await expect(row).toContainText('Unassigned');
  await expect(row).toContainText('May 1, 2031');
  await expect(row).toContainText('~6 h');
  // Spec 9: two tags, then +N.
  await expect(row).toContainText('docs');
  await expect(row).toContainText('onboarding');
  await expect(row).toContainText('+1');
  await expect(row).not.toContainText('people');

  // The search is in the address: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search tasks' })).toHaveValue(title);
  await expect(taskRow(page, title)).toBeVisible();
});

test('the columns sort by priority and by due date, tasks without a due date last either way', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  const projectId = await createProject(page, uniqueName('Tasks sort'));
  const tasks = [
    { title: 'Low, due Jan 5', priority: 'low', dueDate: '2031-01-05' },
    { title: 'High, due Jan 10', priority: 'high', dueDate: '2031-01-10' },
    { title: 'Medium, no due date', priority: 'medium', dueDate: null },
    { title: 'High, no due date', priority: 'high', dueDate: null },
  ];
  for (const task of tasks) await createTask(page, { projectId, ...task });

  await openList(page, projectId);
  // Spec 9: the default order is due date ascending.
  const dueHeader = page.getByRole('columnheader', { name: 'Due Date' });
  await expect(dueHeader).toHaveAttribute('aria-sort', 'ascending');
  let titles = await rowTitles(page);
  expect(titles.slice(0, 2)).toEqual(['Low, due Jan 5', 'High, due Jan 10']);
  expect(new Set(titles.slice(2))).toEqual(new Set(['Medium, no due date', 'High, no due date']));

  await dueHeader.getByRole('button').click();
  await expect(dueHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/order=desc/);
  await expect.poll(() => rowTitles(page).then((list) => list[0])).toBe('High, due Jan 10');
  titles = await rowTitles(page);
  expect(titles[1]).toBe('Low, due Jan 5');
  expect(new Set(titles.slice(2))).toEqual(new Set(['Medium, no due date', 'High, no due date']));

  const priorityHeader = page.getByRole('columnheader', { name: 'Priority' });
  await priorityHeader.getByRole('button').click();
  await expect(priorityHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(dueHeader).toHaveAttribute('aria-sort', 'none');
  await expect.poll(() => rowTitles(page).then((list) => list[0])).toBe('Low, due Jan 5');
  titles = await rowTitles(page);
  expect(titles[1]).toBe('Medium, no due date');
  expect(new Set(titles.slice(2))).toEqual(new Set(['High, due Jan 10', 'High, no due date']));

  await priorityHeader.getByRole('button').click();
  await expect(priorityHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => rowTitles(page).then((list) => list[3])).toBe('Low, due Jan 5');

  // The order is in the address and the sort menu follows it.
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Priority' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('priority:desc');
  titles = await rowTitles(page);
  expect(titles[3]).toBe('Low, due Jan 5');
});

test('the due date filter: Overdue, Due Today, This Week, No Due Date and All Dates', async ({ page }) => {
  await signInAs(page, 'manager');
  const projectId = await createProject(page, uniqueName('Tasks due'));
  const today = await workspaceToday(page);
  const tasks = [
    { title: 'Late and open', dueDate: addCalendarDays(today, -2), status: 'in-progress' },
    { title: 'Late but done', dueDate: addCalendarDays(today, -2), status: 'done' },
    { title: 'Due today', dueDate: today, status: 'todo' },
    { title: 'Due in three days', dueDate: addCalendarDays(today, 3), status: 'todo' },
    { title: 'Due in ten days', dueDate: addCalendarDays(today, 10), status: 'todo' },
    { title: 'Whenever', dueDate: null, status: 'todo' },
  ];
  for (const task of tasks) await createTask(page, { projectId, ...task });

  await openList(page, projectId);
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 6 of 6 tasks' })).toBeVisible();
  // Spec 9: overdue = due before today and not done; shown in red and in words.
  await expect(taskRow(page, 'Late and open')).toContainText('Overdue');
  await expect(taskRow(page, 'Late but done')).not.toContainText('Overdue');

  const due = page.getByRole('combobox', { name: 'Due date' });
  const expectTitles = async (expected: string[]) => {
    await expect.poll(async () => new Set(await rowTitles(page))).toEqual(new Set(expected));
    await expect(page.getByRole('heading', { level: 2, name: /^Showing/ })).toContainText(
      `of ${expected.length} task`,
    );
  };

  await due.selectOption({ label: 'Overdue' });
  await expect(page).toHaveURL(/due=overdue/);
  await expectTitles(['Late and open']);
  await due.selectOption({ label: 'Due Today' });
  await expectTitles(['Due today']);
  await due.selectOption({ label: 'This Week' });
  await expectTitles(['Due today', 'Due in three days']);
  await due.selectOption({ label: 'No Due Date' });
  await expectTitles(['Whenever']);
  await due.selectOption({ label: 'All Dates' });
  await expectTitles(tasks.map((task) => task.title));
  await expect(page).not.toHaveURL(/due=/);
});

test('bulk: two tasks marked Done in one go stay Done after a reload', async ({ page }) => {
  await signInAs(page, 'manager');
  const projectId = await createProject(page, uniqueName('Tasks bulk done'));
  for (const title of ['Bulk one', 'Bulk two', 'Bulk three']) await createTask(page, { projectId, title });

  await openList(page, projectId);
  await page.getByRole('checkbox', { name: 'Select Bulk one' }).check();
  await page.getByRole('checkbox', { name: 'Select Bulk two' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 tasks selected');
  await expectNoSeriousA11yViolations(page);

  const bulkRequest = page.waitForRequest((request) => request.url().endsWith('/api/v1/tasks/bulk'));
  await bar.getByRole('button', { name: 'Mark Done' }).click();
  expect((await bulkRequest).postDataJSON()).toMatchObject({ action: 'done' });
  await expect(page.getByText('2 tasks marked Done')).toBeVisible();
  await expect(bar).toBeHidden();

  await page.reload();
  await expect(taskRow(page, 'Bulk one')).toContainText('Done');
  await expect(taskRow(page, 'Bulk two')).toContainText('Done');
  await expect(taskRow(page, 'Bulk three')).toContainText('To Do');

  // Select all takes every loaded row.
  await page.getByRole('checkbox', { name: 'Select all loaded tasks' }).check();
  await expect(bar).toContainText('3 tasks selected');
  await bar.getByRole('button', { name: 'Mark In Progress' }).click();
  await expect(page.getByText('3 tasks marked In Progress')).toBeVisible();
  await expect(taskRow(page, 'Bulk three')).toContainText('In Progress');
});

test('bulk delete asks first; a failure changes nothing, says why and keeps the selection', async ({
  page,
  consoleErrors,
}) => {
  await signInAs(page, 'manager');
  const projectId = await createProject(page, uniqueName('Tasks bulk delete'));
  const created: Record<string, TaskDetails> = {};
  for (const title of ['Keep me', 'Delete A', 'Delete B', 'Vanishing']) {
    created[title] = await createTask(page, { projectId, title });
  }

  await openList(page, projectId);
  await page.getByRole('checkbox', { name: 'Select Delete A' }).check();
  await page.getByRole('checkbox', { name: 'Select Delete B' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 2 tasks?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 4 of 4 tasks' })).toBeVisible();

  await bar.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete 2 tasks' }).click();
  await expect(page.getByText('2 tasks deleted')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 2 of 2 tasks' })).toBeVisible();
  await page.reload();
  await expect.poll(async () => new Set(await rowTitles(page))).toEqual(new Set(['Keep me', 'Vanishing']));

  // Someone deletes one of the selected tasks between the click and its request reaching the
  // server (sooner, the live update takes the row, and the selection with it): all or nothing, so
  // nothing changes.
  consoleErrors.allow(/404/);
  await page.getByRole('checkbox', { name: 'Select Keep me' }).check();
  await page.getByRole('checkbox', { name: 'Select Vanishing' }).check();
  await page.route('**/api/v1/tasks/bulk', async (route) => {
    const removed = await page.request.delete(`/api/v1/tasks/${created.Vanishing!.id}`, {
      headers: { Origin: origin() },
    });
    expect(removed.status()).toBe(204);
    await route.continue();
  });
  await bar.getByRole('button', { name: 'Mark Done' }).click();
  const alert = bar.getByRole('alert');
  await expect(alert).toContainText('Some selected tasks were not found; nothing was changed');
  await expect(alert).toContainText("Not found: 'Vanishing'");
  await expect(page.getByRole('checkbox', { name: 'Select Keep me' })).toBeChecked();
  await expect(bar).toContainText('1 task selected');
  await expect(taskRow(page, 'Keep me')).toContainText('To Do');
});

test('the detail dialog: a comment, a subtask ticked off, an edit, and a stale edit reloaded', async ({
  page,
  consoleErrors,
}) => {
  await signInAs(page, 'manager');
  const projectName = uniqueName('Tasks detail');
  const projectId = await createProject(page, projectName);
  const task = await createTask(page, {
    projectId,
    title: 'Prepare the kickoff',
    description: 'Agenda, slides and the room.',
    tags: ['meeting'],
    estimatedHours: 3,
  });

  await openList(page, projectId);
  // Enter on a focused row opens the task, as a click does.
  await taskRow(page, 'Prepare the kickoff').focus();
  await page.keyboard.press('Enter');
  let dialog = page.getByRole('dialog', { name: 'Prepare the kickoff' });
  await expect(dialog.getByText('Agenda, slides and the room.')).toBeVisible();
  await expect(dialog.getByText('No comments yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Add a comment').fill('Booked the big room.');
  await dialog.getByRole('button', { name: 'Add Comment' }).click();
  await expect(dialog.getByText('Booked the big room.')).toBeVisible();
  await expect(dialog.getByLabel('Add a comment')).toHaveValue('');

  await dialog.getByRole('textbox', { name: 'New subtask' }).fill('Send the invitations');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const subtask = dialog.getByRole('checkbox', { name: 'Send the invitations' });
  await expect(subtask).not.toBeChecked();
  const toggled = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/subtasks/'),
  );
  await subtask.check();
  expect((await toggled).status()).toBe(200);
  await expect(dialog.getByText('1 of 1 done')).toBeVisible();

  // What the dialog showed is what the server kept.
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(taskRow(page, 'Prepare the kickoff')).toContainText('1/1');
  await taskRow(page, 'Prepare the kickoff').click();
  dialog = page.getByRole('dialog', { name: 'Prepare the kickoff' });
  await expect(dialog.getByRole('checkbox', { name: 'Send the invitations' })).toBeChecked();
  await expect(dialog.getByText('Booked the big room.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(form.getByLabel('Task Title')).toHaveValue('Prepare the kickoff');
  await expect(form.getByLabel('Project')).toHaveValue(projectName);
  await expectNoSeriousA11yViolations(page);
  await form.getByLabel('Task Title').fill('Run the kickoff');
  await form.getByLabel('Priority').selectOption('high');
  await form.getByLabel('Actual Hours').fill('4');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  dialog = page.getByRole('dialog', { name: 'Run the kickoff' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Estimated 3 h · actual 4 h')).toBeVisible();

  // Someone else saves first: the form says so and shows their version to start again from.
  consoleErrors.allow(/412/);
  await dialog.getByRole('button', { name: 'Edit' }).click();
  const current = (await (await page.request.get(`/api/v1/tasks/${task.id}`)).json()) as TaskDetails;
  const theirs = await patchTask(page, task.id, {
    description: 'Agenda, slides, the room and coffee.',
    version: current.version,
  });
  expect(theirs.status()).toBe(200);
  await form.getByLabel('Task Title').fill('Run the kickoff meeting');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('alert')).toContainText('Someone else changed this task');
  await expect(form.getByLabel('Description')).toHaveValue('Agenda, slides, the room and coffee.');
  await expect(form.getByLabel('Task Title')).toHaveValue('Run the kickoff');
  await form.getByLabel('Task Title').fill('Run the kickoff meeting');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Run the kickoff meeting' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(taskRow(page, 'Run the kickoff meeting')).toContainText('High');
  await expect(taskRow(page, 'Run the kickoff meeting')).toContainText('4 h');

  // Delete from the dialog, after a confirmation.
  await taskRow(page, 'Run the kickoff meeting').click();
  dialog = page.getByRole('dialog', { name: 'Run the kickoff meeting' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this task?' });
  await confirm.getByRole('button', { name: 'Delete Task' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No tasks found')).toBeVisible();
});

test('a contractor sees only the tasks of the projects it is on', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'contractor');
  const me = (await (await page.request.get('/api/v1/session')).json()) as Me;
  expect(me.employeeId).toBeTruthy();

  const prefix = uniqueName('Contractor tasks');
  const managerContext = await browser.newContext({ baseURL });
  const managerPage = await managerContext.newPage();
  await signInAs(managerPage, 'manager');
  const onTeam = await createProject(managerPage, `${prefix} on team`, [me.employeeId!]);
  const elsewhere = await createProject(managerPage, `${prefix} elsewhere`);
  await createTask(managerPage, { projectId: onTeam, title: `${prefix} visible task` });
  const hidden = await createTask(managerPage, { projectId: elsewhere, title: `${prefix} hidden task` });
  await managerContext.close();

  await page.goto(`/projects/tasks?q=${encodeURIComponent(prefix)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks & Workflows' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 1 of 1 task' })).toBeVisible();
  expect(await rowTitles(page)).toEqual([`${prefix} visible task`]);
  const list = (await (
    await page.request.get(`/api/v1/tasks?q=${encodeURIComponent(prefix)}`)
  ).json()) as TaskListResponse;
  expect(list.data.map((task) => task.title)).toEqual([`${prefix} visible task`]);
  expect((await page.request.get(`/api/v1/tasks/${hidden.id}`)).status()).toBe(404);

  // The contractor cannot search the directory: the assignee picker offers the project's team.
  await page.getByRole('button', { name: 'Create New Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await dialog.getByRole('combobox', { name: 'Project' }).fill(prefix);
  await expect(page.getByRole('listbox', { name: 'Projects' }).getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: `${prefix} on team` }).click();
  await dialog.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: new RegExp(`^${me.user.name}`) }).click();
  await dialog.getByLabel('Task Title').fill(`${prefix} my own task`);
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toBeHidden();
  await expect(taskRow(page, `${prefix} my own task`)).toContainText(me.user.name);
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
});

test('an employee may mark a colleague’s task done but not delete it: no Delete in the UI, 403 from the API', async ({
  page,
  consoleErrors,
}) => {
  await signInAs(page, 'employee');
  const { employeeId } = (await (await page.request.get('/api/v1/me')).json()) as Me;
  await switchTo(page, 'manager');
  const projectId = await createProject(page, uniqueName('Tasks rights'), [employeeId!]);
  const theirs = await createTask(page, { projectId, title: 'The manager’s task', assigneeId: employeeId });
  await switchTo(page, 'employee');
  const mine = await createTask(page, { projectId, title: 'My own task' });

  // The bulk bar offers Delete only when every selected task is theirs to delete.
  await openList(page, projectId);
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await page.getByRole('checkbox', { name: 'Select The manager’s task' }).check();
  await expect(bar.getByRole('button', { name: 'Mark Done' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(bar).toContainText(
    'Only a task’s reporter, its project’s manager, a Manager or an Admin can delete it.',
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('checkbox', { name: 'Select My own task' }).check();
  await expect(bar.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select The manager’s task' }).uncheck();
  await expect(bar.getByRole('button', { name: 'Delete' })).toBeVisible();
  await bar.getByRole('button', { name: 'Clear selection' }).click();

  // Nor does the detail dialog; Edit stays.
  await taskRow(page, 'The manager’s task').click();
  let dialog = page.getByRole('dialog', { name: 'The manager’s task' });
  await expect(dialog.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  // The API refuses it too, one at a time or in bulk, and nothing is deleted.
  consoleErrors.allow(/403/);
  const single = await page.request.delete(`/api/v1/tasks/${theirs.id}`, { headers: { Origin: origin() } });
  expect(single.status()).toBe(403);
  const bulk = await postJson(page, '/api/v1/tasks/bulk', { ids: [mine.id, theirs.id], action: 'delete' });
  expect(bulk.status()).toBe(403);
  await page.reload();
  await expect
    .poll(async () => new Set(await rowTitles(page)))
    .toEqual(new Set(['The manager’s task', 'My own task']));

  // They may still mark it done, and it stays done.
  await page.getByRole('checkbox', { name: 'Select The manager’s task' }).check();
  await bar.getByRole('button', { name: 'Mark Done' }).click();
  await expect(page.getByText('1 task marked Done')).toBeVisible();
  await page.reload();
  await expect(taskRow(page, 'The manager’s task')).toContainText('Done');

  // Their own task they delete from its dialog.
  await taskRow(page, 'My own task').click();
  dialog = page.getByRole('dialog', { name: 'My own task' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this task?' })
    .getByRole('button', { name: 'Delete Task' })
    .click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect.poll(() => rowTitles(page)).toEqual(['The manager’s task']);
});

test('the status filter keeps several statuses, Open in one click, in the address across a reload', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  const projectId = await createProject(page, uniqueName('Tasks statuses'));
  const statuses = { Plan: 'todo', Build: 'in-progress', Check: 'review', Shipped: 'done' };
  for (const [title, status] of Object.entries(statuses))
    await createTask(page, { projectId, title, status });
  await openList(page, projectId);
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 4 of 4 tasks' })).toBeVisible();

  await page.getByRole('button', { name: 'Status: All statuses' }).click();
  const menu = page.getByRole('menu', { name: 'Status' });
  await expectNoSeriousA11yViolations(page);
  await menu.getByRole('menuitemcheckbox', { name: 'Open (not done)' }).click();
  await expect(page).toHaveURL(/[?&]status=open(&|$)/);
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 3 of 3 tasks' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  // The closed control says it short, for a phone's half-width filter.
  await expect(page.getByRole('button', { name: 'Status: Open (not done)' })).toHaveText('Open');
  await expect.poll(async () => new Set(await rowTitles(page))).toEqual(new Set(['Plan', 'Build', 'Check']));

  // Two statuses of the open three, with the priority filter beside them.
  await page.getByRole('button', { name: 'Status: Open (not done)' }).click();
  await menu.getByRole('menuitemcheckbox', { name: 'In Progress' }).click();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'In Progress' })).not.toBeChecked();
  await expect(page).toHaveURL(/[?&]status=todo%2Creview(&|$)/);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Status: To Do, Review' })).toBeVisible();
  await expect.poll(async () => new Set(await rowTitles(page))).toEqual(new Set(['Plan', 'Check']));

  await page.getByRole('button', { name: 'Status: To Do, Review' }).click();
  await menu.getByRole('menuitemcheckbox', { name: 'All statuses' }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 4 of 4 tasks' })).toBeVisible();
});
