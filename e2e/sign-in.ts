import { demoEmail, demoPassword, type Role } from '@atrium/shared';
import { expect, test, type Cookie, type Page } from '@playwright/test';

/**
 * A JSON POST from the page's browser context, with the Origin a browser would send: the server
 * refuses cookie-carrying mutations from anywhere else (CSRF defence, ARCHITECTURE.md).
 */
export function postJson(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  return page.request.post(path, { data, headers: { Origin: origin } });
}

// One session per demo role and worker: every sign-in costs the server a password hash, which on
// this two-core machine is time the journeys would otherwise wait for.
const sessions = new Map<Role, Cookie[]>();

/**
 * Signs the page's browser context in to the demo workspace through the API (the cookie lands in the
 * context): journeys that are not about the sign-in form skip it.
 */
export async function signInAs(page: Page, role: Role): Promise<void> {
  const cached = sessions.get(role);
  if (cached) {
    await page.context().addCookies(cached);
    return;
  }
  const response = await postJson(page, '/api/v1/auth/login', {
    email: demoEmail(role),
    password: demoPassword,
  });
  expect(response.status(), `sign-in as ${role}`).toBe(200);
  sessions.set(role, await page.context().cookies());
}

/**
 * Signs the page in as someone else. The page leaves the app first: a request it made between the
 * old session's cookies going and the new ones arriving would be refused (401, a console error).
 */
export async function switchTo(page: Page, role: Role): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signInAs(page, role);
}

/** An address no other run or test uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
