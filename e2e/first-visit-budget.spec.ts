import budgets from '../bench/budgets.json' with { type: 'json' };
import type { Page } from '@playwright/test';
import { measureFirstVisit } from '../bench/src/first-visit-weight';
import { expect, test } from './fixtures';
import { signInAs } from './sign-in';

// The first-visit budgets of bench/budgets.json, checked on every end-to-end run and not only when
// somebody runs the benchmark. Each test has a fresh browser context, so the cache starts empty.
const { landingJsKb, appJsKb } = budgets.firstVisit;

async function expectFirstVisitWithin(page: Page, path: string, kb: number) {
  const weight = await measureFirstVisit(page, path);
  test.info().annotations.push({ type: 'first visit', description: JSON.stringify(weight) });
  expect(weight.jsKb, `gzipped JavaScript of a first visit to ${path}, kB`).toBeLessThanOrEqual(kb);
}

test(`the landing page downloads at most ${landingJsKb} kB of JavaScript`, async ({ page }) => {
  await expectFirstVisitWithin(page, '/', landingJsKb);
});

test(`the sign-in page downloads at most ${appJsKb} kB of JavaScript`, async ({ page }) => {
  await expectFirstVisitWithin(page, '/login', appJsKb);
});

test(`the dashboard, signed in, downloads at most ${appJsKb} kB of JavaScript`, async ({ page }) => {
  await signInAs(page, 'admin');
  await expectFirstVisitWithin(page, '/dashboard', appJsKb);
});
