import type { CampaignDetails, CampaignList, Segment } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs, switchTo } from './sign-in';

// Marketing > Campaigns and the marketing overview (issue 23): the list with its figures, filters,
// search and keyset pages; New campaign for planned (hand-tracked) and email campaigns; duplicate and
// delete. The demo workspace is shared by every spec of a run, so each journey names what it makes
// with a unique word and looks for that. Sending itself is journeyed on a server with a mail listener.

test.describe.configure({ timeout: 180_000 });

const uniqueName = (prefix: string) => `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
const campaignUrl = /\/marketing\/campaigns\/[0-9a-f-]{36}$/;
const editorUrl = /\/marketing\/campaigns\/[0-9a-f-]{36}\/edit$/;

const table = (page: Page) => page.getByRole('region', { name: 'Campaigns table' });
const rowOf = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replaceAll('%20', '\\+')}`));
}

async function campaignsNamed(page: Page, q: string): Promise<CampaignList['data']> {
  const response = await page.request.get(`/api/v1/marketing/campaigns?q=${encodeURIComponent(q)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as CampaignList).data;
}

test('a manager plans an SMS campaign with its results, finds it, and writes, duplicates and deletes an email campaign', async ({
  page,
}) => {
  test.slow();
  await signInAs(page, 'manager');
  const segmentName = uniqueName('Trade show visitors');
  const created = await postJson(page, '/api/v1/marketing/segments', {
    name: segmentName,
    rules: { match: 'all', groups: [] },
  });
  expect(created.status()).toBe(201);
  const segment = (await created.json()) as Segment;

  await page.goto('/marketing/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(table(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // --- an SMS campaign, tracked by hand ---------------------------------------------------------
  const smsName = uniqueName('Spring SMS');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  await expect(dialog).toBeVisible();
  // The shared schema speaks first, inline.
  await dialog.getByRole('button', { name: 'Create and write email' }).click();
  await expect(dialog.getByText('Enter the campaign name')).toBeVisible();

  await dialog.getByLabel('Name').fill(smsName);
  await dialog.getByLabel('Type').selectOption('sms');
  await dialog.getByLabel('Description').fill('Spring offer by text message.');
  await dialog.getByLabel('Budget (USD)').fill('5000');
  await dialog.getByRole('checkbox', { name: new RegExp(segmentName) }).check();
  await dialog.getByLabel('Status').selectOption('completed');
  await dialog.getByLabel('Start date').fill('2026-03-02');
  await dialog.getByLabel('Sent', { exact: true }).fill('100');
  await dialog.getByLabel('Delivered', { exact: true }).fill('120');
  await dialog.getByLabel('Opened', { exact: true }).fill('40');
  await dialog.getByLabel('Clicked', { exact: true }).fill('12');
  await dialog.getByLabel('Revenue (USD)').fill('1500');
  await dialog.getByRole('button', { name: 'Create campaign' }).click();
  // More delivered than sent does not add up.
  await expect(dialog.getByText('No more than were sent')).toBeVisible();
  await expect(dialog.getByLabel('Delivered', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Delivered', { exact: true }).fill('90');
  await dialog.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(campaignUrl);
  await expect(dialog).toBeHidden();
  const [sms] = await campaignsNamed(page, smsName);
  expect(sms).toMatchObject({
    type: 'sms',
    status: 'completed',
    sent: 100,
    delivered: 90,
    revenue: 1500,
    budget: 5000,
    segments: [{ id: segment.id, name: segmentName }],
  });
  await closeToasts(page);

  // Search finds it, with its figures: rates per delivered message, money in dollars.
  await page.goto('/marketing/campaigns');
  await search(page, smsName);
  const smsRow = rowOf(page, smsName);
  await expect(smsRow).toHaveCount(1);
  await expect(smsRow.getByRole('cell').nth(0)).toHaveText('Completed');
  await expect(smsRow).toContainText('SMS');
  await expect(smsRow).toContainText(segmentName);
  await expect(smsRow).toContainText('44.4%');
  await expect(smsRow).toContainText('13.3%');
  await expect(smsRow).toContainText('$1,500');
  await expect(smsRow).toContainText('$5,000');

  // Filters narrow it in and out, and live in the address.
  await page.getByRole('combobox', { name: 'Type' }).selectOption('sms');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('completed');
  await expect(page).toHaveURL(/type=sms/);
  await expect(page).toHaveURL(/status=completed/);
  await expect(smsRow).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Type' }).selectOption('email');
  await expect(page.getByText('No campaigns match')).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).selectOption('sms');
  await expect(smsRow).toHaveCount(1);

  // A reload keeps the search, the filters and the campaign.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search campaigns' })).toHaveValue(smsName);
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('sms');
  await expect(rowOf(page, smsName)).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/marketing\/campaigns$/);

  // --- an email campaign opens in its editor ----------------------------------------------------
  const emailName = uniqueName('Autumn newsletter');
  await page.getByRole('button', { name: 'New campaign' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill(emailName);
  await expect(dialog.getByLabel('Status')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create and write email' }).click();
  await expect(page).toHaveURL(editorUrl);
  const [email] = await campaignsNamed(page, emailName);
  expect(email).toMatchObject({ type: 'email', status: 'draft', budget: null });

  // --- duplicate (the copy opens), then delete the copy after a confirmation --------------------
  await page.goto(`/marketing/campaigns?q=${encodeURIComponent(emailName)}`);
  await expect(rowOf(page, emailName)).toHaveCount(1);
  await page.getByRole('button', { name: `Actions for ${emailName}` }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page).toHaveURL(campaignUrl);
  const copyId = page.url().split('/').pop();
  const copyName = `Copy of ${emailName}`;
  const afterCopy = await campaignsNamed(page, emailName);
  expect(afterCopy.map((campaign) => campaign.name).sort()).toEqual([emailName, copyName].sort());
  expect(afterCopy.find((campaign) => campaign.name === copyName)).toMatchObject({
    id: copyId,
    status: 'draft',
  });
  await closeToasts(page);

  await page.goto(`/marketing/campaigns?q=${encodeURIComponent(emailName)}`);
  await expect(rowOf(page, copyName)).toHaveCount(1);
  await page.getByRole('button', { name: `Actions for ${copyName}` }).click();
  await page.getByRole('menuitem', { name: /Delete/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this campaign?' });
  await expect(confirm).toContainText(copyName);
  await expectNoSeriousA11yViolations(page);
  // Cancel keeps it.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, copyName)).toHaveCount(1);

  await page.getByRole('button', { name: `Actions for ${copyName}` }).click();
  await page.getByRole('menuitem', { name: /Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(page.getByText(`Campaign “${copyName}” was deleted`)).toBeVisible();
  await expect(rowOf(page, copyName)).toHaveCount(0);
  await expect(rowOf(page, emailName)).toHaveCount(1);
  await page.reload();
  await expect(rowOf(page, emailName)).toHaveCount(1);
  await expect(rowOf(page, copyName)).toHaveCount(0);
  expect((await campaignsNamed(page, emailName)).map((campaign) => campaign.name)).toEqual([emailName]);
});

test('the marketing overview shows what is under way and the latest campaigns, and leads to each part', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  const webinarName = uniqueName('Live product webinar');
  const response = await postJson(page, '/api/v1/marketing/campaigns', {
    type: 'webinar',
    name: webinarName,
    status: 'active',
    startsAt: new Date().toISOString(),
    sent: 200,
    delivered: 180,
    opened: 90,
    clicked: 30,
  });
  expect(response.status()).toBe(201);
  const webinar = (await response.json()) as CampaignDetails;

  await page.goto('/marketing');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketing Automation' })).toBeVisible();
  const underway = page.getByRole('region', { name: 'Sending and scheduled' });
  await expect(underway.getByRole('link', { name: webinarName })).toBeVisible();
  await expect(underway).toContainText('200 sent');
  const recent = page.getByRole('region', { name: 'Recently updated' });
  const recentItem = recent.getByRole('listitem').filter({ hasText: webinarName });
  await expect(recentItem).toContainText('50.0%');
  await expect(recentItem).toContainText('16.7%');
  await expectNoSeriousA11yViolations(page);

  const sections = page.getByRole('navigation', { name: 'Marketing' });
  await expect(sections.getByRole('link', { name: /Segments/ })).toHaveAttribute(
    'href',
    '/marketing/segments',
  );
  await expect(sections.getByRole('link', { name: /Suppression list/ })).toHaveAttribute(
    'href',
    '/marketing/suppressions',
  );
  await sections.getByRole('link', { name: /Campaigns/ }).click();
  await expect(page).toHaveURL(/\/marketing\/campaigns$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();

  await page.goto('/marketing');
  await underway.getByRole('link', { name: webinarName }).click();
  await expect(page).toHaveURL(new RegExp(`/marketing/campaigns/${webinar.id}$`));
});

test('an employee reads the campaigns but cannot create, duplicate or delete them', async ({ page }) => {
  await signInAs(page, 'manager');
  const name = uniqueName('Partner webinar');
  const response = await postJson(page, '/api/v1/marketing/campaigns', { type: 'webinar', name });
  expect(response.status()).toBe(201);

  await switchTo(page, 'employee');
  await page.goto(`/marketing/campaigns?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'New campaign' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Actions for ${name}` })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/marketing');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketing Automation' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
