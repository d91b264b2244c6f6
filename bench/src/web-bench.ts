import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { measureFirstVisit, type FirstVisitWeight } from './first-visit-weight';
import { spread, type Spread } from './stats';
import type { ApiReader } from './api-bench';

export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/** First-visit weight of each path, each in a fresh context (empty cache), signed in when a cookie is given. */
export async function measureBundles(
  browser: Browser,
  baseUrl: string,
  visits: { path: string; cookie?: string }[],
): Promise<FirstVisitWeight[]> {
  const results: FirstVisitWeight[] = [];
  for (const visit of visits) {
    const context = await browser.newContext({ baseURL: baseUrl });
    if (visit.cookie) await context.addCookies(cookiesFor(baseUrl, visit.cookie));
    results.push(await measureFirstVisit(await context.newPage(), visit.path));
    await context.close();
  }
  return results;
}

export function cookiesFor(baseUrl: string, header: string) {
  return header.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name: name!, value: value.join('='), url: baseUrl };
  });
}

/** Median (min–max) of several Lighthouse runs, with the paint and blocking times behind the score. */
export type LighthouseScores = {
  path: string;
  performance: Spread;
  accessibility: Spread;
  firstContentfulPaintMs: Spread;
  largestContentfulPaintMs: Spread;
  totalBlockingTimeMs: Spread;
};

type LighthouseRun = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
};

/**
 * Lighthouse 12 with its default mobile preset (simulated slow 4G and a mid-range phone), run
 * through npx so nobody installs it by hand. A single run moves by several points, hence the runs.
 */
export function lighthouse(baseUrl: string, path: string, runs: number, cookie?: string): LighthouseScores {
  const reports = Array.from({ length: runs }, () => {
    // Lighthouse now and then fails to record the trace (NO_NAVSTART) and asks to be run again.
    try {
      return lighthouseRun(baseUrl, path, cookie);
    } catch {
      return lighthouseRun(baseUrl, path, cookie);
    }
  });
  const score = (name: string) =>
    spread(reports.map((run) => Math.round((run.categories[name]?.score ?? 0) * 100)));
  const audit = (name: string) =>
    spread(reports.map((run) => Math.round(run.audits[name]?.numericValue ?? NaN)));
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    firstContentfulPaintMs: audit('first-contentful-paint'),
    largestContentfulPaintMs: audit('largest-contentful-paint'),
    totalBlockingTimeMs: audit('total-blocking-time'),
  };
}

function lighthouseRun(baseUrl: string, path: string, cookie?: string): LighthouseRun {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-lighthouse-'));
  try {
    const report = join(dir, 'report.json');
    const args = [
      '-y',
      'lighthouse@12',
      `${baseUrl}${path}`,
      '--quiet',
      '--output=json',
      `--output-path=${report}`,
      '--only-categories=performance,accessibility',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ];
    if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
    const result = spawnSync('npx', args, {
      env: { ...process.env, CHROME_PATH: chromiumPath },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`lighthouse ${path} exited with ${result.status}`);
    return JSON.parse(readFileSync(report, 'utf8')) as LighthouseRun;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The public help centre's home and its most viewed article (issue 22), signed out. */
export async function helpCentrePaths(api: ApiReader): Promise<{ home: string; article: string }> {
  const me = await api<{ workspace: { slug: string } }>('/api/v1/me');
  const home = `/help/${me.workspace.slug}`;
  const list = await api<{ data: { id: string }[] }>(
    '/api/v1/helpdesk/kb/articles?status=published&visibility=public&limit=1',
  );
  const first = list.data[0];
  if (!first) throw new Error('the profile has no published public article');
  const article = await api<{ slug: string }>(`/api/v1/helpdesk/kb/articles/${first.id}`);
  return { home, article: `${home}/${article.slug}` };
}
