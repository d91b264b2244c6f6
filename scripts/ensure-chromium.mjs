#!/usr/bin/env node
// Makes sure Debian's Chromium is present for the end-to-end tests: Playwright's own browser
// downloads fail on this network, so the journeys drive /usr/bin/chromium (see ARCHITECTURE.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = '/usr/bin/chromium';

const printVersion = () => {
  const result = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' });
  if (result.status !== 0) return false;
  console.log(result.stdout.trim() || `Chromium found at ${chromiumPath}`);
  return true;
};

const fail = (reason) => {
  console.error(
    `${reason}\nInstall Debian's Chromium as root, then retry:\n  apt-get update && apt-get install -y chromium`,
  );
  process.exit(1);
};

if (existsSync(chromiumPath)) {
  if (printVersion()) process.exit(0);
  fail(`${chromiumPath} exists but \`chromium --version\` failed.`);
}

console.log(
  "Chromium not found — installing Debian's chromium with apt-get (needed for the end-to-end tests)…",
);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const canSudo = !isRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
if (!isRoot && !canSudo) fail('Not running as root and passwordless sudo is not available.');

const run = (args) => {
  const [command, ...rest] = isRoot ? args : ['sudo', '-n', ...args];
  const result = spawnSync(command, rest, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) fail(`Could not run ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0) fail(`\`${args.join(' ')}\` exited with status ${result.status}.`);
};

run(['apt-get', 'update']);
run(['apt-get', 'install', '-y', 'chromium']);

if (!existsSync(chromiumPath) || !printVersion()) fail(`apt-get finished but ${chromiumPath} does not run.`);
