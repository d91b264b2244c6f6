import type { TaskBoard, TaskDetails } from '@atrium/shared';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs } from './sign-in';

// Projects > Kanban Board (spec 2 "Kanban"). The demo workspace is shared by every spec of a run, so
// each journey makes a project of its own through the API and opens the board on it.

// Long journeys on two shared cores: more than the default 30 seconds each.
test.describe.configure({ timeout: 150_000 });

const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function createProject(page: Page, name: string): Promise<string> {
  const response = await postJson(page, '/api/v1/projects', { name, status: 'active' });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function createTask(
  page: Page,
  projectId: string,
  title: string,
  fields: Record<string, unknown> = {},
): Promise<TaskDetails> {
  const response = await postJson(page, '/api/v1/tasks', { projectId, title, ...fields });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TaskDetails;
}

async function serverColumns(page: Page, projectId: string): Promise<Record<string, string[]>> {
  const response = await page.request.get(`/api/v1/tasks/board?projectId=${projectId}`);
  expect(response.status()).toBe(200);
  const board = (await response.json()) as TaskBoard;
  return Object.fromEntries(
    board.columns.map((column) => [column.status, column.tasks.map((task) => task.title)]),
  );
}

const column = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
/** The card's title button: what takes focus and opens the details. */
const cardButton = (scope: Page | Locator, title: string) =>
  scope.getByRole('button', { name: title, exact: true });
const card = (scope: Locator, title: string) =>
  scope.getByRole('listitem').filter({ has: cardButton(scope.page(), title) });
/** The titles of a column's cards, top to bottom. */
const titlesIn = (page: Page, title: string) => column(page, title).locator('[data-card-focus]');

async function openBoard(page: Page, projectId: string) {
  await page.goto(`/projects/kanban?projectId=${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kanban Board' })).toBeVisible();
  await expect(column(page, 'To Do')).toBeVisible();
}

/**
 * A mouse drag with native drag events: press on the card's lower part (not its buttons), move in
 * steps so the drop target sees the pointer arrive, release over the target's top or bottom half.
 */
async function dragCard(page: Page, source: Locator, target: Locator, where: 'top' | 'bottom' | 'middle') {
  const from = (await source.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height - 12);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height - 30, { steps: 4 });
  const to = (await target.boundingBox())!;
  const y = where === 'top' ? to.y + 8 : where === 'bottom' ? to.y + to.height - 8 : to.y + to.height / 2;
  await page.mouse.move(to.x + to.width / 2, y, { steps: 12 });
  await page.mouse.move(to.x + to.width / 2, y + (where === 'top' ? 1 : -1), { steps: 2 });
  await page.mouse.up();
}

test('cards move to Done by mouse, keyboard and the Move menu, reorder in a column, and stay there after a reload', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  const projectId = await createProject(page, unique('Kanban moves'));
  const [a, b, c, d, e] = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((name) => unique(name));
  for (const title of [a!, b!, c!, d!, e!]) await createTask(page, projectId, title);

  await openBoard(page, projectId);
  const todo = column(page, 'To Do');
  const done = column(page, 'Done');
  await expect(titlesIn(page, 'To Do')).toHaveText([a!, b!, c!, d!, e!]);
  await expect(todo.getByText('5 tasks')).toBeAttached();
  await expectNoSeriousA11yViolations(page);

  // By mouse: Alpha onto the empty Done column.
  await dragCard(page, card(todo, a!), done.getByText('No tasks. Drop a card here.'), 'middle');
  await expect(titlesIn(page, 'Done')).toHaveText([a!]);
  await expect(titlesIn(page, 'To Do')).toHaveText([b!, c!, d!, e!]);
  await expect(done.getByText('1 task', { exact: true })).toBeAttached();

  // By keyboard: Bravo walks right one column at a time, keeping its row and the focus; the last two
  // presses come faster than the board re-renders, as with a key held down.
  await cardButton(todo, b!).focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(cardButton(column(page, 'In Progress'), b!)).toBeFocused();
  await page.keyboard.press('Alt+ArrowRight');
  await page.keyboard.press('Alt+ArrowRight');
  await expect(cardButton(done, b!)).toBeFocused();
  await expect(page.getByText(`Moved '${b}' to Done, position 1 of 2`)).toBeAttached();
  await expect(titlesIn(page, 'Done')).toHaveText([b!, a!]);

  // Alt+ArrowDown moves it below Alpha; focus stays on it.
  await page.keyboard.press('Alt+ArrowDown');
  await expect(titlesIn(page, 'Done')).toHaveText([a!, b!]);
  await expect(cardButton(done, b!)).toBeFocused();
  await expect(page.getByText(`Moved '${b}' to Done, position 2 of 2`)).toBeAttached();

  // By the Move menu: Charlie to Done (it keeps its row: the top).
  await page.getByRole('button', { name: `Move ${c}` }).click();
  await page.getByRole('menuitem', { name: 'Move to Done' }).click();
  await expect(titlesIn(page, 'Done')).toHaveText([c!, a!, b!]);
  await expect(cardButton(done, c!)).toBeFocused();

  // Reorder within a column by mouse: Echo above Delta.
  await expect(titlesIn(page, 'To Do')).toHaveText([d!, e!]);
  await dragCard(page, card(todo, e!), card(todo, d!), 'top');
  await expect(titlesIn(page, 'To Do')).toHaveText([e!, d!]);

  await expect
    .poll(() => serverColumns(page, projectId))
    .toMatchObject({ todo: [e, d], 'in-progress': [], review: [], done: [c, a, b] });
  await page.reload();
  await expect(titlesIn(page, 'Done')).toHaveText([c!, a!, b!]);
  await expect(titlesIn(page, 'To Do')).toHaveText([e!, d!]);
});

test('Add Task puts a task in its column; a card opens its details for comments and subtasks', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  const projectId = await createProject(page, unique('Kanban details'));
  const title = unique('Write the release notes');
  const task = await createTask(page, projectId, title, {
    status: 'in-progress',
    priority: 'high',
    description: 'Everything that changed since the last release.',
    estimatedHours: 6,
  });
  const subtask = await postJson(page, `/api/v1/tasks/${task.id}/subtasks`, { title: 'Collect the changes' });
  expect(subtask.status()).toBe(201);

  await openBoard(page, projectId);
  const inProgress = column(page, 'In Progress');
  const taskCard = card(inProgress, title);
  await expect(taskCard).toContainText('High');
  await expect(taskCard).toContainText('Everything that changed');
  await expect(taskCard).toContainText('0/1');
  await expect(taskCard).toContainText('~6 h');
  await expect(taskCard).toContainText('Unassigned');

  // Add Task in Review: the dialog starts in that column and this project.
  const added = unique('Check the translations');
  await page.getByRole('button', { name: 'Add Task to Review' }).click();
  const form = page.getByRole('dialog', { name: 'Add Task' });
  await expect(form.getByLabel('Status')).toHaveValue('review');
  await expect(form.getByLabel('Priority')).toHaveValue('medium');
  await form.getByLabel('Task Title').fill(added);
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(form).toBeHidden();
  await expect(titlesIn(page, 'Review')).toHaveText([added]);

  // The card's details: a comment and a subtask toggle, both back on the card.
  await taskCard.getByText('Everything that changed').click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details.getByText('Collect the changes')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await details.getByLabel('Add a comment').fill('Draft is in the shared folder.');
  await details.getByRole('button', { name: 'Add Comment' }).click();
  await expect(details.getByText('Draft is in the shared folder.')).toBeVisible();
  // The box shows the saved state, so it turns checked once the server has answered.
  await details.getByRole('checkbox', { name: 'Collect the changes' }).click();
  await expect(details.getByRole('checkbox', { name: 'Collect the changes' })).toBeChecked();
  await details.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(details).toBeHidden();
  await expect(taskCard).toContainText('1/1');
  await expect(taskCard.getByText('1 comment', { exact: true })).toBeAttached();
});

test('a move the server refuses puts the card back and says so', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 422/);
  await signInAs(page, 'manager');
  const projectId = await createProject(page, unique('Kanban refused'));
  const mover = unique('Ship the beta');
  const anchor = unique('Announce the beta');
  await createTask(page, projectId, mover);
  const anchorTask = await createTask(page, projectId, anchor, { status: 'done' });

  await openBoard(page, projectId);
  await expect(titlesIn(page, 'Done')).toHaveText([anchor]);

  // Someone deletes the card this one is being placed next to, just before the move arrives.
  const origin = new URL(page.url()).origin;
  await page.route('**/api/v1/tasks/*/move', async (route) => {
    const deleted = await page.request.delete(`/api/v1/tasks/${anchorTask.id}`, {
      headers: { Origin: origin },
    });
    expect(deleted.status()).toBe(204);
    await route.continue();
  });
  await page.getByRole('button', { name: `Move ${mover}` }).click();
  await page.getByRole('menuitem', { name: 'Move to Done' }).click();

  await expect(page.getByText(`'${mover}' could not be moved`, { exact: true })).toBeVisible();
  await expect(page.getByText(`'${mover}' could not be moved and is back in its place.`)).toBeAttached();
  await expect(titlesIn(page, 'To Do')).toHaveText([mover]);
  await expect(titlesIn(page, 'Done')).toHaveCount(0);
  expect((await serverColumns(page, projectId)).todo).toEqual([mover]);
});

test('a move in one browser shows in another within 2 seconds, without reloading', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'manager');
  const projectId = await createProject(page, unique('Kanban realtime'));
  const title = unique('Review the contract');
  await createTask(page, projectId, title);

  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/events' && response.status() === 200,
  );
  await openBoard(page, projectId);
  await expect(titlesIn(page, 'To Do')).toHaveText([title]);
  await streamOpened;

  const theirContext = await browser.newContext({ baseURL });
  const theirPage = await theirContext.newPage();
  await signInAs(theirPage, 'admin');
  await openBoard(theirPage, projectId);
  await cardButton(column(theirPage, 'To Do'), title).focus();
  await theirPage.keyboard.press('Alt+ArrowRight');
  await expect(titlesIn(theirPage, 'In Progress')).toHaveText([title]);

  await expect(titlesIn(page, 'In Progress')).toHaveText([title], { timeout: 2_000 });
  await expect(titlesIn(page, 'To Do')).toHaveCount(0);
  await theirContext.close();
});
