import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export type FirstVisitWeight = { path: string; jsKb: number; cssKb: number; files: number };

/**
 * What a first visit of `path` downloads in scripts and styles, gzipped (level 9, as the server
 * compresses). The bodies are gzipped here rather than read off the wire, so the figure does not
 * depend on caching headers or on whether the server compressed that response.
 */
export async function measureFirstVisit(page: Page, path: string): Promise<FirstVisitWeight> {
  const pending: Promise<void>[] = [];
  let js = 0;
  let css = 0;
  let files = 0;
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        const size = gzipSync(body, { level: 9 }).length;
        if (type === 'script') js += size;
        else css += size;
        files += 1;
      }),
    );
  };
  page.on('response', onResponse);
  await page.goto(path, { waitUntil: 'networkidle' });
  // A response after this point (a lazy chunk, a refetch) is no longer part of the first visit,
  // and reading its body once the test has closed the page would reject.
  page.off('response', onResponse);
  await Promise.all(pending);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return { path, jsKb: kb(js), cssKb: kb(css), files };
}
