import { demoWorkspace, type KnowledgeArticle } from '@atrium/shared';
import type { Browser } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs } from './sign-in';

// The public help centre (issue 22): a signed-out visitor of the demo workspace's help centre finds
// a published public article by a word of its body, reads it and says it helped; an internal article
// is nowhere to be found. Pages are made on the server (ADR 030).

const helpCentre = `/help/${demoWorkspace.slug}`;

/** A word no other article has: letters only, so the search reads it as one word. */
const uniqueWord = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** As an Admin, in a browser context of their own: a published article with the word in its body. */
async function publishArticle(
  browser: Browser,
  article: { title: string; word: string; visibility: 'public' | 'internal' },
): Promise<KnowledgeArticle> {
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signInAs(admin, 'admin');
  const created = await postJson(admin, '/api/v1/helpdesk/kb/articles', {
    title: article.title,
    summary: `How to get ${article.title.toLowerCase()} working`,
    content: `<h2>Before you start</h2><p>Find the ${article.word} switch on the back.</p><ul><li>Turn it on</li><li>Wait a minute</li></ul>`,
    categoryId: null,
    tags: [],
    visibility: article.visibility,
  });
  expect(created.status()).toBe(201);
  const draft = (await created.json()) as KnowledgeArticle;
  const published = await postJson(admin, `/api/v1/helpdesk/kb/articles/${draft.id}/status`, {
    status: 'published',
    version: draft.version,
  });
  expect(published.status()).toBe(200);
  const result = (await published.json()) as KnowledgeArticle;
  await context.close();
  return result;
}

test('a signed-out visitor finds a public article by a word of its body and says it helped', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // The internal article's address answers the 404 page, as it must.
  consoleErrors.allow(/status of 404 \(Not Found\)/);
  const word = uniqueWord();
  const title = `Printer setup ${word.slice(0, 4)}`;
  const article = await publishArticle(browser, { title, word, visibility: 'public' });
  const internalWord = uniqueWord();
  const internal = await publishArticle(browser, {
    title: `Agents only ${internalWord.slice(0, 4)}`,
    word: internalWord,
    visibility: 'internal',
  });

  await page.goto(helpCentre);
  await expect(page).toHaveTitle(/Help Centre$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('searchbox', { name: 'Search the help centre' }).fill(word);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Results for “${word}”` })).toBeVisible();
  const result = page.getByRole('link', { name: title });
  await expect(result).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await result.click();
  await expect(page).toHaveURL(new RegExp(`${helpCentre}/${article.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} — ${demoWorkspace.name} Help Centre`);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you for your feedback.');

  // The internal article: not found by its word, and its address is a 404 page.
  await page
    .getByRole('link', { name: /Help Centre$/ })
    .first()
    .click();
  await page.getByRole('searchbox', { name: 'Search the help centre' }).fill(internalWord);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'No articles found' })).toBeVisible();
  const missing = await page.goto(`${helpCentre}/${internal.slug}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an admin sees the help centre settings in Settings -> Help desk, with inline errors', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/settings?tab=helpdesk');
  const settings = page.getByRole('region', { name: 'Assignment and closing' });
  const helpCentreSwitch = settings.getByRole('switch', { name: 'Public help centre' });
  await expect(helpCentreSwitch).toBeChecked();
  await expect(settings.getByRole('link', { name: helpCentre })).toHaveAttribute('href', helpCentre);
  await expect(
    settings.getByRole('switch', { name: 'Customers may sign up on the help centre' }),
  ).not.toBeChecked();
  // Turned off (not saved), the link goes: nothing to visit.
  await helpCentreSwitch.uncheck();
  await expect(settings.getByRole('link', { name: helpCentre })).toHaveCount(0);
  await helpCentreSwitch.check();

  const months = settings.getByLabel('Remind authors to review articles after (months)');
  await months.fill('40');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByText('Enter between 1 and 36 months')).toBeVisible();
  await expect(months).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
});
