import { employeeFullName, type Employee, type Me, type ProjectDetails } from '@atrium/shared';
import type { Locator, Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs } from './sign-in';

// Project Management > Projects (spec 2 "Projects"). The demo workspace is shared by every spec of a
// run, so each journey names its projects uniquely and searches for them: the cards and stats then
// count only what the journey made.

// Long journeys on two shared cores: more than the default 30 seconds each.
test.describe.configure({ timeout: 300_000 });

const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function origin() {
  return new URL(test.info().project.use.baseURL ?? '').origin;
}

function patchJson(page: Page, path: string, data: unknown) {
  return page.request.patch(path, { data, headers: { Origin: origin() } });
}

/** A stat card's figure (the cards are <dl>s: label, value). */
function stat(page: Page, label: string) {
  return page
    .locator('dl')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();
}

function projectCard(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Projects' }).getByRole('listitem', { name, exact: true });
}

/** The line under a stat card's figure. */
function statHint(page: Page, label: string) {
  return page
    .locator('dl')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .nth(1);
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search projects' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

async function activeEmployees(page: Page): Promise<{ id: string; name: string }[]> {
  const response = await page.request.get('/api/v1/employees?status=active&sort=name&limit=20');
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: Employee[] };
  return data.map((employee) => ({ id: employee.id, name: employeeFullName(employee) }));
}

async function pickTeamMember(dialog: Locator, name: string) {
  const box = dialog.getByRole('combobox', { name: 'Team Members' });
  await box.fill(name);
  await dialog
    .page()
    .getByRole('option', { name: new RegExp(`^${name}`) })
    .click();
  await expect(dialog.getByRole('list', { name: 'Team members' })).toContainText(name);
}

test('a manager creates a project, finds it after a reload, edits it, changes its status and deletes it', async ({
  page,
  consoleErrors,
}) => {
  // A long journey: 20-34 s of the default 30 s on the two-core CI machine.
  test.slow();
  // The stale save below is refused on purpose; the browser logs the 412 it gets.
  consoleErrors.allow(/status of 412/);
  await signInAs(page, 'manager');
  const me = (await (await page.request.get('/api/v1/session')).json()) as Me;
  const [first, second] = (await activeEmployees(page))
    .filter((person) => person.id !== me.employeeId)
    .slice(3, 5);
  const name = uniqueName('Apollo');

  await page.goto('/projects/active');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page).toHaveTitle(/^Projects — /);
  await expect(stat(page, 'Total Projects')).toHaveText(/^\d+$/);
  // The cards say what they count: everything now, what the filters match once there are some.
  await expect(statHint(page, 'Total Projects')).toHaveText('All projects');
  await expect(page.getByRole('list', { name: 'Projects' }).getByRole('listitem').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // New Project: the shared schema's rules show inline, before anything is sent.
  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Project' });
  await expect(dialog.getByLabel('Project Name')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(dialog.getByText('Enter the project name')).toBeVisible();

  await dialog.getByLabel('Project Name').fill(name);
  await dialog.getByLabel('Description').fill('Launch the new customer portal.');
  await dialog.getByLabel('Client').fill('Initech');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Start Date').fill('2031-05-10');
  await dialog.getByLabel('End Date').fill('2031-05-01');
  await dialog.getByLabel('Budget (USD)').fill('-5');
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(dialog.getByText('The end date cannot be before the start date')).toBeVisible();
  await expect(dialog.getByText('The budget cannot be negative')).toBeVisible();
  await expect(dialog.getByLabel('End Date')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('End Date').fill('2031-08-31');
  await dialog.getByLabel('Budget (USD)').fill('125000');
  await expect(dialog.getByText('The end date cannot be before the start date')).toBeHidden();
  await expect(dialog.getByText('The budget cannot be negative')).toBeHidden();
  await pickTeamMember(dialog, first!.name);
  await pickTeamMember(dialog, second!.name);
  const tags = dialog.getByRole('textbox', { name: 'Tags' });
  await tags.fill('portal, launch,');
  await tags.fill('beta');
  await tags.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Added tags' }).getByRole('listitem')).toHaveText([
    'portal',
    'launch',
    'beta',
  ]);
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name} was created`)).toBeVisible();
  // The newest project comes first: the new card is there without a search.
  await expect(projectCard(page, name)).toBeVisible();

  // After a reload, the search finds it, and the cards count only it.
  await page.reload();
  await search(page, name);
  const card = projectCard(page, name);
  await expect(card).toBeVisible();
  await expect(page.getByRole('list', { name: 'Projects' }).getByRole('listitem')).toHaveCount(1);
  await expect(stat(page, 'Total Projects')).toHaveText('1');
  await expect(statHint(page, 'Total Projects')).toHaveText('Matching the filters');
  await expect(stat(page, 'Active Projects')).toHaveText('0');
  await expect(stat(page, 'Avg Completion')).toHaveText('0%');
  // One of one: the noun is singular.
  await expect(page.getByRole('heading', { level: 2, name: /^Showing/ })).toHaveText(
    'Showing 1 of 1 project',
  );
  await expectNoSeriousA11yViolations(page);
  await expect(card.getByText('High priority')).toBeAttached();
  await expect(card.getByText('Status: Planning')).toBeAttached();
  await expect(card.getByText('$125,000')).toBeVisible();
  await expect(card.getByText('Aug 31, 2031')).toBeVisible();
  await expect(card.getByText('0/0 done')).toBeVisible();
  // The form starts with the signed-in manager as the project manager, who is always on the team.
  await expect(card.getByText(me.employeeId ? '3 members' : '2 members')).toBeVisible();
  await expect(card.getByRole('progressbar', { name: `Progress of ${name}` })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(card.getByRole('link', { name: `Open board of ${name}` })).toHaveAttribute(
    'href',
    /\/projects\/kanban\?projectId=[0-9a-f-]{36}$/,
  );
  await expect(card.getByRole('link', { name: `Tasks of ${name}` })).toHaveAttribute(
    'href',
    /\/projects\/tasks\?projectId=[0-9a-f-]{36}$/,
  );

  // The details: everything the card has no room for.
  await card.getByRole('button', { name: `View details of ${name}` }).click();
  const details = page.getByRole('dialog', { name });
  await expect(details.getByText('Launch the new customer portal.')).toBeVisible();
  await expect(details.getByText('Project for Initech')).toBeVisible();
  await expect(details.getByText(first!.name)).toBeVisible();
  await expect(details.getByText(second!.name)).toBeVisible();
  await expect(details.getByText('May 10, 2031')).toBeVisible();
  await expect(details.getByRole('listitem').filter({ hasText: /^beta$/ })).toBeVisible();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();

  // Edit sends what changed with the version it read.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Project Name')).toHaveValue(name);
  await expect(edit.getByRole('list', { name: 'Team members' })).toContainText(second!.name);
  await expect(edit.getByLabel('Budget (USD)')).toHaveValue('125000');

  // Someone else saves first: the form says so and shows their version.
  const id = new URL(page.url()).searchParams.get('edit')!;
  const current = (await (await page.request.get(`/api/v1/projects/${id}`)).json()) as ProjectDetails;
  const theirs = await patchJson(page, `/api/v1/projects/${id}`, {
    description: 'Changed by someone else.',
    version: current.version,
  });
  expect(theirs.status()).toBe(200);
  await edit.getByLabel('Budget (USD)').fill('150000');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Someone else changed this project')).toBeVisible();
  await expect(edit.getByLabel('Description')).toHaveValue('Changed by someone else.');
  await expect(edit.getByLabel('Budget (USD)')).toHaveValue('125000');

  const renamed = `${name} v2`;
  await edit.getByLabel('Project Name').fill(renamed);
  await edit.getByLabel('Budget (USD)').fill('150000');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const renamedCard = projectCard(page, renamed);
  await expect(renamedCard.getByText('$150,000')).toBeVisible();
  await expect(renamedCard.getByText('Changed by someone else.')).toBeVisible();

  // The card's status select: no Cancelled there (spec 4).
  const status = renamedCard.getByLabel(`Status of ${renamed}`);
  await expect(status.locator('option')).toHaveText(['Planning', 'Active', 'On Hold', 'Completed']);
  await status.selectOption('active');
  await expect(page.getByText(`${renamed} is now Active`)).toBeVisible();
  await expect(renamedCard.getByText('Status: Active')).toBeAttached();
  await expect(stat(page, 'Active Projects')).toHaveText('1');

  // Delete says that the project's tasks go with it, and asks first.
  const task = await postJson(page, '/api/v1/tasks', { projectId: id, title: 'Write the launch plan' });
  expect(task.status()).toBe(201);
  await page.reload();
  await expect(renamedCard.getByText('0/1 done')).toBeVisible();
  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${renamed}?` });
  await expect(confirm).toContainText('its 1 task');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(renamedCard).toBeVisible();
  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(confirm).toBeHidden();
  await expect(renamedCard).toBeHidden();
  await expect(page.getByText('No projects found')).toBeVisible();
  await expect(stat(page, 'Total Projects')).toHaveText('0');
  expect((await page.request.get(`/api/v1/projects/${id}`)).status()).toBe(404);
  expect((await page.request.get(`/api/v1/tasks/${(await task.json()).id}`)).status()).toBe(404);
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
});

test("the Dashboard's New Project link opens the dialog; closing it takes the link away", async ({
  page,
}) => {
  await signInAs(page, 'manager');
  await page.goto('/projects/active?new=1');
  const dialog = page.getByRole('dialog', { name: 'New Project' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/projects\/active$/);

  // /projects is the same screen.
  await page.goto('/projects?new=1');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
});

test('a manager with no matching project sees the empty state and can start the first one', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  await page.goto(`/projects/active?q=${encodeURIComponent(uniqueName('Nothing like this'))}`);
  await expect(page.getByText('No projects found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/projects\/active$/);
  await expect(page.getByRole('list', { name: 'Projects' }).getByRole('listitem').first()).toBeVisible();
});

test('a contractor sees only the projects it is on, without New, Edit, Delete or the status select', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'contractor');
  const me = (await (await page.request.get('/api/v1/session')).json()) as Me;
  expect(me.employeeId).toBeTruthy();

  const prefix = uniqueName('Contractor');
  const managerContext = await browser.newContext({ baseURL });
  const managerPage = await managerContext.newPage();
  await signInAs(managerPage, 'manager');
  const onTeam = await postJson(managerPage, '/api/v1/projects', {
    name: `${prefix} on team`,
    teamMemberIds: [me.employeeId],
  });
  expect(onTeam.status()).toBe(201);
  const { id } = (await onTeam.json()) as ProjectDetails;
  const hidden = await postJson(managerPage, '/api/v1/projects', { name: `${prefix} elsewhere` });
  expect(hidden.status()).toBe(201);
  await managerContext.close();

  await page.goto(`/projects/active?q=${encodeURIComponent(prefix)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Projects' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  const card = projectCard(page, `${prefix} on team`);
  await expect(card).toBeVisible();
  await expect(stat(page, 'Total Projects')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'New Project' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(card.getByRole('combobox')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The details open; the edit form does not, even from a link.
  await card.getByRole('button', { name: /^View details of / }).click();
  const details = page.getByRole('dialog', { name: `${prefix} on team` });
  await expect(details.getByText(me.user.name)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Edit project' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto(`/projects/active?edit=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/projects/active?new=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
