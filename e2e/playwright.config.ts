import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// Each run starts on an empty embedded database that the server migrates and seeds. Workers load this
// file again, so the directory is made once, in the runner, and handed down through the environment.
function freshDataDir(): string {
  const existing = process.env.ATRIUM_E2E_DATA_DIR;
  if (existing) return existing;
  const dir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
  process.env.ATRIUM_E2E_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export default defineConfig({
  testDir: '.',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  // Two cores run the server, its database and two browsers: a first visit can take a few seconds.
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Snapshots without the screencast: encoding its frames took a fifth of the run's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      // Debian's build of Chromium's headless shell (scripts/ensure-packages.mjs), as Playwright runs
      // headless by default: the same journeys took 30% less time than in the whole browser (ADR 033).
      // Playwright's own browser downloads fail here, and without the networking flags Chromium
      // floods the closed network.
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The production server: it serves /api and the built SPA (`npm run test:e2e` builds it first).
    command: 'npm run serve',
    cwd: resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM lets the server drain and close PGlite before the directory is removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // Merged over the runner's environment by Playwright.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: freshDataDir(),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  },
});
