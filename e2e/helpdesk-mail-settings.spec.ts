import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signInAs } from './sign-in';

// Settings -> Help desk, incoming mail (issue 21): the workspace's inbound address, the mail that
// arrived (a failed one kept, to download and try again), and an IMAP mailbox connected, checked
// and disconnected.

test.describe.configure({ timeout: 120_000 });

const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

test('an admin finds the inbound address and a failed mail, and connects, checks and disconnects a mailbox', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  // A mail no one could read, posted as a provider's webhook would.
  const junk = `not a mail at all ${Date.now()}`;
  const posted = await page.request.post('/api/v1/helpdesk/inbound-mail', {
    data: junk,
    headers: { Origin: origin(), 'Content-Type': 'message/rfc822' },
  });
  expect(posted.status()).toBe(201);

  await page.goto('/settings?tab=helpdesk');
  const mail = page.getByRole('region', { name: 'Incoming mail' });
  await expect(mail.getByRole('textbox', { name: 'Inbound address' })).toHaveValue(/^acme-demo@/);
  await mail.getByRole('button', { name: 'Failed', exact: true }).click();
  const failed = mail.getByRole('listitem').filter({ hasText: 'Could not be read' }).first();
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('link', { name: /Download/ })).toHaveAttribute('href', /\/raw$/);
  await expectNoSeriousA11yViolations(page);
  await failed.getByRole('button', { name: /Try again/ }).click();
  await expect(page.getByText('The mail failed again')).toBeVisible();
  await closeToasts(page);

  // A mailbox on a port nothing listens on: checking it says what went wrong, and keeps saying so.
  const mailboxes = page.getByRole('region', { name: 'Mailboxes' });
  const user = `support-${Date.now()}`;
  await mailboxes.getByRole('button', { name: 'Connect mailbox' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a mailbox' });
  await dialog.getByRole('button', { name: 'Connect mailbox' }).click();
  await expect(dialog.getByText('Enter the IMAP server, e.g. imap.example.com')).toBeVisible();
  await expect(dialog.getByText('Enter the password')).toBeVisible();
  await dialog.getByLabel('IMAP server').fill('127.0.0.1');
  await dialog.getByLabel('Connect with TLS (recommended)').uncheck();
  await expect(dialog.getByLabel('Port')).toHaveValue('143');
  await dialog.getByLabel('Port').fill('1');
  await dialog.getByLabel('User name').fill(user);
  await dialog.getByLabel('Password').fill('not-the-password');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Connect mailbox' }).click();
  await expect(dialog).toBeHidden();
  const row = mailboxes.getByRole('listitem').filter({ hasText: user });
  await expect(row).toContainText('not checked yet');
  await row.getByRole('button', { name: /Check now/ }).click();
  await expect(row).toContainText('Last check failed');
  await closeToasts(page);
  await page.reload();
  await expect(mailboxes.getByRole('listitem').filter({ hasText: user })).toContainText('Last check failed');

  await mailboxes
    .getByRole('listitem')
    .filter({ hasText: user })
    .getByRole('button', { name: /Disconnect/ })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(mailboxes.getByRole('listitem').filter({ hasText: user })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Mailboxes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mailboxes' }).getByText(user)).toHaveCount(0);
});
