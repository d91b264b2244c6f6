import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signInAs } from './sign-in';

test('a token made in Settings calls the API until it is revoked there', async ({ page, request }) => {
  // A dialog, API calls with the token and an axe run: near the default 30 s on two busy cores.
  test.slow();
  const name = `Journey token ${Date.now()}`;
  await signInAs(page, 'admin');
  await page.goto('/settings?tab=api-tokens');
  const panel = page.getByRole('region', { name: 'API tokens' });
  await expect(panel.getByRole('button', { name: 'New token' })).toBeVisible();

  await panel.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API token' });
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('Give the token a name')).toBeVisible();
  await expect(dialog.getByText('Choose at least one permission')).toBeVisible();

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('checkbox', { name: 'People: view', exact: true }).check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your new token' });
  await expect(shown.getByText('it is shown only this once')).toBeVisible();
  const token = await shown.getByRole('textbox', { name: 'Your new API token' }).inputValue();
  expect(token).toMatch(/^atr_/);
  await expectNoSeriousA11yViolations(page);
  await shown.getByRole('button', { name: 'Done' }).click();

  // A script's call: no cookie, no Origin, only the token.
  const bearer = { Authorization: `Bearer ${token}` };
  expect((await request.get('/api/v1/employees', { headers: bearer })).status()).toBe(200);
  expect((await request.get('/api/v1/projects', { headers: bearer })).status()).toBe(403);

  const row = panel.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('People: view');
  await expect(row).toContainText(token.slice(0, 10));
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText(`“${name}” is revoked`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await closeToasts(page);

  const refused = await request.get('/api/v1/employees', { headers: bearer });
  expect(refused.status()).toBe(401);
});
