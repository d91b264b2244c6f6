import type { LeadDetails, SegmentLeadPage } from '@atrium/shared';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signInAs } from './sign-in';

// Marketing > a lead (issue 23): its stage and value, which decide the revenue of the campaign it
// last clicked. There is no API to make leads, so the journey takes one of the demo workspace's
// that is not a customer; the campaign credit itself is journeyed with real mail (mail.spec.ts).

test.describe.configure({ timeout: 120_000 });

test('a manager makes a lead a customer with a value and a past date, and it persists', async ({ page }) => {
  await signInAs(page, 'manager');
  const search = await page.request.get('/api/v1/marketing/leads?limit=100');
  expect(search.status()).toBe(200);
  const candidates = ((await search.json()) as SegmentLeadPage).data.filter(
    (lead) => lead.status !== 'customer' && lead.status !== 'lost',
  );
  const lead = candidates[Math.floor(Math.random() * candidates.length)]!;
  const name = `${lead.firstName} ${lead.lastName}`;

  await page.goto(`/marketing/leads/${lead.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Not a customer yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Bad input is refused where it was typed, and nothing is lost.
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Customer' });
  await page.getByLabel('Value (USD)').fill('-5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The value cannot be negative')).toBeVisible();
  await expect(page.getByLabel('Value (USD)')).toHaveAttribute('aria-invalid', 'true');
  const nextYear = new Date().getFullYear() + 1;
  await page.getByLabel('Value (USD)').fill('1250.50');
  await page.getByLabel('Date', { exact: true }).fill(`${nextYear}-01-15`);
  await page.getByLabel('Time', { exact: true }).fill('10:00');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Enter a time that has passed')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const lastYear = new Date().getFullYear() - 1;
  await page.getByLabel('Date', { exact: true }).fill(`${lastYear}-06-01`);
  await page.getByLabel('Time', { exact: true }).fill('09:30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`${name} was saved`)).toBeVisible();
  await closeToasts(page);

  // Read back after a reload and through the API.
  await page.reload();
  await expect(page.getByLabel('Stage', { exact: true })).toHaveValue('customer');
  await expect(page.getByLabel('Value (USD)')).toHaveValue('1250.5');
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(`${lastYear}-06-01`);
  await expect(page.getByLabel('Time', { exact: true })).toHaveValue('09:30');
  const saved = (await (await page.request.get(`/api/v1/marketing/leads/${lead.id}`)).json()) as LeadDetails;
  expect(saved).toMatchObject({ status: 'customer', value: 1250.5 });
  expect(saved.convertedAt?.startsWith(`${lastYear}-06-01`)).toBe(true);

  // Back to a qualified lead: the date goes, the value stays.
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Qualified' });
  await expect(page.getByLabel('Date', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`${name} was saved`)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Stage', { exact: true })).toHaveValue('qualified');
  await expect(page.getByLabel('Value (USD)')).toHaveValue('1250.5');
  await expect(page.getByText('Not a customer yet')).toBeVisible();
});

test('a lead that does not exist says so', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404/);
  await signInAs(page, 'manager');
  await page.goto(`/marketing/leads/${crypto.randomUUID()}`);
  await expect(page.getByText('Lead not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the segments' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an employee sees a lead’s stage and value but cannot change them', async ({ page }) => {
  await signInAs(page, 'employee');
  const search = await page.request.get('/api/v1/marketing/leads?limit=1');
  const lead = ((await search.json()) as SegmentLeadPage).data[0]!;
  await page.goto(`/marketing/leads/${lead.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Stage and value' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByText('Became a customer')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
