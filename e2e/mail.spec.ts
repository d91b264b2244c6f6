import nodemailer from 'nodemailer';
import type { Page } from '@playwright/test';
import { assignTask, signInTo } from './demo-api';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { startMailServer, type MailServer } from './mail-server';

// Mail that really goes out and comes in, on a server of its own (mail-server.ts): an email
// notification (issue 19), and help desk mail both ways (issue 21).
let mail: MailServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mail = await startMailServer();
});
test.afterAll(async () => {
  await mail?.stop();
});

const mailTo = (address: string) =>
  mail.received.filter((message) => JSON.stringify(message.to).includes(address));

async function pageOn(browser: import('@playwright/test').Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: mail.baseURL });
  return context.newPage();
}

test('an email notification arrives at a real SMTP listener when the member chose email', async ({
  browser,
}) => {
  // A batched email job on a server of its own: more than the default 30 s on two busy cores.
  test.slow();
  const page = await pageOn(browser);
  await signInTo(page, mail.baseURL, 'employee');
  const me = (await (await page.request.get('/api/v1/me')).json()) as {
    employeeId: string;
    user: { email: string };
  };

  // Settings -> Notifications: tasks assigned by email only.
  await page.goto('/settings?tab=notifications');
  const panel = page.getByRole('region', { name: 'Notifications' });
  const assigned = panel.getByRole('group', { name: 'A task is assigned to you' });
  await assigned.getByText('Email', { exact: true }).click();
  await panel.getByRole('button', { name: 'Save changes' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved');
  await expectNoSeriousA11yViolations(page);
  await closeToasts(page);
  await page.reload();
  await expect(assigned.getByRole('radio', { name: 'Email' })).toBeChecked();

  const title = `Mailed task ${Date.now()}`;
  await assignTask(page, mail.baseURL, me.employeeId, title);
  await expect.poll(() => mailTo(me.user.email).length, { timeout: 30_000 }).toBe(1);
  const [message] = mailTo(me.user.email);
  expect(message!.text).toContain(`assigned you '${title}'`);
  expect(message!.text).toMatch(new RegExp(`${mail.baseURL}/projects/kanban\\?projectId=[0-9a-f-]+&task=`));
  await page.context().close();
});

test('a customer’s email becomes a ticket; the reply reaches them by email, the internal note never does', async ({
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const customer = `grace-${stamp}@customer.test`;
  const subject = `Printer on fire ${stamp}`;
  const note = `Secret: the printer is from the recalled batch ${stamp}`;

  // The customer writes to the demo workspace's address, through the built-in receiver.
  await nodemailer
    .createTransport({ host: '127.0.0.1', port: mail.inboundPort, secure: false, ignoreTLS: true })
    .sendMail({
      from: `"Grace Hopper" <${customer}>`,
      to: `acme-demo@${mail.inboundDomain}`,
      subject,
      text: 'Our office printer is on fire. Please advise.',
      messageId: `<first-${stamp}@customer.test>`,
    });

  const page = await pageOn(browser);
  await signInTo(page, mail.baseURL, 'manager');
  await page.goto(`/helpdesk/tickets?view=all&q=${encodeURIComponent(subject)}`);
  const link = page.getByRole('link', { name: subject });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);
  await link.first().click();
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByRole('article', { name: 'Customer from Grace Hopper' })).toContainText(
    'Our office printer is on fire.',
  );
  await expect(conversation.getByText('By email')).toBeVisible();

  // Gold SLA: the clocks start counting business hours.
  const details = page.getByRole('complementary', { name: 'Details' });
  await details.getByLabel('SLA tier', { exact: true }).selectOption('Gold');
  const clocks = details.getByRole('list', { name: 'SLA clocks' });
  await expect(clocks.getByRole('listitem').filter({ hasText: 'Resolution' })).toContainText(
    /Running|Breached/,
  );

  // An internal note, then the reply, setting the ticket pending with it.
  await page.getByRole('button', { name: 'Internal note', exact: true }).click();
  await page.getByRole('textbox', { name: 'Internal note' }).fill(note);
  await page.getByRole('textbox', { name: 'Internal note' }).press('Control+Enter');
  await expect(conversation.getByRole('article', { name: /^Internal note from/ })).toContainText(note);
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await page
    .getByRole('textbox', { name: 'Reply to Grace Hopper' })
    .fill('Please step away from the printer.');
  await page.getByLabel('Attach files').setInputFiles({
    name: 'safety-steps.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('1. Unplug it. 2. Call the fire brigade.'),
  });
  await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('safety-steps.txt39 B');
  await page.getByRole('combobox', { name: 'Then set status' }).selectOption('pending');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent; the ticket is now Pending')).toBeVisible();
  // Waiting on the customer: the resolution clock stands still; the reply met the first response.
  await expect(clocks.getByRole('listitem').filter({ hasText: 'Resolution' })).toContainText('Paused');
  await expect(clocks.getByRole('listitem').filter({ hasText: 'First response' })).toContainText('Met');

  // The reply went out as threaded mail, without the note.
  await expect.poll(() => mailTo(customer).length, { timeout: 30_000 }).toBe(1);
  const [reply] = mailTo(customer);
  expect(reply!.subject).toMatch(new RegExp(`^\\[#\\d+\\] ${subject}$`));
  expect(reply!.inReplyTo).toBe(`<first-${stamp}@customer.test>`);
  expect(reply!.replyTo?.value[0]?.address).toBe(`acme-demo@${mail.inboundDomain}`);
  expect(reply!.text).toContain('Please step away from the printer.');
  expect(reply!.text).not.toContain(note);
  expect(reply!.attachments.map((file) => [file.filename, file.content.toString()])).toEqual([
    ['safety-steps.txt', '1. Unplug it. 2. Call the fire brigade.'],
  ]);

  // Kept: after a reload the conversation and the emailed state are what the server holds.
  await page.reload();
  const reloaded = page.getByRole('list', { name: 'Conversation' });
  await expect(reloaded.getByRole('article')).toHaveCount(3);
  await expect(reloaded.getByRole('article', { name: /^Reply from/ })).toContainText('Emailed');
  await expect(
    reloaded.getByRole('article', { name: /^Reply from/ }).getByRole('link', { name: /safety-steps\.txt/ }),
  ).toBeVisible();
  await expect(clocks.getByRole('listitem').filter({ hasText: 'Resolution' })).toContainText('Paused');
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});
