import { demoEmail, demoPassword } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs, switchTo } from './sign-in';

// The customer portal (issue 22): the demo customer (customer@acme.test, Jordan Rivera) signs in and
// lands in the portal, is suggested an article while typing a subject, opens a ticket anyway and
// follows it; agents find the ticket in their queue and preview the portal as the customer sees it.
// The demo workspace is shared by every spec of a run: each journey makes its own article and
// tickets with a unique word.

test.describe.configure({ timeout: 180_000 });

/** A word the search reads as one word and nothing else in the workspace contains. */
const uniqueWord = () =>
  `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** A published public article, written and published by an agent through the API. */
async function publishArticle(page: Page, title: string) {
  const created = await postJson(page, '/api/v1/helpdesk/kb/articles', {
    title,
    summary: 'What to do when the printer stops.',
    content: '<p>Turn the printer off and on again, then print a test page.</p>',
    visibility: 'public',
  });
  expect(created.status()).toBe(201);
  const article = (await created.json()) as { id: string; version: number };
  const published = await postJson(page, `/api/v1/helpdesk/kb/articles/${article.id}/status`, {
    status: 'published',
    version: article.version,
  });
  expect(published.status()).toBe(200);
}

/** The demo customer signs in through the form, as a customer would. */
async function signInAsCustomer(page: Page) {
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email address').fill(demoEmail('customer'));
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The help desk overview's "Answered by articles" figure, as an agent reads it. */
async function answeredByArticles(page: Page): Promise<number> {
  await page.goto('/helpdesk');
  const figure = page.getByRole('region', { name: 'Answered by articles' }).getByText(/^[\d,]+$/);
  await expect(figure).toBeVisible();
  return Number((await figure.innerText()).replaceAll(',', ''));
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('the demo customer lands in the portal, is suggested an article, opens a ticket anyway, and an agent finds it', async ({
  page,
}) => {
  test.slow();
  const word = uniqueWord();
  const title = `Printer ${word} shows a blinking light`;
  await signInAs(page, 'manager');
  await publishArticle(page, title);

  await signInAsCustomer(page);
  await expect(page).toHaveURL('/helpdesk/portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Portal' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Primary' });
  await expect(sidebar.getByRole('link', { name: 'Customer Portal' })).toBeVisible();
  for (const name of ['Dashboard', 'Help Desk', 'Support Tickets']) {
    await expect(sidebar.getByRole('link', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'New ticket' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New ticket' })).toBeVisible();
  // The shared schema speaks first, inline.
  await page.getByRole('button', { name: 'Submit ticket' }).click();
  await expect(page.getByText('Enter the subject')).toBeVisible();
  await expect(page.getByText('Describe your question')).toBeVisible();

  const subject = `My printer ${word} blinks`;
  await page.getByLabel('Subject').pressSequentially(subject, { delay: 20 });
  const suggestions = page.getByRole('region', { name: 'These articles may answer your question' });
  await expect(suggestions.getByRole('link', { name: title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'new-ticket-desktop');

  // Reading the article and going back keeps what was typed.
  await suggestions.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Turn the printer off and on again')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'No, continue with my ticket' }).click();
  await expect(page.getByLabel('Subject')).toHaveValue(subject);

  await page.getByLabel('Description').fill('The light blinks orange and nothing prints.');
  await page.getByLabel('Category').selectOption('Technical');
  await page.getByLabel('Attach files').setInputFiles({
    name: 'printer.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('blink blink'),
  });
  await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('printer.txt');
  await expect(page.getByRole('list', { name: 'Files to send' })).not.toContainText('uploading');
  await page.getByRole('button', { name: 'Submit ticket' }).click();

  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation).toContainText('The light blinks orange and nothing prints.');
  await expect(conversation.getByRole('link', { name: /printer\.txt/ })).toBeVisible();
  await expect(page.getByText('Technical · Opened')).toBeVisible();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'ticket-desktop');

  await page.getByRole('link', { name: 'Back to my tickets' }).click();
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
  await screenshot(page, 'my-tickets-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'my-tickets-phone');
  await page.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await screenshot(page, 'ticket-phone');
  await page.goto('/helpdesk/portal/new');
  await page.getByLabel('Subject').pressSequentially(`printer ${word}`, { delay: 20 });
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await screenshot(page, 'new-ticket-phone');

  // The agents' queue has it, as the customer's.
  await page.setViewportSize({ width: 1280, height: 800 });
  await switchTo(page, 'manager');
  await page.goto(`/helpdesk/tickets?view=all&q=${encodeURIComponent(word)}`);
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Jordan Rivera');
});

test('a customer whose question an article answered opens no ticket, and the overview counts it; closing asks first and reopening undoes it', async ({
  page,
}) => {
  const word = uniqueWord();
  const title = `Reset the ${word} password`;
  await signInAs(page, 'manager');
  await publishArticle(page, title);
  // No other journey records deflections, so the figure moves by this one alone.
  const answeredBefore = await answeredByArticles(page);

  await switchTo(page, 'customer');
  await page.goto('/helpdesk/portal/new');
  await page.getByLabel('Subject').pressSequentially(`${word} password`, { delay: 20 });
  await page.getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: 'This answered my question' }).click();
  await expect(page).toHaveURL('/helpdesk/portal');
  await expect(page.getByText(/Glad that helped/)).toBeVisible();

  await switchTo(page, 'manager');
  expect(await answeredByArticles(page)).toBe(answeredBefore + 1);

  // A ticket of its own, closed after confirming, then reopened.
  await switchTo(page, 'customer');
  const created = await postJson(page, '/api/v1/portal/tickets', {
    subject: `Close me ${word}`,
    description: 'Solved it myself.',
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/helpdesk/portal/tickets/${id}`);
  await page.getByRole('button', { name: 'Close ticket' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Close this ticket?' });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByText(/You can reopen it until/)).toBeVisible();
  await page.getByRole('button', { name: 'Reopen ticket' }).click();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close ticket' })).toBeVisible();
});

test('an agent previews the portal as the demo customer, read only', async ({ page }) => {
  await switchTo(page, 'customer');
  const created = await postJson(page, '/api/v1/portal/tickets', {
    subject: `Preview me ${uniqueWord()}`,
    description: 'For the preview.',
  });
  expect(created.status()).toBe(201);
  const { subject } = (await created.json()) as { subject: string };

  await switchTo(page, 'admin');
  await page.goto('/helpdesk/portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Portal' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find a customer' }).fill('Jordan');
  await page.getByRole('link', { name: /Jordan Rivera/ }).click();
  await expect(page.getByText('Preview as Jordan Rivera — read only')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New ticket' })).toHaveCount(0);
  await page.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('Preview as Jordan Rivera — read only')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('For the preview.');
  await expect(page.getByRole('button', { name: 'Send reply' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Close ticket' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'preview-ticket-desktop');
});
