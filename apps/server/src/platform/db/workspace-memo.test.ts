import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChangeWatcher, RealtimeHub } from '../realtime/realtime-hub';
import { createWorkspaceMemo } from './workspace-memo';

function fakeHub() {
  const watchers: ChangeWatcher[] = [];
  const hub = {
    watch(watcher: ChangeWatcher) {
      watchers.push(watcher);
      return () => {};
    },
  } as unknown as RealtimeHub;
  return {
    hub,
    watchers,
    listening: () => watchers.forEach((w) => w.onListening()),
    changed: (tenantId: string) =>
      watchers.forEach((w) =>
        w.onChange({
          tenantId,
          id: randomUUID(),
          entityType: 'shift',
          entityId: randomUUID(),
          action: 'created',
          occurredAt: new Date().toISOString(),
        }),
      ),
  };
}

function counter() {
  let calls = 0;
  return { compute: async () => ++calls, calls: () => calls };
}

describe('workspace memo', () => {
  it('keeps nothing until the change feed is listened to, then keeps answers per workspace and key', async () => {
    const feed = fakeHub();
    const memo = createWorkspaceMemo(feed.hub);
    const count = counter();
    expect(await memo.get('a', 'k', count.compute)).toBe(1);
    expect(await memo.get('a', 'k', count.compute)).toBe(2);
    expect(feed.watchers).toHaveLength(1);

    feed.listening();
    expect(await memo.get('a', 'k', count.compute)).toBe(3);
    expect(await memo.get('a', 'k', count.compute)).toBe(3);
    expect(await memo.get('a', 'other', count.compute)).toBe(4);
    expect(await memo.get('b', 'k', count.compute)).toBe(5);
    expect(feed.watchers).toHaveLength(1);
  });

  it('forgets a workspace when a change there is heard, and everything when listening restarts', async () => {
    const feed = fakeHub();
    const memo = createWorkspaceMemo(feed.hub);
    const count = counter();
    await memo.get('a', 'k', count.compute);
    feed.listening();
    await memo.get('a', 'k', count.compute);
    await memo.get('b', 'k', count.compute);
    expect(count.calls()).toBe(3);

    feed.changed('a');
    expect(await memo.get('a', 'k', count.compute)).toBe(4);
    expect(await memo.get('b', 'k', count.compute)).toBe(3);

    memo.forget('b');
    expect(await memo.get('b', 'k', count.compute)).toBe(5);

    feed.listening();
    expect(await memo.get('a', 'k', count.compute)).toBe(6);
    expect(await memo.get('b', 'k', count.compute)).toBe(7);
  });

  it('lets answers expire and does not keep a failure', async () => {
    const feed = fakeHub();
    let now = 0;
    const memo = createWorkspaceMemo(feed.hub, { ttlMs: 1000, now: () => now });
    const count = counter();
    await memo.get('a', 'k', count.compute);
    feed.listening();
    expect(await memo.get('a', 'k', count.compute)).toBe(2);
    now = 999;
    expect(await memo.get('a', 'k', count.compute)).toBe(2);
    now = 1000;
    expect(await memo.get('a', 'k', count.compute)).toBe(3);

    await expect(memo.get('a', 'fails', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('a', 'fails', count.compute)).toBe(4);
  });

  it('holds at most the configured number of answers per workspace, dropping the oldest', async () => {
    const feed = fakeHub();
    const memo = createWorkspaceMemo(feed.hub, { maxPerWorkspace: 2 });
    const count = counter();
    await memo.get('a', 'warm-up', count.compute);
    feed.listening();
    await memo.get('a', 'one', count.compute);
    await memo.get('a', 'two', count.compute);
    await memo.get('a', 'three', count.compute);
    expect(count.calls()).toBe(4);
    expect(await memo.get('a', 'three', count.compute)).toBe(4);
    expect(await memo.get('a', 'one', count.compute)).toBe(5);
  });
});
