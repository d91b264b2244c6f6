import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { measureFirstVisit, type FirstVisitWeight } from './first-visit-weight';

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

export type LighthouseScores = { path: string; performance: number; accessibility: number };

/**
 * Lighthouse 12 with its default mobile preset (simulated slow 4G and a mid-range phone), run
 * through npx so nobody installs it by hand.
 */
export function lighthouse(baseUrl: string, path: string, cookie?: string): LighthouseScores {
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
    const categories = (
      JSON.parse(readFileSync(report, 'utf8')) as {
        categories: Record<string, { score: number | null }>;
      }
    ).categories;
    const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
    return { path, performance: score('performance'), accessibility: score('accessibility') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
