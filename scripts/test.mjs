#!/usr/bin/env node
// `npm test`: every suite, in the order that fails fastest — unit, integration, then end to end in
// Chromium. Chromium and Dovecot (the IMAP tests' server) come from Debian's packages when missing.
import { spawnSync } from 'node:child_process';

const steps = [
  [
    'Chromium and Dovecot for the tests',
    'node',
    ['scripts/ensure-packages.mjs', 'chromium-headless-shell', 'dovecot'],
  ],
  ['Unit and integration tests', 'npx', ['vitest', 'run']],
  ['End-to-end tests (Playwright, Chromium)', 'npm', ['run', 'test:e2e']],
];

for (const [title, command, args] of steps) {
  console.log(`\n▶ ${title}`);
  const { status } = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(status ?? 1);
  }
}
console.log('\n✔ All tests passed');
