import { expect, test } from './fixtures';
import { postJson, signInAs, switchTo, uniqueEmail } from './sign-in';

test('an admin invites someone, who joins from the link in the outbox; the admin then changes their role', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers, a new account (a password hash) and a role change: on two busy cores it nears 30 s.
  test.slow();
  const email = uniqueEmail('newcomer');
  await signInAs(page, 'admin');
  await page.goto('/settings?tab=members');
  await expect(page.getByRole('tab', { name: 'Members', selected: true })).toBeVisible();

  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Role').selectOption({ label: 'Employee' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending invitations' })).toContainText(email);

  // No SMTP in this run: the mail waits in the outbox, with its link.
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await expect(page).toHaveURL('/settings?tab=outbox');
  const mail = page
    .getByRole('region', { name: 'Outbox' })
    .getByRole('listitem')
    .filter({ hasText: `To ${email}` });
  await expect(mail).toContainText('invited you to Acme Demo on Atrium');
  await mail.getByText(`To ${email}`).click();
  const link = await mail.getByRole('link', { name: /\/invite\// }).textContent();
  const invitePath = new URL(link ?? '').pathname;

  // The invited person, in a browser of their own.
  const theirContext = await browser.newContext({ baseURL });
  const theirPage = await theirContext.newPage();
  const theirErrors: string[] = [];
  theirPage.on('console', (message) => {
    if (message.type() === 'error') theirErrors.push(message.text());
  });
  await theirPage.goto(invitePath);
  await expect(theirPage.getByRole('heading', { level: 1, name: 'Join Acme Demo' })).toBeVisible();
  await expect(theirPage.getByText('as Employee')).toBeVisible();
  await expect(theirPage.getByLabel('Email address')).toHaveValue(email);
  await theirPage.getByLabel('Your name').fill('Nina Newcomer');
  await theirPage.getByLabel('Choose a password', { exact: true }).fill('a new long password');
  await theirPage.getByRole('button', { name: 'Join Acme Demo' }).click();
  await expect(theirPage).toHaveURL('/dashboard');
  await expect(theirPage.getByRole('heading', { level: 1, name: 'Welcome to Acme Demo' })).toBeVisible();
  await expect(theirPage.getByRole('button', { name: 'Profile' })).toContainText('Nina Newcomer');
  expect(theirErrors).toEqual([]);
  await theirContext.close();

  // The link is used up.
  await page.goto('/settings?tab=members');
  await expect(page.getByRole('region', { name: 'Pending invitations' })).not.toContainText(email);
  const row = page.getByRole('row', { name: /Nina Newcomer/ });
  await expect(row).toContainText(email);
  await row.getByRole('combobox', { name: 'Role of Nina Newcomer' }).selectOption({ label: 'Manager' });
  await expect(page.getByText('Nina Newcomer is now Manager')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Role of Nina Newcomer' })).toHaveValue('manager');
});

test('an admin deactivates and reactivates a member after confirming', async ({ page, browser, baseURL }) => {
  // A member of their own, so the demo logins other journeys use stay active.
  const email = uniqueEmail('temp');
  await signInAs(page, 'admin');
  const invited = await postJson(page, '/api/v1/members/invitations', { email, role: 'contractor' });
  expect(invited.status()).toBe(201);
  const { id } = (await invited.json()) as { id: string };
  const theirContext = await browser.newContext({ baseURL });
  const accepted = await theirContext.request.post(`/api/v1/invitations/${id}/accept`, {
    data: { name: 'Tess Temp', password: 'temporary password' },
    headers: { Origin: new URL(baseURL ?? '').origin },
  });
  expect(accepted.status()).toBe(200);
  await theirContext.close();

  await page.goto('/settings?tab=members');
  const row = page.getByRole('row', { name: /Tess Temp/ });
  await row.getByRole('button', { name: 'Deactivate Tess Temp' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deactivate Tess Temp?' });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Deactivated');
  await row.getByRole('button', { name: 'Reactivate Tess Temp' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reactivate' }).click();
  await expect(row).toContainText('Active');
});

test('your own row is read-only, and members who are not admins see only their own settings', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/settings?tab=members');
  const ownRow = page.getByRole('row', { name: /You/ });
  await expect(ownRow).toContainText('admin@acme.test');
  await expect(ownRow.getByRole('combobox')).toHaveCount(0);
  await expect(ownRow.getByRole('button')).toHaveCount(0);

  await switchTo(page, 'manager');
  await page.goto('/settings?tab=members');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  // Asked for the members tab, they get their own first tab: the workspace's tabs are not theirs.
  const tabs = page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  for (const name of ['Workspace', 'Members', 'Outbox', 'Background jobs']) {
    await expect(page.getByRole('tab', { name })).toHaveCount(0);
  }
  expect((await page.request.get('/api/v1/members/invitations')).status()).toBe(403);
});

test('workspace settings validate with the shared schema and save', async ({ page }) => {
  // A workspace of its own: the scheduling journeys running alongside count hours with the demo's break.
  const signedUp = await postJson(page, '/api/v1/auth/signup', {
    name: 'Ada Admin',
    email: uniqueEmail('settings-break'),
    password: 'correct horse battery',
    companyName: 'Break Co',
  });
  expect(signedUp.status()).toBe(201);
  await page.goto('/settings');
  const breakField = page.getByLabel('Break (minutes)');
  await breakField.fill('600');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(breakField).toHaveAccessibleDescription('At most 240 minutes');

  await breakField.fill('45');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Workspace settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Break (minutes)')).toHaveValue('45');
});

test("unsaved settings survive another admin's save arriving live, and then save over it", async ({
  page,
  browser,
  baseURL,
}) => {
  // A workspace of its own: the demo one is read by the other journeys running alongside.
  const email = uniqueEmail('settings');
  const password = 'correct horse battery';
  const signedUp = await postJson(page, '/api/v1/auth/signup', {
    name: 'Ada Admin',
    email,
    password,
    companyName: 'Concurrent Co',
  });
  expect(signedUp.status()).toBe(201);
  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/events' && response.status() === 200,
  );
  await page.goto('/settings');
  const nameField = page.getByLabel('Workspace name');
  await expect(nameField).toHaveValue('Concurrent Co');
  await streamOpened;
  await nameField.fill('Concurrent Company');

  // The same admin, signed in in another browser, saves another field.
  const theirContext = await browser.newContext({ baseURL });
  const theirPage = await theirContext.newPage();
  expect((await postJson(theirPage, '/api/v1/auth/login', { email, password })).status()).toBe(200);
  const current = (await (await theirPage.request.get('/api/v1/workspace')).json()) as Record<
    string,
    unknown
  >;
  const saved = await theirPage.request.patch('/api/v1/workspace', {
    data: {
      name: current.name,
      timeZone: current.timeZone,
      weekStart: current.weekStart,
      workdayStart: current.workdayStart,
      workdayEnd: current.workdayEnd,
      breakMinutes: 45,
      weeklyHours: current.weeklyHours,
      version: current.version,
    },
    headers: { Origin: new URL(baseURL ?? '').origin },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await theirContext.close();

  // Their change shows up; the unsaved name stays, still to be saved.
  await expect(page.getByLabel('Break (minutes)')).toHaveValue('45');
  await expect(nameField).toHaveValue('Concurrent Company');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Workspace settings saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await page.reload();
  await expect(nameField).toHaveValue('Concurrent Company');
  await expect(page.getByLabel('Break (minutes)')).toHaveValue('45');

  await nameField.fill('Not this one');
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(nameField).toHaveValue('Concurrent Company');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
});
