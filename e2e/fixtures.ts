import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export type ConsoleErrors = {
  /** Marks console errors matching the pattern as expected for this test. */
  allow(pattern: RegExp): void;
  /** Every console error and uncaught exception seen so far, expected or not. */
  readonly messages: readonly string[];
};

/**
 * Every journey fails on a console error or an uncaught exception it did not announce with
 * `consoleErrors.allow(...)`; the fixture is automatic, so later specs get the check for free.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use) => {
      const messages: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') messages.push(message.text());
      });
      page.on('pageerror', (error) => messages.push(`Uncaught ${error.name}: ${error.message}`));

      await use({ allow: (pattern) => allowed.push(pattern), messages });

      const unexpected = messages.filter((message) => !allowed.some((pattern) => pattern.test(message)));
      expect(unexpected, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits for the page's running transitions and animations to end (endless ones, such as spinners, aside). */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function seriousA11yViolations(page: Page) {
  // Violations only, and axe run in the page itself: the default gathers every passing node too and
  // finishes its run in a new blank page, which made up most of an axe check's time on long pages.
  // The app has no cross-origin frames, which is what the default mode is for.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * WCAG 2.2 AA as axe checks it; serious and critical findings fail the journey. Checked once the
 * page's transitions have ended: a toast fading in or out reads as low contrast. A toast can still
 * begin to leave while axe runs, so findings only in toasts (or in nodes gone since) are checked
 * once more: a real one is found again.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await animationsSettled(page);
  let blocking = await seriousA11yViolations(page);
  // A node gone by now was passing through too (a toast that has left).
  const inToastsOnly = await page.evaluate(
    (selectors) =>
      selectors.every((selector) => {
        const node = document.querySelector(selector);
        return !node || node.closest('[data-sonner-toast]') !== null;
      }),
    blocking.flatMap((violation) => violation.targets),
  );
  if (blocking.length > 0 && inToastsOnly) {
    await animationsSettled(page);
    blocking = await seriousA11yViolations(page);
  }
  expect(blocking, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * Closes the toasts before an axe run: mid-animation, a toast's faded colours read as low contrast.
 * One shows at a time (spec 2), so closing one may bring the next; a toast may also leave on its own
 * between finding its button and clicking it, so each click has a short deadline of its own.
 */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  await expect(async () => {
    for (const close of await page.getByRole('button', { name: 'Close toast' }).all()) {
      await close.click({ timeout: 1_000 }).catch(() => undefined);
    }
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
}
