import type { Segment, SegmentLeadPage } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs, switchTo } from './sign-in';

// Marketing > Segments (issue 23): saved rules over leads with a live count. There is no API to make
// leads, so the journey uses the demo workspace's leads and checks relationships, not numbers: a
// narrower rule never counts more, and the live count is what the saved segment's leads are.

test.describe.configure({ timeout: 180_000 });

const uniqueName = (prefix: string) => `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

const condition = (page: Page, index: number, group = 1) =>
  page.getByRole('group', { name: `Condition ${index} of group ${group}` });

/** The live count once the rules have stopped changing and the server has answered. */
async function liveCount(page: Page): Promise<number> {
  await expect(page.getByTestId('segment-count')).toHaveAttribute('aria-busy', 'false');
  const status = page.getByTestId('segment-live-count');
  await expect(status).toHaveText(/^[\d,]+ leads? match/);
  return Number((await status.textContent())!.replace(/[^\d]/g, ''));
}

/** Every lead the saved segment selects, through its leads endpoint, page by page. */
async function savedLeadCount(page: Page, id: string): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await page.request.get(`/api/v1/marketing/segments/${id}/leads?limit=200${query}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as SegmentLeadPage;
    count += body.data.length;
    cursor = body.nextCursor;
  } while (cursor);
  return count;
}

test('a manager builds a segment with a live count, saves it, edits it and deletes it', async ({
  page,
  consoleErrors,
}) => {
  test.slow();
  await signInAs(page, 'manager');
  const name = uniqueName('Warm new or qualified');

  await page.goto('/marketing/segments');
  await expect(page.getByRole('heading', { level: 1, name: 'Segments' })).toBeVisible();
  await expect(page.getByText('Open a segment')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'New segment' }).click();
  await expect(page).toHaveURL(/\?segment=new$/);
  await expect(page.getByRole('heading', { level: 2, name: 'New segment' })).toBeVisible();
  // No conditions is every lead.
  const everyone = await liveCount(page);
  expect(everyone).toBeGreaterThan(0);

  // The shared schema speaks first, at the field.
  await page.getByRole('button', { name: 'Create segment' }).click();
  await expect(page.getByText('Enter a name')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Fresh and qualified leads who score well.');
  await page.getByRole('button', { name: 'Add a group of conditions' }).click();
  // The new condition's field picker has the focus, and an empty condition is not counted yet.
  await expect(condition(page, 1).getByLabel('Field')).toBeFocused();
  await expect(page.getByTestId('segment-live-count')).toHaveText(
    'Finish the conditions to see how many leads match.',
  );

  await condition(page, 1).getByRole('checkbox', { name: 'New', exact: true }).check();
  const onlyNew = await liveCount(page);
  await condition(page, 1).getByRole('checkbox', { name: 'Qualified', exact: true }).check();
  const byStatus = await liveCount(page);
  expect(onlyNew).toBeLessThanOrEqual(byStatus);
  expect(byStatus).toBeLessThanOrEqual(everyone);

  await page.getByRole('button', { name: 'Add condition to group 1' }).click();
  await condition(page, 2).getByLabel('Field').selectOption('score');
  await condition(page, 2).getByLabel('Lowest score').fill('120');
  await page.getByRole('button', { name: 'Create segment' }).click();
  await expect(condition(page, 2).getByText('Scores run to 100')).toBeVisible();
  await condition(page, 2).getByLabel('Lowest score').fill('40');
  const from40 = await liveCount(page);
  await condition(page, 2).getByLabel('Lowest score').fill('60');
  const from60 = await liveCount(page);
  expect(from40).toBeLessThanOrEqual(byStatus);
  expect(from60).toBeLessThanOrEqual(from40);
  // The count followed the rules: it was not the same number at every step.
  expect(new Set([everyone, byStatus, from40, from60]).size).toBeGreaterThan(1);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Create segment' }).click();
  await expect(page.getByText(`Segment “${name}” created`)).toBeVisible();
  await expect(page).toHaveURL(/\?segment=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get('segment')!;
  await expect(page.getByRole('heading', { level: 2, name: 'Edit segment' })).toBeVisible();
  expect(await liveCount(page)).toBe(from60);
  expect(await savedLeadCount(page, id)).toBe(from60);
  await closeToasts(page);

  // After a reload it is in the list, and opens with its rules.
  await page.reload();
  const list = page.getByRole('list', { name: 'Segments' });
  await expect(list.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('aria-current', 'true');
  await expect(list.getByRole('link', { name: new RegExp(name) })).toContainText(
    'Status is New or Qualified and score 60 or more',
  );
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(condition(page, 1).getByRole('checkbox', { name: 'New', exact: true })).toBeChecked();
  await expect(condition(page, 1).getByRole('checkbox', { name: 'Qualified', exact: true })).toBeChecked();
  await expect(
    condition(page, 1).getByRole('checkbox', { name: 'Contacted', exact: true }),
  ).not.toBeChecked();
  await expect(condition(page, 2).getByLabel('Field')).toHaveValue('score');
  await expect(condition(page, 2).getByLabel('Lowest score')).toHaveValue('60');
  expect(await liveCount(page)).toBe(from60);

  // View all leads pages through the saved segment.
  await page.getByRole('button', { name: 'View all leads' }).click();
  const leads = page.getByRole('dialog', { name: `Leads in “${name}”` });
  await expect(leads).toBeVisible();
  if (from60 === 0) await expect(leads.getByText('No lead matches this segment.')).toBeVisible();
  else await expect(leads.getByRole('row')).toHaveCount(Math.min(from60, 25) + 1);
  await expectNoSeriousA11yViolations(page);
  await leads.getByRole('button', { name: 'Close' }).click();

  // Edit: a higher lowest score and an "any" group; saved with the version read.
  await condition(page, 2).getByLabel('Lowest score').fill('75');
  const from75 = await liveCount(page);
  expect(from75).toBeLessThanOrEqual(from60);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(page.getByText(`Segment “${name}” saved`)).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  expect(await savedLeadCount(page, id)).toBe(from75);
  const saved = (await (await page.request.get(`/api/v1/marketing/segments/${id}`)).json()) as Segment;
  expect(saved.version).toBe(2);
  expect(saved.rules).toEqual({
    match: 'all',
    groups: [
      {
        match: 'all',
        conditions: [
          { field: 'status', values: ['new', 'qualified'] },
          { field: 'score', from: 75 },
        ],
      },
    ],
  });
  await closeToasts(page);
  await page.reload();
  await expect(condition(page, 2).getByLabel('Lowest score')).toHaveValue('75');

  // Someone else saves first: the save answers 412, and the form shows their version.
  consoleErrors.allow(/status of 412/);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const theirs = await page.request.patch(`/api/v1/marketing/segments/${id}`, {
    data: { description: 'Changed in another tab.', version: 2 },
    headers: { Origin: origin },
  });
  expect(theirs.status()).toBe(200);
  await condition(page, 2).getByLabel('Lowest score').fill('80');
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(page.getByText('Someone else changed this segment')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Changed in another tab.');
  await expect(condition(page, 2).getByLabel('Lowest score')).toHaveValue('75');

  // Delete, after a confirmation; gone after a reload.
  await page.getByRole('button', { name: 'Delete segment' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete “${name}”?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByRole('button', { name: 'Delete segment' }).click();
  await confirm.getByRole('button', { name: 'Delete segment' }).click();
  await expect(page.getByText(`Segment “${name}” deleted`)).toBeVisible();
  await expect(page).toHaveURL(/\/marketing\/segments$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Segments' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Segments' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
  expect((await page.request.get(`/api/v1/marketing/segments/${id}`)).status()).toBe(404);
});

test('a segment a campaign goes to opens from a link, counts campaign activity and cannot be deleted', async ({
  page,
  consoleErrors,
}) => {
  await signInAs(page, 'manager');
  const name = uniqueName('Launch audience');
  const campaignName = uniqueName('Launch mail');
  const created = await postJson(page, '/api/v1/marketing/segments', {
    name,
    rules: { match: 'all', groups: [{ match: 'all', conditions: [{ field: 'status', values: ['new'] }] }] },
  });
  expect(created.status()).toBe(201);
  const segment = (await created.json()) as Segment;
  const campaignResponse = await postJson(page, '/api/v1/marketing/campaigns', {
    type: 'email',
    name: campaignName,
    segmentIds: [segment.id],
  });
  expect(campaignResponse.status()).toBe(201);
  const campaign = (await campaignResponse.json()) as { id: string };

  // The address a campaign's page links to opens the segment.
  await page.goto(`/marketing/segments?segment=${segment.id}`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  const usedBy = page.getByRole('region', { name: 'Campaigns going to this segment' });
  await expect(usedBy.getByRole('link', { name: new RegExp(campaignName) })).toHaveAttribute(
    'href',
    `/marketing/campaigns/${campaign.id}`,
  );
  // The list names it too.
  await expect(page.getByRole('link', { name: new RegExp(name) })).toContainText(`Used by ${campaignName}`);
  const newLeads = await liveCount(page);

  // "Received the campaign": a draft went to nobody, so nobody matches along with the status.
  await page.getByRole('button', { name: 'Add condition to group 1' }).click();
  await condition(page, 2).getByLabel('Field').selectOption('campaign');
  await condition(page, 2).getByLabel('Activity').selectOption('sent');
  await condition(page, 2).getByRole('combobox', { name: 'Campaign' }).fill(campaignName);
  await page.getByRole('option', { name: new RegExp(campaignName) }).click();
  await expect(condition(page, 2).getByRole('combobox', { name: 'Campaign' })).toHaveValue(campaignName);
  expect(await liveCount(page)).toBe(0);
  // Either of the two: the status alone again.
  await page.getByLabel('How the conditions of group 1 combine').selectOption('any');
  expect(await liveCount(page)).toBe(newLeads);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(page.getByText(`Segment “${name}” saved`)).toBeVisible();
  await page.reload();
  await expect(condition(page, 2).getByRole('combobox', { name: 'Campaign' })).toHaveValue(campaignName);
  await expect(page.getByLabel('How the conditions of group 1 combine')).toHaveValue('any');

  // The server refuses to delete it while the campaign goes to it, and says why.
  consoleErrors.allow(/status of 409/);
  await page.getByRole('button', { name: 'Delete segment' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete segment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The segment could not be deleted' })).toContainText(
    campaignName,
  );
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);

  // Staff see the segment and its count, and change nothing.
  await switchTo(page, 'employee');
  await page.goto(`/marketing/segments?segment=${segment.id}`);
  await expect(page.getByText('You can look, not change')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  expect(await liveCount(page)).toBe(newLeads);
  await expect(page.getByRole('button', { name: 'Save segment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete segment' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New segment' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await switchTo(page, 'manager');

  // Tidy up: the campaign first, then the segment.
  const origin = new URL(test.info().project.use.baseURL!).origin;
  expect(
    (
      await page.request.delete(`/api/v1/marketing/campaigns/${campaign.id}`, { headers: { Origin: origin } })
    ).status(),
  ).toBe(204);
  expect(
    (
      await page.request.delete(`/api/v1/marketing/segments/${segment.id}`, { headers: { Origin: origin } })
    ).status(),
  ).toBe(204);
});
