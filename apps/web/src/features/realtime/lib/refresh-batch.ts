import type { AffectedQueries } from './affected-queries';

export type RefreshBatch = {
  add(affected: AffectedQueries): void;
  /** Flushes what waited while paused. */
  resume(): void;
  dispose(): void;
};

/**
 * Collects the query roots of a burst of changes (a bulk approval announces each entry) and refreshes
 * each once: after `quietMs` without a new change, and no later than `maxWaitMs` after the first.
 * While `isPaused()` (a hidden tab) nothing is refetched; it all waits for `resume()`.
 */
export function createRefreshBatch(options: {
  refresh(affected: AffectedQueries): void;
  quietMs: number;
  maxWaitMs: number;
  isPaused?: () => boolean;
}): RefreshBatch {
  let roots = new Set<string>();
  let everything = false;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let firstPendingAt: number | undefined;

  const pending = () => everything || roots.size > 0;

  const flush = () => {
    clearTimeout(quietTimer);
    quietTimer = undefined;
    if (!pending() || options.isPaused?.()) return;
    const affected: AffectedQueries = everything ? 'everything' : [...roots];
    roots = new Set();
    everything = false;
    firstPendingAt = undefined;
    options.refresh(affected);
  };

  return {
    add(affected) {
      if (affected === 'everything') everything = true;
      else for (const root of affected) roots.add(root);
      const now = Date.now();
      firstPendingAt ??= now;
      clearTimeout(quietTimer);
      const wait = Math.min(options.quietMs, firstPendingAt + options.maxWaitMs - now);
      quietTimer = setTimeout(flush, Math.max(0, wait));
    },
    resume: flush,
    dispose() {
      clearTimeout(quietTimer);
      roots = new Set();
      everything = false;
    },
  };
}
