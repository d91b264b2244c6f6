#!/usr/bin/env node
// Makes sure the Debian programs the tests run are present, installing them with apt-get when not:
//   node scripts/ensure-packages.mjs chromium-headless-shell dovecot
// chromium-headless-shell: the end-to-end tests drive Chromium's headless shell (Playwright's own
// browser downloads fail on this network; see ARCHITECTURE.md and ADR 033). chromium: the bench's
// Lighthouse runs need the whole browser. dovecot: the IMAP integration tests start a throw-away
// Dovecot on loopback (apps/server/src/testing/imap-server.ts). haproxy, pgbouncer: the drills
// (`npm run drill`) put HAProxy in front of three server processes, and PgBouncer behind them.
// postgresql: the drills start a throw-away PostgreSQL cluster (scripts/postgres.sh).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/** The newest PostgreSQL's initdb Debian installed (its versions live side by side). */
const initdb = () => {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  return `/usr/lib/postgresql/${newest ?? 'none'}/bin/initdb`;
};

const programs = {
  chromium: { path: '/usr/bin/chromium', packages: ['chromium'], versionArgs: ['--version'] },
  'chromium-headless-shell': {
    path: '/usr/bin/chromium-headless-shell',
    packages: ['chromium-headless-shell'],
    versionArgs: ['--version'],
  },
  dovecot: { path: '/usr/sbin/dovecot', packages: ['dovecot-imapd'], versionArgs: ['--version'] },
  haproxy: { path: '/usr/sbin/haproxy', packages: ['haproxy'], versionArgs: ['-v'] },
  pgbouncer: { path: '/usr/sbin/pgbouncer', packages: ['pgbouncer'], versionArgs: ['--version'] },
  postgresql: { path: initdb, packages: ['postgresql'], versionArgs: ['--version'] },
};

const pathOf = (program) => (typeof program.path === 'function' ? program.path() : program.path);

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!programs[name]) {
    console.error(`Unknown program ${name}; known: ${Object.keys(programs).join(', ')}`);
    process.exit(2);
  }
}

const fail = (reason, packages) => {
  console.error(
    `${reason}\nInstall it as root, then retry:\n  apt-get update && apt-get install -y ${packages.join(' ')}`,
  );
  process.exit(1);
};

const version = (program) => {
  const path = pathOf(program);
  const result = spawnSync(path, program.versionArgs, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() || `found at ${path}` : null;
};

const missing = wanted.filter((name) => !existsSync(pathOf(programs[name])));
if (missing.length > 0) {
  const packages = missing.flatMap((name) => programs[name].packages);
  console.log(`Installing Debian's ${packages.join(', ')} with apt-get (needed by the tests)…`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const canSudo = !isRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (!isRoot && !canSudo) fail('Not running as root and passwordless sudo is not available.', packages);
  const run = (args) => {
    const [command, ...rest] = isRoot ? args : ['sudo', '-n', ...args];
    const result = spawnSync(command, rest, {
      stdio: 'inherit',
      // The package's own service stays off: the tests start their own, on loopback.
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' },
    });
    if (result.error) fail(`Could not run ${args.join(' ')}: ${result.error.message}`, packages);
    if (result.status !== 0) fail(`\`${args.join(' ')}\` exited with status ${result.status}.`, packages);
  };
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', ...packages]);
}

for (const name of wanted) {
  const found = version(programs[name]);
  if (!found) fail(`${pathOf(programs[name])} does not run.`, programs[name].packages);
  console.log(`${name}: ${found}`);
}
