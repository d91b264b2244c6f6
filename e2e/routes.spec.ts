import { can, roles, type Action, type Role } from '@atrium/shared';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAs, switchTo } from './sign-in';

// Spec section 2, "Route table", with the screen each path shows and (issue 3) the action a role
// needs to open it. Written out here, not read from the app, so the test checks the app against the spec.
const appRoutes: readonly { path: string; heading: string | RegExp; action?: Action; orAction?: Action }[] = [
  { path: '/dashboard', heading: /^Welcome to /, action: 'dashboard:view' },
  { path: '/team', heading: 'Employee Directory', action: 'people:view' },
  { path: '/team/directory', heading: 'Employee Directory', action: 'people:view' },
  { path: '/team/scheduling', heading: 'Scheduling', action: 'schedule:view' },
  { path: '/team/time-tracking', heading: 'Time Tracking', action: 'time:track-own' },
  { path: '/team/performance', heading: 'Performance', action: 'performance:view' },
  { path: '/projects', heading: 'Projects', action: 'projects:view' },
  { path: '/projects/active', heading: 'Projects', action: 'projects:view' },
  { path: '/projects/tasks', heading: 'Tasks & Workflows', action: 'tasks:work' },
  { path: '/projects/kanban', heading: 'Kanban Board', action: 'projects:view' },
  { path: '/projects/reports', heading: 'Project Reports', action: 'reports:view' },
  { path: '/helpdesk', heading: 'Help Desk', action: 'helpdesk:view' },
  { path: '/helpdesk/tickets', heading: 'Support Tickets', action: 'helpdesk:view' },
  { path: '/helpdesk/kb', heading: 'Knowledge Base', action: 'helpdesk:view' },
  // Issue 22: agents open it too, as a read-only preview of a customer's portal.
  { path: '/helpdesk/portal', heading: 'Customer Portal', action: 'portal:use', orAction: 'helpdesk:view' },
  { path: '/helpdesk/sla', heading: 'SLA Management', action: 'helpdesk:view' },
  { path: '/marketing', heading: 'Marketing Automation', action: 'marketing:view' },
  { path: '/marketing/campaigns', heading: 'Campaigns', action: 'marketing:view' },
  { path: '/marketing/email', heading: 'Email Sequences', action: 'marketing:view' },
  { path: '/marketing/leads', heading: 'Lead Management', action: 'marketing:view' },
  { path: '/marketing/analytics', heading: 'Marketing Analytics', action: 'marketing:view' },
  { path: '/analytics', heading: 'Analytics', action: 'analytics:view' },
  { path: '/calendar', heading: 'Calendar', action: 'calendar:use' },
  { path: '/documents', heading: 'Documents', action: 'documents:view' },
  { path: '/settings', heading: 'Settings', action: 'workspace:view' },
  { path: '/support', heading: 'Help & Support' },
];

const publicRoutes = [
  { path: '/', heading: 'One workspace for your people, projects and customers' },
  { path: '/pricing', heading: 'Simple pricing that grows with you' },
];

const noAccess = "You don't have access to this page";

test.describe.configure({ mode: 'parallel' });

/**
 * Moves the single-page app to `path` the way its own links do, without reloading: visiting ~30 routes
 * for five roles stays quick. (The first visit of each role is a full page load.)
 */
async function navigateInApp(page: Page, path: string) {
  // A string, evaluated in the page: this project's types do not include the DOM.
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'));`,
  );
}

for (const role of roles) {
  test(`every route of the route table as ${role}`, async ({ page }) => {
    // About thirty screens, each loading its code and data: more than the default 30 s on two cores.
    test.setTimeout(120_000);
    await signInAs(page, role);
    await page.goto('/support');
    for (const route of [...appRoutes, ...publicRoutes]) {
      await navigateInApp(page, route.path);
      await expect(page).toHaveURL(route.path);
      const { action, orAction } = route as (typeof appRoutes)[number];
      const allowed = !action || can(role, action) || (orAction !== undefined && can(role, orAction));
      await expect(page.getByRole('heading', { level: 1 }), `${route.path} as ${role}`).toHaveText(
        allowed ? route.heading : noAccess,
      );
    }
  });
}

test('the sidebar shows each role what it may open', async ({ page }) => {
  const sidebar = page.getByRole('navigation', { name: 'Primary' });
  const account = page.getByRole('navigation', { name: 'Account' });
  const expectations: Record<
    'contractor' | 'customer',
    { shown: string[]; hidden: string[]; settings: boolean }
  > = {
    contractor: {
      shown: ['Dashboard', 'Time Tracking', 'Project Management', 'Calendar'],
      hidden: [
        'Team Management',
        'Help Desk',
        'Marketing Automation',
        'Analytics',
        'Documents',
        'Time Clock',
      ],
      // Their own notification preferences.
      settings: true,
    },
    customer: {
      shown: ['Customer Portal'],
      hidden: ['Dashboard', 'Team Management', 'Project Management', 'Help Desk', 'Calendar'],
      settings: false,
    },
  };
  for (const [role, { shown, hidden, settings }] of Object.entries(expectations)) {
    await switchTo(page, role as Role);
    await page.goto('/support');
    for (const name of shown) await expect(sidebar.getByRole('link', { name })).toBeVisible();
    for (const name of hidden) await expect(sidebar.getByRole('link', { name })).toHaveCount(0);
    await expect(account.getByRole('link', { name: 'Settings' })).toHaveCount(settings ? 1 : 0);
    await expect(account.getByRole('link', { name: 'Help & Support' })).toBeVisible();
  }
});

test('a section shows its children only while inside it, the current page marked', async ({ page }) => {
  await signInAs(page, 'admin');
  const sidebar = page.getByRole('navigation', { name: 'Primary' });
  await page.goto('/dashboard');
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'Kanban Board' })).toHaveCount(0);

  await sidebar.getByRole('link', { name: 'Project Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Kanban Board' }).click();
  await expect(page).toHaveURL('/projects/kanban');
  await expect(sidebar.getByRole('link', { name: 'Kanban Board' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'Employee Directory' })).toHaveCount(0);
});

test('an unknown path inside a section shows the 404 page', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/non-existent route/);
  await signInAs(page, 'admin');
  await page.goto('/team/nobody-here');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});
