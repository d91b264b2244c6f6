import type { MarketingSettings } from '@atrium/shared';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signInAs, switchTo, uniqueEmail } from './sign-in';

// Marketing > Suppression list and Settings > Marketing (issue 23). The demo workspace is shared by
// every spec of a run: the journey suppresses an address of its own, and puts the workspace's
// marketing settings back as it found them.

test.describe.configure({ timeout: 120_000 });

const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

test('a manager suppresses an address, finds it, and releases it after a confirmation', async ({
  page,
  consoleErrors,
}) => {
  // Suppressing the address a second time is refused on purpose (409).
  consoleErrors.allow(/status of 409/);
  await signInAs(page, 'manager');
  const email = uniqueEmail('suppressed');

  await page.goto('/marketing/suppressions');
  await expect(page.getByRole('heading', { level: 1, name: 'Suppression list' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The shared schema speaks first, inline.
  await page.getByRole('button', { name: 'Suppress an address' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Suppress an address' });
  await dialog.getByLabel('Email address').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Suppress address' }).click();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await expect(dialog.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  // Upper case in, lower case kept.
  await dialog.getByLabel('Email address').fill(email.toUpperCase());
  await dialog.getByLabel('Note (optional)').fill('Asked by phone not to get the newsletter');
  await dialog.getByRole('button', { name: 'Suppress address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${email} is suppressed`)).toBeVisible();
  await closeToasts(page);

  const list = page.getByRole('list', { name: 'Suppressed addresses' });
  const row = list.getByRole('listitem').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Suppressed by hand');
  await expect(row).toContainText('Asked by phone not to get the newsletter');

  // The same address again: the server's answer lands at the field.
  await page.getByRole('button', { name: 'Suppress an address' }).first().click();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Suppress address' }).click();
  await expect(dialog.getByText('This address is already suppressed')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Search by part of the address; the search lives in the address, so a reload keeps it.
  const local = email.split('@')[0]!;
  await page.getByRole('searchbox', { name: 'Search suppressed addresses' }).fill(local);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${local}`));
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search suppressed addresses' })).toHaveValue(local);
  await expect(list.getByRole('listitem').filter({ hasText: email })).toBeVisible();
  // The reason narrows the list: by hand it is there, as an unsubscribe it is not.
  const reason = page.getByRole('combobox', { name: 'Reason' });
  await reason.selectOption({ label: 'Unsubscribed' });
  await expect(page.getByText('No suppressed address matches')).toBeVisible();
  await reason.selectOption({ label: 'Suppressed by hand' });
  await expect(list.getByRole('listitem').filter({ hasText: email })).toBeVisible();
  await expect(page).toHaveURL(/[?&]reason=manual/);
  await expectNoSeriousA11yViolations(page);

  // Release: the confirmation says what it means, Cancel keeps it.
  await row.getByRole('button', { name: `Release ${email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Release ${email}?` });
  await expect(confirm).toContainText('will receive campaigns again');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Release ${email}` }).click();
  await confirm.getByRole('button', { name: 'Release address' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`${email} is released`)).toBeVisible();
  await expect(page.getByText('No suppressed address matches')).toBeVisible();
  await closeToasts(page);
  await page.reload();
  await expect(page.getByText('No suppressed address matches')).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
});

test('members who may only read the list see no way to change it', async ({ page }) => {
  await signInAs(page, 'manager');
  const email = uniqueEmail('read-only');
  const made = await page.request.post('/api/v1/marketing/suppressions', {
    data: { email },
    headers: { Origin: origin() },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };

  await switchTo(page, 'employee');
  await page.goto(`/marketing/suppressions?q=${encodeURIComponent(email)}`);
  const row = page.getByRole('list', { name: 'Suppressed addresses' }).getByRole('listitem');
  await expect(row.filter({ hasText: email })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suppress an address' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Release/ })).toHaveCount(0);

  await switchTo(page, 'manager');
  const released = await page.request.delete(`/api/v1/marketing/suppressions/${id}`, {
    headers: { Origin: origin() },
  });
  expect(released.status()).toBe(204);
});

test('a manager changes the sending rate and tracking in Settings, and they persist', async ({ page }) => {
  await signInAs(page, 'manager');
  const readSettings = async () => {
    const response = await page.request.get('/api/v1/marketing/settings');
    expect(response.status()).toBe(200);
    return (await response.json()) as MarketingSettings;
  };
  const original = await readSettings();
  const rate = original.sendRatePerSecond === 37 ? 38 : 37;

  try {
    await page.goto('/settings?tab=marketing');
    const panel = page.getByRole('region', { name: 'Marketing', exact: true });
    await expect(panel.getByRole('group', { name: 'Sending rate' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await panel.getByRole('radio', { name: /Limit the rate/ }).check();
    // Out of range: the shared schema's words, at the field.
    await panel.getByRole('spinbutton', { name: 'Messages a second' }).fill('0');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect(panel.getByText('Enter between 1 and 10,000')).toBeVisible();

    await panel.getByRole('spinbutton', { name: 'Messages a second' }).fill(String(rate));
    const tracking = original.trackPeople ? /Counts only/ : /Per person/;
    await panel.getByRole('radio', { name: tracking }).check();
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect(panel.getByRole('status').getByText('Saved')).toBeVisible();

    await page.reload();
    await expect(panel.getByRole('spinbutton', { name: 'Messages a second' })).toHaveValue(String(rate));
    await expect(panel.getByRole('radio', { name: tracking })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    const saved = await readSettings();
    expect(saved.sendRatePerSecond).toBe(rate);
    expect(saved.trackPeople).toBe(!original.trackPeople);
  } finally {
    // Back as it was, so other journeys find the workspace's own settings.
    const current = await readSettings();
    const restored = await page.request.put('/api/v1/marketing/settings', {
      data: {
        sendRatePerSecond: original.sendRatePerSecond,
        trackPeople: original.trackPeople,
        version: current.version,
      },
      headers: { Origin: origin() },
    });
    expect(restored.status()).toBe(200);
    const after = await readSettings();
    expect({ rate: after.sendRatePerSecond, trackPeople: after.trackPeople }).toEqual({
      rate: original.sendRatePerSecond,
      trackPeople: original.trackPeople,
    });
  }
});
