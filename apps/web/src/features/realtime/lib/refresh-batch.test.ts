import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AffectedQueries } from './affected-queries';
import { createRefreshBatch } from './refresh-batch';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setUp(paused = { value: false }) {
  const refreshed: AffectedQueries[] = [];
  const batch = createRefreshBatch({
    refresh: (affected) => refreshed.push(affected),
    quietMs: 100,
    maxWaitMs: 500,
    isPaused: () => paused.value,
  });
  return { batch, refreshed, paused };
}

describe('refresh batch', () => {
  it('refreshes each root of a burst once, after a quiet moment', () => {
    const { batch, refreshed } = setUp();
    batch.add(['tasks', 'activity']);
    vi.advanceTimersByTime(50);
    batch.add(['tasks', 'projects']);
    vi.advanceTimersByTime(99);
    expect(refreshed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(refreshed).toEqual([['tasks', 'activity', 'projects']]);
  });

  it('does not let a steady stream of changes postpone the refresh past the longest wait', () => {
    const { batch, refreshed } = setUp();
    for (let elapsed = 0; elapsed < 500; elapsed += 50) {
      batch.add(['tasks']);
      vi.advanceTimersByTime(50);
    }
    expect(refreshed).toEqual([['tasks']]);
  });

  it('lets "everything" absorb the roots', () => {
    const { batch, refreshed } = setUp();
    batch.add(['tasks']);
    batch.add('everything');
    vi.advanceTimersByTime(100);
    expect(refreshed).toEqual(['everything']);
  });

  it('holds refreshes while paused and sends them on resume', () => {
    const { batch, refreshed, paused } = setUp({ value: true });
    batch.add(['employees']);
    vi.advanceTimersByTime(1_000);
    expect(refreshed).toEqual([]);
    batch.add(['members']);
    paused.value = false;
    batch.resume();
    expect(refreshed).toEqual([['employees', 'members']]);
    batch.resume();
    expect(refreshed).toHaveLength(1);
  });
});
