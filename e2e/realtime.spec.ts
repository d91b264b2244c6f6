import { expect, test } from './fixtures';
import { postJson, signInAs, uniqueEmail } from './sign-in';

test('a change made in one browser appears in another’s Recent Activity within 2 s, without reloading', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'employee');
  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/events' && response.status() === 200,
  );
  await page.goto('/dashboard');
  const feed = page.getByRole('region', { name: 'Recent Activity' });
  await expect(feed.getByRole('listitem').first()).toBeVisible();
  await streamOpened;

  // Someone else, in a browser of their own.
  const theirContext = await browser.newContext({ baseURL });
  const theirPage = await theirContext.newPage();
  await signInAs(theirPage, 'admin');
  const lastName = `Realtime${Date.now()}`;
  const created = await postJson(theirPage, '/api/v1/employees', {
    firstName: 'Rita',
    lastName,
    email: uniqueEmail('realtime'),
    department: 'Engineering',
    jobTitle: 'Engineer',
    startDate: '2025-01-06',
    salary: 70000,
  });
  expect(created.status()).toBe(201);
  await theirContext.close();

  await expect(feed).toContainText(`Rita ${lastName}`, { timeout: 2_000 });
});
