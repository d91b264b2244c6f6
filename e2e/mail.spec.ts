import nodemailer from 'nodemailer';
import type { Page } from '@playwright/test';
import { assignTask, postTo, signInTo } from './demo-api';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { startMailServer, type MailServer } from './mail-server';

// Mail that really goes out and comes in, on a server of its own (mail-server.ts): an email
// notification (issue 19), help desk mail both ways (issue 21), and an email campaign (issue 23).
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

test('a campaign with a button is previewed, tested and sent on schedule; a recipient’s click shows on its page', async ({
  browser,
}) => {
  // A minute of waiting for the schedule, then the sending: more than the slow default.
  test.setTimeout(300_000);
  const stamp = Date.now();
  const page = await pageOn(browser);
  await signInTo(page, mail.baseURL, 'manager');
  const me = (await (await page.request.get('/api/v1/me')).json()) as { user: { email: string } };

  // The audience: the demo's best-scored leads, in a segment of this test's own.
  const rules = { match: 'all', groups: [{ match: 'all', conditions: [{ field: 'score', from: 95 }] }] };
  const preview = (await (
    await postTo(page, mail.baseURL, '/api/v1/marketing/segments/preview', { rules })
  ).json()) as { count: number; leads: { id: string; email: string; firstName: string; lastName: string }[] };
  expect(preview.count).toBeGreaterThan(0);
  expect(preview.count).toBeLessThanOrEqual(preview.leads.length);
  // The lead who will click and then buy is not a customer yet (the demo has some who are).
  const buyer = preview.leads[0]!;
  const buyerBefore = (await (await page.request.get(`/api/v1/marketing/leads/${buyer.id}`)).json()) as {
    status: string;
    version: number;
  };
  if (buyerBefore.status === 'customer') {
    const reset = await page.request.patch(`${mail.baseURL}/api/v1/marketing/leads/${buyer.id}`, {
      data: { status: 'opportunity', version: buyerBefore.version },
      headers: { Origin: mail.baseURL },
    });
    expect(reset.status()).toBe(200);
  }
  const segment = await postTo(page, mail.baseURL, '/api/v1/marketing/segments', {
    name: `Best leads ${stamp}`,
    rules,
  });
  expect(segment.status()).toBe(201);
  const made = await postTo(page, mail.baseURL, '/api/v1/marketing/campaigns', {
    type: 'email',
    name: `Launch ${stamp}`,
    segmentIds: [((await segment.json()) as { id: string }).id],
  });
  expect(made.status()).toBe(201);
  const campaign = (await made.json()) as { id: string };

  // Compose: a subject that greets each lead by name, and a button.
  const subject = `Our launch ${stamp}`;
  const target = `${mail.baseURL}/?from=launch-${stamp}`;
  await page.goto(`/marketing/campaigns/${campaign.id}/edit`);
  await page.getByRole('textbox', { name: 'Subject' }).fill(`${subject}, {{ lead.first_name }}`);
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.getByRole('menuitem', { name: 'Button' }).click();
  await page.getByRole('textbox', { name: 'Button text' }).fill('See what is new');
  await page.getByRole('textbox', { name: 'Button link' }).fill(target);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(async () => {
      const saved = (await (await page.request.get(`/api/v1/marketing/campaigns/${campaign.id}`)).json()) as {
        content: { blocks: { type: string; href?: string }[] } | null;
      };
      return saved.content?.blocks.map((block) => [block.type, block.href]);
    })
    .toEqual([['button', target]]);

  // The preview shows the button, at both widths.
  await page.getByRole('tab', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Phone' }).click();
  await expect(
    page
      .frameLocator('iframe[title="Email preview, phone width"]')
      .getByRole('link', { name: 'See what is new' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Desktop' }).click();
  await expect(
    page
      .frameLocator('iframe[title="Email preview, desktop width"]')
      .getByRole('link', { name: 'See what is new' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A test to the manager's own address.
  await page.getByRole('button', { name: 'Send a test' }).click();
  await page.getByRole('dialog', { name: 'Send a test' }).getByRole('button', { name: 'Send test' }).click();
  await expect
    .poll(() => mailTo(me.user.email).filter((message) => message.subject?.includes(subject)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  await closeToasts(page);

  // Scheduled a minute or two ahead, in the workspace's time zone.
  const { timeZone } = (await (await page.request.get('/api/v1/workspace')).json()) as { timeZone: string };
  const startsAt = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
  const local = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(startsAt)
      .map((part) => [part.type, part.value]),
  );
  await page.goto(`/marketing/campaigns/${campaign.id}`);
  await page.getByRole('button', { name: 'Send…' }).click();
  const send = page.getByRole('dialog', { name: `Send “Launch ${stamp}”` });
  await send.getByRole('radio', { name: /Schedule for later/ }).check();
  await send.getByLabel('Date').fill(`${local.year}-${local.month}-${local.day}`);
  await send.getByLabel('Time').fill(`${local.hour}:${local.minute}`);
  await send.getByRole('button', { name: 'Schedule' }).click();
  await expect(send).toBeHidden();
  await expect(page.getByText(/Scheduled for/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The progress bar comes when the time does, and fills by itself.
  const progress = page.getByRole('progressbar', { name: 'Sending progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', String(preview.count), { timeout: 180_000 });
  await expect(progress).toHaveAttribute('aria-valuemax', String(preview.count));
  await expect(page.getByText(/Completed/).first()).toBeVisible();

  // One message for each lead of the segment, greeting them by name, with one-click unsubscribe.
  const campaignMail = () =>
    mail.received.filter(
      (message) =>
        message.subject?.startsWith(subject) && !JSON.stringify(message.to).includes(me.user.email),
    );
  await expect.poll(() => campaignMail().length, { timeout: 30_000 }).toBe(preview.count);
  const recipients = campaignMail().map(
    (message) => (message.to as { value: { address: string }[] }).value[0]!.address,
  );
  expect(new Set(recipients)).toEqual(new Set(preview.leads.map((lead) => lead.email)));
  const theirs = campaignMail().find((message) => JSON.stringify(message.to).includes(buyer.email))!;
  expect(theirs.subject).toBe(`${subject}, ${buyer.firstName}`);
  const header = (name: string) => theirs.headerLines.find((line) => line.key === name)?.line;
  expect(header('list-unsubscribe')).toMatch(/<https?:\/\/[^>]+\/m\/u\/[^>]+>,\s+<mailto:[^>]+>/);
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

  // The recipient follows the button: a tracked link that lands where the button says.
  const tracked = [...String(theirs.html).matchAll(/href="([^"]*\/m\/c\/[^"]+)"/g)].map((match) => match[1]!);
  expect(tracked).toHaveLength(1);
  const reader = await browser.newContext({
    // A person's browser: headless Chrome names itself and would be counted as a bot.
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });
  const inbox = await reader.newPage();
  // Hits in the first seconds after sending are taken for link scanners; a person's later click counts once.
  await expect
    .poll(
      async () => {
        await inbox.goto(tracked[0]!.replaceAll('&amp;', '&'));
        const results = (await (
          await page.request.get(`/api/v1/marketing/campaigns/${campaign.id}/results`)
        ).json()) as { funnel: { clicked: number } };
        return results.funnel.clicked;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(1);
  expect(inbox.url()).toBe(target);
  await reader.close();

  // The campaign's page shows the click on its link, after a reload too.
  await page.reload();
  const links = page.getByRole('region', { name: 'Clicks per link' });
  await expect(links.getByRole('row').filter({ hasText: target })).toContainText('1');
  await expectNoSeriousA11yViolations(page);

  // The reader buys: opened from the recipients, their lead becomes a customer worth $2,500, and the
  // campaign they clicked last earns it.
  await page.getByRole('link', { name: `${buyer.firstName} ${buyer.lastName}`, exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${buyer.firstName} ${buyer.lastName}` }),
  ).toBeVisible();
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Customer' });
  await page.getByLabel('Value (USD)').fill('2500');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const credit = page.getByText(/counts as revenue of/);
  await expect(credit).toContainText(`Launch ${stamp}`);
  await page.reload();
  await expect(credit).toContainText('$2,500');
  await expect(page.getByLabel('Stage', { exact: true })).toHaveValue('customer');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Back to the campaign' }).click();
  const figure = (label: string) =>
    page
      .locator('dl')
      .filter({ has: page.getByText(label, { exact: true }) })
      .getByRole('definition')
      .first();
  await expect(figure('Customers won')).toHaveText('1');
  await expect(figure('Revenue')).toHaveText('$2,500');
  await page.context().close();
});
