import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signInAs } from './sign-in';

test.describe('landing page', () => {
  test('renders the hero with both calls to action', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Atrium/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start 14-Day Free Trial' })).toHaveAttribute(
      'href',
      '/signup',
    );
    await expect(page.getByRole('link', { name: 'Watch Demo' })).toHaveAttribute('href', '#tour');
    for (const name of ['Features', 'Solutions', 'Pricing', 'Resources']) {
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
      await expect(link).toHaveAttribute('href', `#${name.toLowerCase()}`);
    }
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  test('shows the three plans, the popular one marked, and Contact Sales', async ({ page }) => {
    await page.goto('/');
    const pricing = page.locator('#pricing');
    const plans = [
      { name: 'Starter', price: '$29', users: 'Up to 25 users' },
      { name: 'Professional', price: '$79', users: 'Up to 100 users' },
      { name: 'Enterprise', price: '$199', users: 'Unlimited users' },
    ];
    const cards = pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(cards).toHaveCount(plans.length);
    for (const [index, plan] of plans.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { name: plan.name })).toBeVisible();
      await expect(card).toContainText(plan.price);
      await expect(card).toContainText(plan.users);
    }
    await expect(pricing.getByText('Most Popular')).toHaveCount(1);
    await expect(cards.filter({ hasText: 'Most Popular' }).getByRole('heading')).toHaveText('Professional');
    await expect(pricing.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      /^mailto:support@atrium\.example/,
    );
  });

  test("points every 'Start Free Trial' link to /signup", async ({ page }) => {
    await page.goto('/');
    // Header, mobile menu (closed, still checked), hero, three plans and the final call to action.
    const trialLinks = page.locator('a', { hasText: /Start (14-Day )?Free Trial/ });
    await expect(trialLinks).toHaveCount(7);
    for (const link of await trialLinks.all()) {
      await expect(link).toHaveAttribute('href', '/signup');
    }
  });

  test('arrives prerendered and without the single-page app', async ({ page }) => {
    // The HTML carries the page, so it paints before any script runs; React only hydrates it.
    const landingHtml = await (await page.request.get('/')).text();
    expect(landingHtml).toContain('One workspace for your people, projects and customers');
    // The app's entry (React Router, TanStack Query, the route table) is the script index.html starts.
    const appHtml = await (await page.request.get('/index.html')).text();
    const appEntry = /<script type="module"[^>]* src="([^"]+)"/.exec(appHtml)?.[1];
    expect(appEntry).toMatch(/^\/assets\//);
    // The modules the app preloads that the landing page does not list itself (TanStack Query, the
    // app's rules, its icons): the landing must not reach them either.
    const preloads = (html: string) =>
      [...html.matchAll(/rel="modulepreload"[^>]* href="([^"]+)"/g)].map((m) => m[1]);
    const landingPreloads = new Set(preloads(landingHtml));
    const appOnly = preloads(appHtml).filter((path) => !landingPreloads.has(path));
    expect(appOnly.length).toBeGreaterThan(0);

    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts).not.toContain(appEntry);
    expect(scripts.filter((path) => appOnly.includes(path))).toEqual([]);
  });

  test.describe('at a phone viewport', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('opens and closes the mobile menu', async ({ page }) => {
      await page.goto('/');
      const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await expect(mobileNav).toBeHidden();

      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(mobileNav).toBeVisible();
      await expect(mobileNav.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
        'href',
        '/signup',
      );

      await page.getByRole('button', { name: 'Close menu' }).click();
      await expect(mobileNav).toBeHidden();

      // Following an anchor closes the menu too.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await mobileNav.getByRole('link', { name: 'Pricing' }).click();
      await expect(mobileNav).toBeHidden();
      await expect(page).toHaveURL(/#pricing$/);
      await expect(page.getByRole('heading', { level: 2, name: /pricing/i })).toBeInViewport();
    });
  });
});

test("an Admin's Settings show the database up, from the real server; the dashboard does not", async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'System status' })).toHaveCount(0);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'System status' }).click();
  await expect(page).toHaveURL('/settings?tab=system');
  await expect(page.getByRole('heading', { level: 2, name: 'System status' })).toBeVisible();
  await expect(page.getByTestId('database-status')).toHaveText('up');
  await expect(page.getByTestId('database-kind')).toHaveText('PGlite');
});

test('an unknown path shows the 404 page and logs the path', async ({ page, consoleErrors }) => {
  const path = '/no/such/page';
  consoleErrors.allow(/non-existent route/);
  const logged = page.waitForEvent(
    'console',
    (message) => message.type() === 'error' && message.text().includes(path),
  );

  await page.goto(path);

  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  expect((await logged).text()).toContain(path);

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});

test.describe('accessibility and console', () => {
  test('/ has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('/dashboard has no serious or critical axe violations', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Acme Demo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('/, /dashboard and the system status log no console errors', async ({ page, consoleErrors }) => {
    await signInAs(page, 'admin');
    for (const path of ['/', '/dashboard', '/settings?tab=system']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await expect(page.getByTestId('database-status')).toHaveText('up');
    expect(consoleErrors.messages).toEqual([]);
  });
});
