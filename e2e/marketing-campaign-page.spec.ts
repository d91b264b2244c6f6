import type { CampaignDetails, Segment } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs } from './sign-in';

// Marketing > a campaign's page (issue 23): its header, Send… with a schedule in the workspace's
// time zone, the hand-entered results of a planned campaign, and delete. This server has no SMTP
// listener, so sending is refused (409) and no campaign here ever sends; real sending, the progress
// bar and clicks are journeyed on a server with one.

test.describe.configure({ timeout: 180_000 });

const runTag = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

async function created<T>(response: Awaited<ReturnType<typeof postJson>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** An email campaign with a message and a segment: everything sending needs but a mail server. */
async function emailCampaign(page: Page, tag: string) {
  const segment = await created<Segment>(
    await postJson(page, '/api/v1/marketing/segments', {
      name: `Every lead ${tag}`,
      rules: { match: 'all', groups: [] },
    }),
  );
  const campaign = await created<CampaignDetails>(
    await postJson(page, '/api/v1/marketing/campaigns', {
      type: 'email',
      name: `Spring offer ${tag}`,
      description: 'Twenty percent off every plan until the end of the month.',
      budget: 1500,
      segmentIds: [segment.id],
      content: {
        subject: 'Spring is here, {{ lead.first_name | default: "there" }}',
        previewText: 'Twenty percent off',
        blocks: [
          { type: 'heading', id: 'h1', text: 'Spring offer', level: 1 },
          { type: 'text', id: 't1', text: 'Twenty percent off every plan.' },
          { type: 'button', id: 'b1', label: 'See the plans', href: 'https://example.com/plans' },
        ],
        text: null,
      },
    }),
  );
  return { segment, campaign };
}

/** The page's own header: its name, badges and facts (not the app's top bar). */
const campaignHeader = (page: Page) => page.getByRole('main').locator('header').first();

/** A calendar date some days ago (YYYY-MM-DD): in the past in every time zone. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('an email campaign’s page shows its header and empty results, and Send… checks the time and shows why the server refuses', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 409/);
  await signInAs(page, 'manager');
  const tag = runTag();
  const { segment, campaign } = await emailCampaign(page, tag);

  await page.goto(`/marketing/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();
  const header = campaignHeader(page);
  await expect(header.getByText('Email', { exact: true })).toBeVisible();
  await expect(header.getByText('Draft', { exact: true })).toBeVisible();
  await expect(header.getByText('Twenty percent off every plan until the end of the month.')).toBeVisible();
  await expect(page.getByRole('link', { name: segment.name })).toHaveAttribute(
    'href',
    `/marketing/segments?segment=${segment.id}`,
  );
  await expect(page.getByRole('link', { name: 'Edit email' })).toHaveAttribute(
    'href',
    `/marketing/campaigns/${campaign.id}/edit`,
  );
  await expect(page.getByText('Not scheduled: sent when you choose')).toBeVisible();
  await expect(page.getByText('No results yet')).toBeVisible();
  // Not sent: no progress bar, and no recipients to list yet.
  await expect(page.getByRole('heading', { name: 'Recipients' })).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'Sending progress' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A time already past is refused before anything is sent.
  await page.getByRole('button', { name: 'Send…' }).click();
  const dialog = page.getByRole('dialog', { name: `Send “${campaign.name}”` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: /Schedule for later/ }).check();
  await expect(dialog.getByText('In the workspace’s time zone')).toBeVisible();
  await dialog.getByLabel('Date', { exact: true }).fill(daysAgo(2));
  await dialog.getByLabel('Time', { exact: true }).fill('09:30');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog.getByText('Choose a time still to come')).toBeVisible();
  await expect(dialog.getByLabel('Time', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  // Without a mail server the server refuses, and says why.
  await dialog.getByRole('radio', { name: /Send now/ }).check();
  await dialog.getByRole('button', { name: 'Send now' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('The campaign could not be sent');
  await expect(refusal).toContainText('Campaigns need an SMTP server to send through');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Nothing changed: still a draft.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();
  await expect(header.getByText('Draft', { exact: true })).toBeVisible();

  // Duplicate opens the copy: a draft with the same audience.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Copy of ${campaign.name}` })).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(campaign.id));
  await expect(page.getByRole('link', { name: segment.name })).toBeVisible();
  await expect(header.getByText('Draft', { exact: true })).toBeVisible();
});

test('an email campaign without a segment says so before sending', async ({ page }) => {
  await signInAs(page, 'manager');
  const tag = runTag();
  const campaign = await created<CampaignDetails>(
    await postJson(page, '/api/v1/marketing/campaigns', { type: 'email', name: `Unfinished ${tag}` }),
  );
  await page.goto(`/marketing/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();
  await expect(page.getByText('Not ready to send yet')).toBeVisible();
  await expect(page.getByText(/write the email and choose at least one segment/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send…' })).toBeDisabled();
});

test('a webinar’s results are entered by hand, checked, kept; then the campaign is deleted', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  const tag = runTag();
  const keep = await emailCampaign(page, tag);
  const webinar = await created<CampaignDetails>(
    await postJson(page, '/api/v1/marketing/campaigns', { type: 'webinar', name: `Product webinar ${tag}` }),
  );

  await page.goto(`/marketing/campaigns/${webinar.id}`);
  await expect(page.getByRole('heading', { level: 1, name: webinar.name })).toBeVisible();
  const form = page.getByRole('region', { name: 'Status and results' });
  await expect(form).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The funnel must add up: the shared rule speaks at the field.
  await form.getByLabel('Status').selectOption('completed');
  await form.getByLabel('Start date').fill('2026-03-02');
  await form.getByLabel('Budget (USD)').fill('4000');
  await form.getByLabel('Sent').fill('300');
  await form.getByLabel('Delivered').fill('350');
  await form.getByLabel('Opened').fill('120');
  await form.getByLabel('Clicked').fill('45');
  await form.getByLabel('Revenue (USD)').fill('12500');
  await form.getByRole('button', { name: 'Save results' }).click();
  await expect(form.getByText('No more than were sent')).toBeVisible();
  await expect(form.getByLabel('Delivered')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Delivered').fill('280');
  await expect(form.getByText('Open rate 42.9%')).toBeVisible();
  await form.getByRole('button', { name: 'Save results' }).click();
  await expect(page.getByText('The results were saved')).toBeVisible();
  await closeToasts(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: webinar.name })).toBeVisible();
  await expect(form.getByLabel('Status')).toHaveValue('completed');
  await expect(form.getByLabel('Start date')).toHaveValue('2026-03-02');
  await expect(form.getByLabel('Budget (USD)')).toHaveValue('4000');
  await expect(form.getByLabel('Sent')).toHaveValue('300');
  await expect(form.getByLabel('Delivered')).toHaveValue('280');
  await expect(form.getByLabel('Opened')).toHaveValue('120');
  await expect(form.getByLabel('Clicked')).toHaveValue('45');
  await expect(form.getByLabel('Revenue (USD)')).toHaveValue('12500');
  await expect(campaignHeader(page).getByText('Completed', { exact: true })).toBeVisible();

  // Delete asks first; Cancel keeps it.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete “${webinar.name}”?` });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: webinar.name })).toBeVisible();

  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await confirm.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(page).toHaveURL(/\/marketing\/campaigns$/);
  await expect(page.getByText(`“${webinar.name}” was deleted`)).toBeVisible();

  await page.reload();
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(tag);
  await expect(page.getByRole('link', { name: keep.campaign.name }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: webinar.name })).toHaveCount(0);
  const gone = await page.request.get(`/api/v1/marketing/campaigns/${webinar.id}`);
  expect(gone.status()).toBe(404);
});
