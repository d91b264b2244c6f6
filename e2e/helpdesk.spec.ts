import type { EmployeeListResponse, Me, TicketDetails } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs } from './sign-in';

// Help Desk > Tickets (issue 21): the queue with its views, filters, search and bulk bar, New
// Ticket, and the ticket page with its conversation, composer and side panel. The demo workspace is
// shared by every spec of a run, so each journey makes tickets of its own with a unique word in the
// subject or a unique tag, and narrows the queue to them.

// Long journeys on two shared cores: more than the default 30 seconds each.
test.describe.configure({ timeout: 180_000 });

const uniqueName = (prefix: string) => `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

/** The Origin a browser sends: the server refuses cookie-carrying changes from anywhere else. */
const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

async function createTicket(page: Page, ticket: Record<string, unknown>): Promise<TicketDetails> {
  const response = await postJson(page, '/api/v1/helpdesk/tickets', {
    description: 'It stopped working this morning.',
    customerName: 'Dana Customer',
    customerEmail: 'dana@example.com',
    ...ticket,
  });
  expect(response.status(), `create ticket ${String(ticket.subject)}`).toBe(201);
  return (await response.json()) as TicketDetails;
}

const patchTicket = (page: Page, id: string, changes: Record<string, unknown>) =>
  page.request.patch(`/api/v1/helpdesk/tickets/${id}`, { data: changes, headers: { Origin: origin() } });

async function me(page: Page): Promise<Me> {
  return (await (await page.request.get('/api/v1/me')).json()) as Me;
}

/** The ticket page's side panel. */
const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Details' });

const ticketRow = (page: Page, subject: string) => page.getByRole('row').filter({ hasText: subject });

async function openQueue(page: Page, search = '') {
  await page.goto(`/helpdesk/tickets${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Showing/ })).toBeVisible();
}

test('an agent enters a ticket, finds it in All open, replies, adds an internal note and sets it pending', async ({
  page,
}) => {
  test.slow();
  await signInAs(page, 'manager');
  const { user } = await me(page);
  const subject = uniqueName('Cannot export invoices');

  await openQueue(page);
  await expect(page.getByRole('tab', { name: 'All open' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'New Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Ticket' });
  await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
  await expect(dialog.getByLabel('Category')).toHaveValue('General Inquiry');
  // The shared schema speaks first, inline, before anything is sent.
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(dialog.getByText('Enter the subject')).toBeVisible();
  await expect(dialog.getByText("Enter the customer's email address")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Description').fill('The export button spins forever.');
  await dialog.getByLabel('Customer name').fill('Robin Customer');
  await dialog.getByLabel('Customer email').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await dialog.getByLabel('Customer email').fill('Robin@Example.com');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Type').selectOption('bug');
  await dialog.getByLabel('Category').selectOption('Billing');
  await dialog.getByLabel('SLA tier').selectOption('Gold');
  await dialog.getByRole('textbox', { name: 'Tags' }).fill('exports');
  await dialog.getByRole('textbox', { name: 'Tags' }).press('Enter');
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Ticket #\d+ was created$/)).toBeVisible();

  await page.reload();
  await page.getByRole('searchbox', { name: 'Search tickets' }).fill(subject);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 1 of 1 ticket' })).toBeVisible();
  const row = ticketRow(page, subject);
  await expect(row).toContainText('Open');
  await expect(row).toContainText('High');
  await expect(row).toContainText('Robin Customer');
  await expect(row).toContainText('Gold SLA');
  await expect(row).toContainText('exports');
  await expect(row).toContainText('Unassigned');

  await row.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(subject);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/#\d+/);
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByRole('article', { name: 'Customer from Robin Customer' })).toContainText(
    'The export button spins forever.',
  );
  await expect(page.getByText('Not answered yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A reply, sent with the button, moving the ticket along in the same request.
  await page.getByRole('textbox', { name: 'Reply to Robin Customer' }).fill('We are looking into it.');
  await page.getByRole('combobox', { name: 'Then set status' }).selectOption('in-progress');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent; the ticket is now In Progress')).toBeVisible();
  await expect(sidePanel(page).getByLabel('Status', { exact: true })).toHaveValue('in-progress');
  await expect(page.getByRole('combobox', { name: 'Then set status' })).toHaveValue('');
  await expect(conversation.getByRole('article', { name: `Reply from ${user.name}` })).toContainText(
    'We are looking into it.',
  );
  await expect(page.getByText(/after it came in$/)).toBeVisible();

  // An internal note, sent with Ctrl+Enter.
  await page.getByRole('button', { name: 'Internal note', exact: true }).click();
  await expect(
    page.getByText('Internal notes are for agents only: customers never see them.', { exact: false }),
  ).toBeVisible();
  const noteBox = page.getByRole('textbox', { name: 'Internal note' });
  await noteBox.fill('Customer is on the legacy billing plan.');
  await noteBox.press('Control+Enter');
  await expect(conversation.getByRole('article', { name: `Internal note from ${user.name}` })).toContainText(
    'Customer is on the legacy billing plan.',
  );
  await expect(noteBox).toHaveText('');

  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/helpdesk/tickets/'),
  );
  await sidePanel(page).getByLabel('Status', { exact: true }).selectOption('pending');
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);

  // What the page showed is what the server kept; the note is still marked internal.
  await page.reload();
  await expect(sidePanel(page).getByLabel('Status', { exact: true })).toHaveValue('pending');
  await expect(sidePanel(page).getByLabel('Priority', { exact: true })).toHaveValue('high');
  await expect(sidePanel(page).getByLabel('Type', { exact: true })).toHaveValue('bug');
  await expect(sidePanel(page).getByLabel('Category', { exact: true })).toHaveValue('Billing');
  await expect(sidePanel(page).getByLabel('SLA tier', { exact: true })).toHaveValue('Gold');
  const articles = conversation.getByRole('article');
  await expect(articles).toHaveCount(3);
  await expect(articles.nth(0)).toHaveAccessibleName('Customer from Robin Customer');
  await expect(articles.nth(1)).toHaveAccessibleName(`Reply from ${user.name}`);
  await expect(articles.nth(2)).toHaveAccessibleName(`Internal note from ${user.name}`);
  await expect(articles.nth(2)).toContainText('customers never see internal notes');
  await expect(page.getByText('robin@example.com').first()).toBeVisible();

  // Pending waits on the customer: the ticket left All open for Pending.
  await page.getByRole('link', { name: 'Back to tickets' }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByText('No tickets match')).toBeVisible();
  await page.getByRole('tab', { name: 'Pending' }).click();
  await expect(ticketRow(page, subject)).toContainText('Pending');
});

test('the view, filters, search and order live in the address and survive a reload', async ({ page }) => {
  test.slow();
  await signInAs(page, 'manager');
  const word = uniqueName('Quokka').replace(/\s+/g, '');
  await createTicket(page, { subject: `${word} urgent login`, priority: 'urgent', type: 'bug' });
  await createTicket(page, { subject: `${word} low question`, priority: 'low', type: 'support' });
  const closed = await createTicket(page, {
    subject: `${word} urgent closed`,
    priority: 'urgent',
    type: 'bug',
  });
  expect((await patchTicket(page, closed.id, { status: 'closed', version: closed.version })).status()).toBe(
    200,
  );

  await openQueue(page);
  await page.getByRole('searchbox', { name: 'Search tickets' }).fill(word);
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 2 of 2 tickets' })).toBeVisible();
  await page.getByRole('tab', { name: 'All tickets' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 3 of 3 tickets' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Priority' }).selectOption('urgent');
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 2 of 2 tickets' })).toBeVisible();
  await page.getByRole('columnheader', { name: 'Subject' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: 'Subject' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/view=all/);
  await expect(page).toHaveURL(/priority=urgent/);
  await expect(page).toHaveURL(/sort=subject/);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'All tickets' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Search tickets' })).toHaveValue(word);
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('urgent');
  await expect(page.getByRole('columnheader', { name: 'Subject' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 2 of 2 tickets' })).toBeVisible();
  await expect
    .poll(() => page.locator('tbody tr th[scope="row"] a').allTextContents())
    .toEqual([`${word} urgent closed`, `${word} urgent login`]);

  // A status filter narrows the view; Clear filters keeps the view and the order.
  await page.getByRole('button', { name: /^Status:/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Closed' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=closed/);
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 1 of 1 ticket' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/view=all/);
  await expect(page).not.toHaveURL(/q=|priority=|status=/);
  await expect(page.getByRole('columnheader', { name: 'Subject' })).toHaveAttribute('aria-sort', 'ascending');
});

test('bulk: the selected tickets are closed in one go and leave All open', async ({ page }) => {
  test.slow();
  await signInAs(page, 'manager');
  const tag = uniqueName('bulk').replace(/\s+/g, '-').slice(0, 40);
  for (const subject of ['Bulk first', 'Bulk second', 'Bulk kept']) {
    await createTicket(page, { subject, tags: [tag] });
  }

  await openQueue(page, `?tag=${encodeURIComponent(tag)}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 3 of 3 tickets' })).toBeVisible();
  await page.getByRole('checkbox', { name: /Bulk first$/ }).check();
  await page.getByRole('checkbox', { name: /Bulk second$/ }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 tickets selected');
  await expectNoSeriousA11yViolations(page);

  await bar.getByRole('button', { name: 'Set priority' }).click();
  await page.getByRole('menuitem', { name: 'Urgent' }).click();
  await expect(page.getByText('2 tickets set to Urgent priority')).toBeVisible();
  await expect(ticketRow(page, 'Bulk first')).toContainText('Urgent');

  await page.getByRole('checkbox', { name: /Bulk first$/ }).check();
  await page.getByRole('checkbox', { name: /Bulk second$/ }).check();
  const bulkRequest = page.waitForRequest((request) =>
    request.url().endsWith('/api/v1/helpdesk/tickets/bulk'),
  );
  await bar.getByRole('button', { name: 'Close tickets' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Close 2 tickets?' });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Close 2 tickets' }).click();
  expect((await bulkRequest).postDataJSON()).toMatchObject({ action: 'close' });
  await expect(page.getByText('2 tickets closed')).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 1 of 1 ticket' })).toBeVisible();

  await page.reload();
  await expect(ticketRow(page, 'Bulk kept')).toBeVisible();
  await page.getByRole('tab', { name: 'Closed' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Showing 2 of 2 tickets' })).toBeVisible();
  await expect(ticketRow(page, 'Bulk first')).toContainText('Closed');
  await expect(ticketRow(page, 'Bulk second')).toContainText('Closed');
});

test('a change someone else saved first is reloaded, and the panel says so', async ({
  page,
  consoleErrors,
}) => {
  test.slow();
  await signInAs(page, 'manager');
  const ticket = await createTicket(page, { subject: uniqueName('Stale panel') });
  // The page must not hear of their change live (that would spare it the conflict): its event
  // stream is cut, as when the connection drops.
  consoleErrors.allow(/api\/v1\/events|ERR_FAILED/);
  await page.route('**/api/v1/events*', (route) => route.abort());
  await page.goto(`/helpdesk/tickets/${ticket.id}`);
  await expect(sidePanel(page).getByLabel('Priority', { exact: true })).toHaveValue('medium');

  const theirs = await patchTicket(page, ticket.id, { priority: 'urgent', version: ticket.version });
  expect(theirs.status()).toBe(200);
  consoleErrors.allow(/412/);
  await sidePanel(page).getByLabel('Status', { exact: true }).selectOption('in-progress');
  await expect(page.getByRole('alert')).toContainText('Someone else changed this ticket');
  await expect(sidePanel(page).getByLabel('Priority', { exact: true })).toHaveValue('urgent');
  await expect(sidePanel(page).getByLabel('Status', { exact: true })).toHaveValue('open');

  // Their version in hand, the change goes through.
  await sidePanel(page).getByLabel('Status', { exact: true }).selectOption('in-progress');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(sidePanel(page).getByLabel('Status', { exact: true })).toHaveValue('in-progress');
  await expect(sidePanel(page).getByLabel('Priority', { exact: true })).toHaveValue('urgent');
});

test('an employee takes a ticket but cannot give it to someone else', async ({ page, consoleErrors }) => {
  test.slow();
  await signInAs(page, 'employee');
  const { employeeId, user } = await me(page);
  const subject = uniqueName('Employee takes');
  const ticket = await createTicket(page, { subject });

  await openQueue(page, `?q=${encodeURIComponent(subject)}`);
  await page.getByRole('checkbox', { name: new RegExp(`${subject}$`) }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByRole('button', { name: 'Assign to me' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Assign…' })).toHaveCount(0);
  await bar.getByRole('button', { name: 'Clear selection' }).click();

  await ticketRow(page, subject).getByRole('link', { name: subject }).click();
  const assignee = page.getByRole('group', { name: 'Assignee' });
  await expect(assignee).toContainText('Unassigned');
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveCount(0);
  await expect(assignee).toContainText('Only a Manager or an Admin may give a ticket to someone else.');
  await expectNoSeriousA11yViolations(page);
  await assignee.getByRole('button', { name: 'Take it' }).click();
  await expect(assignee).toContainText(user.name);
  await expect(assignee.getByRole('button', { name: 'Take it' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Assignee' })).toContainText(user.name);

  // The API refuses giving it to a colleague, one at a time or in bulk.
  consoleErrors.allow(/403/);
  const employees = (await (
    await page.request.get('/api/v1/employees?limit=5')
  ).json()) as EmployeeListResponse;
  const colleague = employees.data.find((employee) => employee.id !== employeeId)!;
  const current = (await (
    await page.request.get(`/api/v1/helpdesk/tickets/${ticket.id}`)
  ).json()) as TicketDetails;
  const single = await patchTicket(page, ticket.id, { assigneeId: colleague.id, version: current.version });
  expect(single.status()).toBe(403);
  const bulk = await postJson(page, '/api/v1/helpdesk/tickets/bulk', {
    ids: [ticket.id],
    action: 'assign',
    assigneeId: colleague.id,
  });
  expect(bulk.status()).toBe(403);
});

test('on a phone the queue shows cards and nothing scrolls sideways', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'manager');
  const subject = uniqueName('A rather long subject line that has to wrap on a small phone screen');
  const ticket = await createTicket(page, { subject, tags: ['phone'] });
  const pageWidth = () => page.evaluate('document.documentElement.scrollWidth');

  await openQueue(page);
  await expect(page.getByRole('list', { name: 'Tickets' })).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  // The filters fold away behind one button, so the tickets start on the first screen.
  const priority = page.getByRole('combobox', { name: 'Priority' });
  await expect(priority).toBeHidden();
  await page.getByRole('button', { name: 'Filters' }).click();
  await priority.selectOption('urgent');
  await expect(page).toHaveURL(/priority=urgent/);
  await expect(page.getByRole('button', { name: /Hide filters/ })).toContainText('(1 on)');
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'New Ticket' }).click();
  await expect(page.getByRole('dialog', { name: 'New Ticket' })).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');

  await page.goto(`/helpdesk/tickets/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(subject);
  await expect(page.getByRole('list', { name: 'Conversation' })).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
});

test('another agent’s reply and status change show on an open ticket page without a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signInAs(page, 'manager');
  const ticket = await createTicket(page, { subject: uniqueName('Live ticket') });
  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/events' && response.status() === 200,
  );
  await page.goto(`/helpdesk/tickets/${ticket.id}`);
  const status = sidePanel(page).getByLabel('Status', { exact: true });
  await expect(status).toHaveValue('open');
  await streamOpened;

  // A colleague answers from a browser of their own.
  const theirContext = await browser.newContext({ baseURL });
  const theirPage = await theirContext.newPage();
  await signInAs(theirPage, 'employee');
  const reply = await postJson(theirPage, `/api/v1/helpdesk/tickets/${ticket.id}/messages`, {
    body: 'Colleague here: I am on it.',
    status: 'in-progress',
  });
  expect(reply.status()).toBe(201);
  await theirContext.close();

  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('Colleague here: I am on it.');
  await expect(status).toHaveValue('in-progress');
});

test('a duplicate is merged into the ticket it repeats, found by its number', async ({ page }) => {
  await signInAs(page, 'employee');
  const original = await createTicket(page, { subject: uniqueName('Scanner offline') });
  const duplicate = await createTicket(page, {
    subject: uniqueName('Scanner still offline'),
    description: 'Writing again about the scanner.',
  });
  await page.goto(`/helpdesk/tickets/${duplicate.id}`);
  await page.getByRole('button', { name: 'Merge into…' }).click();
  const dialog = page.getByRole('dialog', { name: `Merge #${duplicate.number} into another ticket` });
  // Nothing chosen yet: the dialog says what is missing.
  await dialog.getByRole('button', { name: 'Merge tickets' }).click();
  await expect(dialog.getByText('Choose the ticket to merge into')).toBeVisible();
  await dialog.getByLabel('Find the ticket by number or subject').fill(`#${original.number}`);
  await dialog.getByRole('radio', { name: new RegExp(original.subject) }).check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Merge tickets' }).click();

  await expect(page).toHaveURL(new RegExp(`/helpdesk/tickets/${original.id}$`));
  // The duplicate's page, with its new "Merged into …" note, can stay on screen a moment after the
  // address changes (the router renders the next page in a transition): wait for the original's.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${original.number} `);
  await expect(page.getByText(`Merged into #${original.number}`, { exact: true })).toBeVisible();
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation).toContainText('Writing again about the scanner.');
  await expect(conversation.getByRole('article', { name: /^Internal note from/ })).toContainText(
    `Merged #${duplicate.number}`,
  );
  // Kept: the duplicate is closed and says where the conversation went.
  await page.goto(`/helpdesk/tickets/${duplicate.id}`);
  await expect(sidePanel(page).getByLabel('Status', { exact: true })).toHaveValue('closed');
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText(
    `Merged into #${original.number}`,
  );
});

test('an agent formats a reply from the toolbar, and the conversation shows it after a reload', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  const ticket = await createTicket(page, {
    subject: uniqueName('Formatted reply'),
    customerName: 'Fran Format',
    customerEmail: 'fran@example.com',
  });
  await page.goto(`/helpdesk/tickets/${ticket.id}`);
  const editor = page.getByRole('textbox', { name: 'Reply to Fran Format' });
  await expect(editor).toHaveAttribute('aria-multiline', 'true');
  await expect(editor).toHaveAccessibleDescription(/Ctrl\+Enter sends\.$/);
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  const bold = toolbar.getByRole('button', { name: 'Bold' });

  await editor.click();
  await page.keyboard.type('Please restart ');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('now');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(', see ');
  await toolbar.getByRole('button', { name: 'Link' }).click();
  const linkAddress = page
    .getByRole('dialog', { name: 'Link' })
    .getByRole('textbox', { name: 'Link address' });
  await expect(linkAddress).toBeFocused();
  await linkAddress.fill('help.example.com');
  await linkAddress.press('Enter');
  await expect(editor).toBeFocused();
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await expect(toolbar.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.type('Open the settings');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Press save');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent', { exact: true })).toBeVisible();
  await expect(editor).toHaveText('');

  await page.reload();
  const reply = page
    .getByRole('list', { name: 'Conversation' })
    .getByRole('article', { name: /^Reply from / });
  await expect(reply.locator('strong')).toHaveText('now');
  await expect(reply.getByRole('list').getByRole('listitem')).toHaveText(['Open the settings', 'Press save']);
  const link = reply.getByRole('link', { name: 'help.example.com' });
  await expect(link).toHaveAttribute('href', 'https://help.example.com');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expectNoSeriousA11yViolations(page);
});

test('an agent sees that a colleague is replying to the same ticket, until the reply arrives', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signInAs(page, 'manager');
  const ticket = await createTicket(page, {
    subject: uniqueName('Two agents, one ticket'),
    customerName: 'Pat Presence',
    customerEmail: 'pat@example.com',
  });
  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/events' && response.status() === 200,
  );
  await page.goto(`/helpdesk/tickets/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ticket.subject);
  await streamOpened;

  // A colleague opens the same ticket in a browser of their own and starts writing.
  const theirContext = await browser.newContext({ baseURL });
  const theirPage = await theirContext.newPage();
  await signInAs(theirPage, 'employee');
  const colleague = (await me(theirPage)).user.name;
  await theirPage.goto(`/helpdesk/tickets/${ticket.id}`);
  const theirEditor = theirPage.getByRole('textbox', { name: 'Reply to Pat Presence' });
  await theirEditor.click();
  await theirPage.keyboard.type('Checking the logs for you now.');

  const notice = page.getByText(`${colleague} is replying…`, { exact: true });
  await expect(notice).toBeVisible();
  await expect(page.locator('[aria-live="polite"]').filter({ has: notice })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  // Nobody is told about themselves.
  await expect(theirPage.getByText(/is replying…$/)).toHaveCount(0);

  await theirPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(theirPage.getByText('Reply sent', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText(
    'Checking the logs for you now.',
  );
  // Gone with the reply, well before the notice would fade by itself (8 s after the last keystroke).
  await expect(notice).toBeHidden({ timeout: 2_000 });
  await theirContext.close();
});
