import type { SlaPolicyList, TicketDetails } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { closeToasts, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { postJson, signInAs } from './sign-in';

// Help Desk > SLA Management (issue 21): a Manager edits a tier's policy and a business calendar,
// both kept after a reload; the ticket page shows the SLA clocks standing still while the ticket is
// pending. The demo workspace is shared by every spec of a run: the journey makes a calendar of its
// own, and puts the policy it edits back.

test.describe.configure({ timeout: 180_000 });

const uniqueName = (prefix: string) => `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

async function silverPolicy(page: Page) {
  const list = (await (await page.request.get('/api/v1/helpdesk/sla/policies')).json()) as SlaPolicyList;
  return list.data.find((policy) => policy.tier === 'Silver')!;
}

const policyRow = (page: Page, tier: string) =>
  page.getByRole('region', { name: 'Policies by tier' }).getByRole('row').filter({ hasText: tier });

test('a Manager edits a policy and a calendar on the SLA page, and a pending ticket’s clocks stand still', async ({
  page,
}) => {
  test.slow();
  await signInAs(page, 'manager');
  const before = await silverPolicy(page);
  const target = before.firstResponseHours === 10 ? 11 : 10;
  const calendarName = uniqueName('Weekend desk');

  try {
    await page.goto('/helpdesk/sla');
    await expect(page.getByRole('heading', { level: 1, name: 'SLA Management' })).toBeVisible();
    await expect(policyRow(page, 'Platinum')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Compliance' })).toBeVisible();
    await expect(page.getByText('Met by tier')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The policy: the shared schema speaks inline before anything is sent.
    await page.getByRole('button', { name: 'Edit Silver policy' }).click();
    const policyDialog = page.getByRole('dialog', { name: 'Silver policy' });
    await policyDialog.getByLabel('First response (business hours)').fill('0');
    await policyDialog.getByRole('button', { name: 'Save policy' }).click();
    await expect(policyDialog.getByText('At least 1 hour')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await policyDialog.getByLabel('First response (business hours)').fill(String(target));
    await policyDialog.getByRole('button', { name: 'Save policy' }).click();
    await expect(policyDialog).toBeHidden();
    await expect(policyRow(page, 'Silver')).toContainText(`${target} business h`);
    await closeToasts(page);

    // A calendar: open on Saturday mornings too, with a day off and Germany's public holidays.
    await page.getByRole('button', { name: 'New calendar' }).click();
    const calendarDialog = page.getByRole('dialog', { name: 'New calendar' });
    await calendarDialog.getByRole('button', { name: 'Create calendar' }).click();
    await expect(calendarDialog.getByText('Enter a name')).toBeVisible();
    await calendarDialog.getByLabel('Name').fill(calendarName);
    await calendarDialog.getByRole('button', { name: 'Add hours on Saturday' }).click();
    await calendarDialog.getByLabel('Saturday period 1 closes').fill('12:00');
    await calendarDialog.getByLabel('A day off').fill('2030-12-24');
    await calendarDialog.getByRole('button', { name: 'Add day off' }).click();
    await calendarDialog.getByLabel('Public holidays of').fill('de');
    await expectNoSeriousA11yViolations(page);
    await calendarDialog.getByRole('button', { name: 'Create calendar' }).click();
    await expect(calendarDialog).toBeHidden();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: calendarName }) });
    await expect(card).toContainText('Sat 09:00–12:00');
    await expect(card).toContainText('1 day and public holidays of DE');
    await closeToasts(page);

    // Edited: a second period on Saturday afternoons.
    await card.getByRole('button', { name: `Edit ${calendarName}` }).click();
    const editDialog = page.getByRole('dialog', { name: `Edit ${calendarName}` });
    await editDialog.getByRole('button', { name: 'Add hours on Saturday' }).click();
    await editDialog.getByLabel('Saturday period 2 opens').fill('13:00');
    await editDialog.getByLabel('Saturday period 2 closes').fill('15:00');
    await editDialog.getByRole('button', { name: 'Save calendar' }).click();
    await expect(editDialog).toBeHidden();

    await page.reload();
    await expect(policyRow(page, 'Silver')).toContainText(`${target} business h`);
    await expect(card).toContainText('Sat 09:00–12:00, 13:00–15:00');

    // The ticket page: the clocks run, and stand still once the ticket is pending.
    const response = await postJson(page, '/api/v1/helpdesk/tickets', {
      subject: uniqueName('Clock check'),
      description: 'The invoice total is wrong.',
      customerName: 'Dana Customer',
      customerEmail: 'dana@example.com',
      slaTier: 'Gold',
    });
    expect(response.status()).toBe(201);
    const ticket = (await response.json()) as TicketDetails;
    await page.goto(`/helpdesk/tickets/${ticket.id}`);
    const clocks = page.getByRole('list', { name: 'SLA clocks' });
    await expect(clocks.getByRole('listitem').filter({ hasText: 'First response' })).toContainText(
      /Running|Breached/,
    );
    await page.getByRole('complementary', { name: 'Details' }).getByLabel('Status').selectOption('pending');
    await expect(clocks.getByRole('listitem').filter({ hasText: 'First response' })).toContainText('Paused');
    await expect(clocks.getByRole('listitem').filter({ hasText: 'Resolution' })).toContainText(
      'Stands still while the ticket waits',
    );
    await expectNoSeriousA11yViolations(page);
  } finally {
    const current = await silverPolicy(page);
    await page.request.patch(`/api/v1/helpdesk/sla/policies/${current.id}`, {
      data: {
        firstResponseHours: before.firstResponseHours,
        resolutionHours: current.resolutionHours,
        calendarId: current.calendarId,
        pauseStatuses: current.pauseStatuses,
        version: current.version,
      },
      headers: { Origin: origin() },
    });
  }
});
