import type { Browser } from 'playwright-core';
import type { Spread } from './stats';

export type InteractionResult = {
  name: string;
  kind: 'input' | 'drag';
  ms: Spread;
  detail: string;
};

/** Interaction timings in Chromium; filled in as the screens they measure land. */
export async function measureInteractions(
  _browser: Browser,
  _baseUrl: string,
  _cookie: string,
  _runs: number,
): Promise<InteractionResult[]> {
  return [];
}
