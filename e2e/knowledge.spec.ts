import type { KnowledgeArticle } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs } from './sign-in';

// Help Desk > Knowledge Base (issue 22): the agents' articles, categories, editor, workflow and
// history. The demo workspace is shared by every spec of a run, so each journey names what it makes
// with a unique word and looks for that.

test.describe.configure({ timeout: 180_000 });

const uniqueName = (prefix: string) => `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

const body = (page: Page) => page.getByRole('textbox', { name: 'Article' });
const revisions = (page: Page) => page.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
const statusPanel = (page: Page) => page.getByRole('region', { name: /^Status/ });

test('an agent writes an article with a heading and a list, saves, publishes it, and restores an earlier revision', async ({
  page,
}) => {
  test.slow();
  await signInAs(page, 'manager');
  const title = uniqueName('Resetting your password');

  await page.goto('/helpdesk/kb');
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Articles' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'New article' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New article' })).toBeVisible();
  // The shared schema speaks first, inline.
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('Enter the title')).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Summary').fill('How to get back in when you forgot it.');
  await page.getByLabel('Visibility').selectOption('public');
  await body(page).click();
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  await page.keyboard.type('Before you start');
  await page.keyboard.press('Enter');
  await page.keyboard.type('You need the email address of your account.');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Open the sign-in page');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Choose Forgot password');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create draft' }).click();

  await expect(page).toHaveURL(/\/helpdesk\/kb\/articles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(statusPanel(page).getByText('Draft')).toBeVisible();
  await expect(revisions(page)).toHaveCount(1);
  await closeToasts(page);

  // A second save: another revision.
  await body(page).getByText('You need the email address of your account.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Check your spam folder too.');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved · revision 2')).toBeVisible();
  await expect(revisions(page)).toHaveCount(2);

  await statusPanel(page).getByRole('button', { name: 'Publish' }).click();
  await expect(statusPanel(page).getByText('Published', { exact: true })).toBeVisible();
  await expect(statusPanel(page).getByRole('link', { name: /View in help centre/ })).toHaveAttribute(
    'href',
    /^\/help\/[a-z0-9-]+\/resetting-your-password-/,
  );

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(statusPanel(page).getByText('Published', { exact: true })).toBeVisible();
  await expect(body(page).getByRole('heading', { level: 2, name: 'Before you start' })).toBeVisible();
  await expect(body(page).getByRole('listitem')).toHaveText([
    'Open the sign-in page',
    'Choose Forgot password',
  ]);
  await expect(body(page)).toContainText('Check your spam folder too.');
  await expectNoSeriousA11yViolations(page);

  // The history: two revisions, what changed between them, and a restore of the first.
  await expect(revisions(page)).toHaveCount(2);
  const changes = page.getByRole('region', { name: 'Changes from revision 1 to revision 2' });
  await expect(changes.getByText('Check your spam folder too.')).toBeVisible();
  await page.getByRole('button', { name: 'Restore revision 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore revision 1?' });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(confirm).toBeHidden();
  await expect(revisions(page)).toHaveCount(3);
  await expect(body(page)).not.toContainText('Check your spam folder too.');
  await expect(body(page).getByRole('heading', { level: 2, name: 'Before you start' })).toBeVisible();

  // The list finds it by a word of its body, the word marked.
  await page.getByRole('link', { name: 'Knowledge Base' }).first().click();
  await page.getByRole('searchbox', { name: 'Search articles' }).fill(title.split(' ').at(-1)!);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});

test('leaving an article with unsaved changes asks first, and leaving drops them', async ({ page }) => {
  await signInAs(page, 'manager');
  const title = uniqueName('Changing your plan');
  const created = await postJson(page, '/api/v1/helpdesk/kb/articles', { title });
  expect(created.status()).toBe(201);
  const article = (await created.json()) as KnowledgeArticle;

  await page.goto(`/helpdesk/kb/articles/${article.id}`);
  await page.getByLabel('Title').fill(`${title} (edited)`);
  await page.getByRole('link', { name: 'Knowledge Base', exact: true }).first().click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(`${title} (edited)`);

  await page.getByRole('link', { name: 'Knowledge Base', exact: true }).first().click();
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/helpdesk\/kb$/);
  await page.goto(`/helpdesk/kb/articles/${article.id}`);
  await expect(page.getByLabel('Title')).toHaveValue(title);
});

test('a help desk manager adds a category and finds it in the tree', async ({ page }) => {
  await signInAs(page, 'manager');
  const name = uniqueName('Accounts');
  await page.goto('/helpdesk/kb');
  const categories = page.getByRole('navigation', { name: 'Categories' });
  await categories.getByRole('button', { name: 'Add category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add category' });
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog.getByText('Enter the category name')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog).toBeHidden();
  await expect(categories.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an agent inserts a link to a published article into a ticket reply', async ({ page }) => {
  await signInAs(page, 'manager');
  const word = `kb${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const created = await postJson(page, '/api/v1/helpdesk/kb/articles', {
    title: `Exporting invoices ${word}`,
    content: '<p>Open Billing, then Export.</p>',
    visibility: 'public',
  });
  expect(created.status()).toBe(201);
  const article = (await created.json()) as KnowledgeArticle;
  const published = await postJson(page, `/api/v1/helpdesk/kb/articles/${article.id}/status`, {
    status: 'published',
    version: article.version,
  });
  expect(published.status()).toBe(200);
  const ticket = await postJson(page, '/api/v1/helpdesk/tickets', {
    subject: `Invoices ${word}`,
    description: 'How do I export my invoices?',
    customerName: 'Dana Customer',
    customerEmail: 'dana@example.com',
  });
  expect(ticket.status()).toBe(201);
  const { id } = (await ticket.json()) as { id: string };

  await page.goto(`/helpdesk/tickets/${id}`);
  await page.getByRole('button', { name: 'Insert article' }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert article' });
  await dialog.getByLabel('Search articles').fill(word);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: new RegExp(`Exporting invoices ${word}`) }).click();
  await expect(dialog).toBeHidden();
  const link = page
    .getByRole('textbox', { name: /^Reply to/ })
    .getByRole('link', { name: `Exporting invoices ${word}` });
  await expect(link).toHaveAttribute('href', new RegExp(`/help/[a-z0-9-]+/${article.slug}$`));
});

test('an agent adds an image to an article, describes it for screen readers, and readers of the help centre get that description', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  const created = await postJson(page, '/api/v1/helpdesk/kb/articles', {
    title: uniqueName('Where to find the export button'),
    content: '<p>The button is at the top right.</p>',
    visibility: 'public',
  });
  expect(created.status()).toBe(201);
  const article = (await created.json()) as KnowledgeArticle;
  // A one-pixel PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  await page.goto(`/helpdesk/kb/articles/${article.id}`);
  await body(page).getByText('The button is at the top right.').click();
  await page.keyboard.press('End');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'export-button.png', mimeType: 'image/png', buffer: png });
  // Its alt text to begin with: the file name, as words.
  const image = body(page).getByRole('img', { name: 'export button' });
  await expect(image).toHaveAttribute('src', /^\/help\/[a-z0-9-]+\/images\/[0-9a-f-]{36}$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved · revision 2')).toBeVisible();
  await page.reload();
  await expect
    .poll(() =>
      body(page)
        .getByRole('img', { name: 'export button' })
        .evaluate((element: HTMLImageElement) => element.naturalWidth),
    )
    .toBe(1);
  await expectNoSeriousA11yViolations(page);

  // Selecting the image offers its alt text in the toolbar; an empty one needs "decorative".
  const altButton = page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Alt text' });
  await expect(altButton).toHaveCount(0);
  await body(page).getByRole('img', { name: 'export button' }).click();
  // From the text, the toolbar is one Shift+Tab away, and the alt text its last button.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('End');
  await expect(altButton).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Alt text' });
  const altField = dialog.getByLabel('Alternative text');
  await expect(altField).toHaveValue('export button');
  await altField.fill('  ');
  await dialog.getByRole('button', { name: 'Save alt text' }).click();
  await expect(dialog.getByText('Describe the image, or mark it as decorative')).toBeVisible();
  const description = 'Export button above the invoice list, far right';
  await altField.fill(description);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('alt-text-dialog-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(altField).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('alt-text-dialog-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await altField.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(altButton).toBeFocused();
  await expect(body(page).getByRole('img', { name: description })).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved · revision 3')).toBeVisible();
  await page.reload();
  await expect(body(page).getByRole('img', { name: description })).toHaveAttribute('alt', description);

  // Published, the help centre's page gives readers the same description.
  await statusPanel(page).getByRole('button', { name: 'Publish' }).click();
  const helpCentreLink = statusPanel(page).getByRole('link', { name: /View in help centre/ });
  const address = await helpCentreLink.getAttribute('href');
  expect(address).toMatch(/^\/help\/[a-z0-9-]+\/where-to-find-the-export-button-/);
  await page.goto(address!);
  const published = page.locator('main').getByRole('img', { name: description });
  await expect(published).toHaveAttribute('alt', description);
  await expect.poll(() => published.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);

  // Marked decorative, its alt is empty, which survives saving too.
  await page.goBack();
  await body(page).getByRole('img', { name: description }).click();
  await altButton.click();
  await expect(altField).toHaveValue(description);
  await dialog.getByRole('checkbox', { name: 'Decorative image' }).check();
  await expect(altField).toBeDisabled();
  await dialog.getByRole('button', { name: 'Save alt text' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved · revision 4')).toBeVisible();
  await page.reload();
  await expect(body(page).locator('img')).toHaveAttribute('alt', '');
  await body(page).locator('img').click();
  await altButton.click();
  await expect(dialog.getByRole('checkbox', { name: 'Decorative image' })).toBeChecked();
});
