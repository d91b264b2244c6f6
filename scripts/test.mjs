#!/usr/bin/env node
// `npm test`: every suite, in the order that fails fastest — unit, integration, end to end in
// Chromium, then the scale-out drill (three servers behind HAProxy on one PostgreSQL, with and without
// PgBouncer). Chromium, Dovecot (the IMAP tests' server), PostgreSQL, HAProxy and PgBouncer come from
// Debian's packages when missing.
import { spawnSync } from 'node:child_process';

const steps = [
  [
    'Chromium and Dovecot for the tests',
    'node',
    ['scripts/ensure-packages.mjs', 'chromium-headless-shell', 'dovecot'],
  ],
  ['Unit and integration tests', 'npx', ['vitest', 'run']],
  ['End-to-end tests (Playwright, Chromium)', 'npm', ['run', 'test:e2e']],
  ['Scale-out drill (HAProxy, three servers, PostgreSQL)', 'npm', ['run', 'drill', '--', 'scale-out']],
  ['Scale-out drill behind PgBouncer', 'npm', ['run', 'drill', '--', 'scale-out', '--pgbouncer']],
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
