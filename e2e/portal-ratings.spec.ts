import type { Me, PortalTicket, TicketDetails } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs, switchTo, uniqueEmail } from './sign-in';

// Satisfaction (issue 22): an agent resolves the demo customer's ticket, the customer rates it in the
// portal, the agent sees the rating on the ticket and the overview counts it. An emailed link (read
// from the outbox: no mail server in this run) opens the rating page without signing in. The demo
// workspace is shared by every spec of a run: each journey makes its own tickets.

test.describe.configure({ timeout: 180_000 });

const uniqueSubject = (prefix: string) => `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The agent resolves the ticket from its side panel. */
async function resolveOnTicketPage(page: Page, ticketId: string) {
  await page.goto(`/helpdesk/tickets/${ticketId}`);
  const panel = page.getByRole('complementary', { name: 'Details' });
  await panel.getByLabel('Status').selectOption({ label: 'Resolved' });
  await expect(panel.getByText('Saved')).toBeVisible();
}

test('an agent resolves the demo customer’s ticket, the customer rates it in the portal, the agent sees the rating', async ({
  page,
}) => {
  test.slow();
  const subject = uniqueSubject('Invoice total looks wrong');
  await signInAs(page, 'customer');
  const opened = await postJson(page, '/api/v1/portal/tickets', {
    subject,
    description: 'The March invoice adds up to more than the lines.',
  });
  expect(opened.status()).toBe(201);
  const ticket = (await opened.json()) as PortalTicket;

  // The manager takes it, so the overview counts the rating toward them.
  await switchTo(page, 'manager');
  const { employeeId } = (await (await page.request.get('/api/v1/me')).json()) as Me;
  const { version } = (await (
    await page.request.get(`/api/v1/helpdesk/tickets/${ticket.id}`)
  ).json()) as TicketDetails;
  const taken = await page.request.patch(`/api/v1/helpdesk/tickets/${ticket.id}`, {
    data: { assigneeId: employeeId, version },
    headers: { Origin: new URL(test.info().project.use.baseURL ?? '').origin },
  });
  expect(taken.status()).toBe(200);
  await resolveOnTicketPage(page, ticket.id);

  await switchTo(page, 'customer');
  await page.goto(`/helpdesk/portal/tickets/${ticket.id}`);
  const rating = page.getByRole('region', { name: 'Rate this ticket' });
  await expect(rating.getByRole('group', { name: 'Your score' })).toBeVisible();
  // The shared schema speaks first, inline.
  await rating.getByRole('button', { name: 'Send rating' }).click();
  await expect(rating.getByText('Choose a score from 1 to 5')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'portal-rating-desktop');
  await page.setViewportSize(phone);
  await screenshot(page, 'portal-rating-phone');
  await page.setViewportSize(desktop);

  // Keyboard: the scores are one radio group.
  await rating.getByRole('radio', { name: /^4/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(rating.getByRole('radio', { name: /^5/ })).toBeChecked();
  await rating.getByLabel('Comment (optional)').fill('Sorted out within the hour, thank you!');
  await rating.getByRole('button', { name: 'Send rating' }).click();
  const answered = page.getByRole('region', { name: 'Your rating' });
  await expect(answered.getByText('5 of 5 · Very satisfied')).toBeVisible();
  await expect(answered.getByText('Sorted out within the hour, thank you!')).toBeVisible();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);

  await switchTo(page, 'manager');
  await page.goto(`/helpdesk/tickets/${ticket.id}`);
  const panel = page.getByRole('complementary', { name: 'Details' });
  await expect(panel.getByText('Satisfaction')).toBeVisible();
  await expect(panel.getByText('5 of 5 · Very satisfied')).toBeVisible();
  await expect(panel.getByText('Sorted out within the hour, thank you!')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Invite to the portal' })).toBeVisible();
  await screenshot(page, 'ticket-rating-desktop');

  await page.goto('/helpdesk?days=7');
  const csat = page.getByRole('region', { name: 'Customer satisfaction' });
  await expect(csat.getByText(/^\d+%$/).first()).toBeVisible();
  await expect(csat.getByRole('table', { name: 'Satisfaction per agent' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await csat.scrollIntoViewIfNeeded();
  await screenshot(page, 'overview-csat-desktop');
  await page.setViewportSize(phone);
  await screenshot(page, 'overview-csat-phone');
});

test('the emailed link opens the rating page without signing in, with the chosen score, and takes one answer', async ({
  page,
  browser,
}) => {
  test.slow();
  const subject = uniqueSubject('Password reset mail never came');
  const email = uniqueEmail('rater');
  await signInAs(page, 'admin');
  const created = await postJson(page, '/api/v1/helpdesk/tickets', {
    subject,
    description: 'I asked three times.',
    customerName: 'Riley Rater',
    customerEmail: email,
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as TicketDetails;
  await resolveOnTicketPage(page, ticket.id);

  // No mail server in this run: the mail waits in the outbox, with its links.
  const outbox = (await (await page.request.get('/api/v1/mail/outbox')).json()) as {
    data: { to: string; subject: string; text: string }[];
  };
  const mail = outbox.data.find((m) => m.to === email && m.subject.startsWith('How did we do?'));
  expect(mail?.subject).toBe(`How did we do? #${ticket.number} ${subject}`);
  const link = new URL(/https?:\/\/\S+\/rate\/\S+\?score=4/.exec(mail!.text)![0]);

  // Another browser, signed in nowhere.
  const visitorContext = await browser.newContext({ viewport: desktop });
  const visitor = await visitorContext.newPage();
  await visitor.goto(link.pathname + link.search);
  await expect(visitor.getByRole('heading', { level: 1, name: 'How did we do?' })).toBeVisible();
  await expect(visitor.getByText(subject)).toBeVisible();
  await expect(visitor.getByRole('radio', { name: /^4/ })).toBeChecked();
  await expectNoSeriousA11yViolations(visitor);
  await screenshot(visitor, 'rating-page-desktop');
  await visitor.setViewportSize(phone);
  await screenshot(visitor, 'rating-page-phone');
  await visitor.getByLabel('Comment (optional)').fill('Fixed, but it took a while.');
  await visitor.getByRole('button', { name: 'Send rating' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();

  // The link is used up; an altered one is not valid.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Already rated' })).toBeVisible();
  await visitor.goto(link.pathname.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')));
  await expect(visitor.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  await visitorContext.close();

  await page.goto(`/helpdesk/tickets/${ticket.id}`);
  const panel = page.getByRole('complementary', { name: 'Details' });
  await expect(panel.getByText('4 of 5 · Satisfied')).toBeVisible();
});

test('an agent invites a customer from the customer list; a visitor finds sign-up closed where the workspace does not take it', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail('invitee');
  await signInAs(page, 'manager');
  await page.goto('/helpdesk/tickets');
  await page.getByRole('button', { name: 'Customers' }).click();
  const list = page.getByRole('dialog', { name: 'Customers' });
  await expect(
    list.getByRole('list', { name: 'Customers' }).or(list.getByText('No customer accounts yet')),
  ).toBeVisible();
  await list.getByRole('button', { name: 'Invite customer' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite to the customer portal' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Enter your name')).toBeVisible();
  await invite.getByLabel('Name').fill('Ivy Invitee');
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toHaveCount(0);
  await closeToasts(page);
  await list.getByLabel('Search customers').fill(email);
  const row = list.getByRole('listitem').filter({ hasText: email });
  await expect(row.getByText('Invited')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'customer-list-desktop');
  await page.setViewportSize(phone);
  await screenshot(page, 'customer-list-phone');

  // The demo workspace does not take sign-ups: the form says so once it is sent.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.setViewportSize(desktop);
  await page.goto('/portal/sign-up/acme-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your customer account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'sign-up-desktop');
  await page.setViewportSize(phone);
  await screenshot(page, 'sign-up-phone');
  await page.getByLabel('Your name').fill('Sam Self');
  await page.getByLabel('Email address').fill(uniqueEmail('self'));
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  consoleErrors.allow(/404/);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-up is not open' })).toBeVisible();
});
