import { searchWords } from '@atrium/shared';
import type { RealtimeHub } from '../realtime/realtime-hub';

type Entry = { value: Promise<unknown>; expiresAt: number };

export type WorkspaceMemo = {
  /** The kept answer to `key` in this workspace, or `compute()`'s, kept until the workspace changes. */
  get<T>(tenantId: string, key: string, compute: () => Promise<T>): Promise<T>;
  /** Something in the workspace changed: every kept answer of it is stale. */
  forget(tenantId: string): void;
};

/**
 * Answers that aggregate a whole workspace (stat cards over 10,000 people) and are the same for
 * everyone asking the same question, kept until anything in that workspace changes. Every change
 * writes to the activity log, which announces it to every process (NOTIFY); a process forgets a
 * workspace's answers when it hears of a change there, and everything when its LISTEN (re)starts,
 * since what was notified before is unknown. The time limit bounds what a missed notification or a
 * rule that moves with the clock (six months before now) can leave behind.
 */
export function createWorkspaceMemo(
  hub: RealtimeHub,
  options: { ttlMs?: number; maxPerWorkspace?: number; now?: () => number } = {},
): WorkspaceMemo {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const maxPerWorkspace = options.maxPerWorkspace ?? 100;
  const now = options.now ?? Date.now;
  const byTenant = new Map<string, Map<string, Entry>>();
  let listening = false;
  let watching = false;

  const forget = (tenantId: string) => {
    byTenant.delete(tenantId);
  };

  // Listening starts with the first question, so a process that never asks holds no connection.
  const watch = () => {
    watching = true;
    hub.watch({
      onChange: (event) => forget(event.tenantId),
      onListening() {
        byTenant.clear();
        listening = true;
      },
    });
  };

  return {
    get<T>(tenantId: string, key: string, compute: () => Promise<T>): Promise<T> {
      if (!watching) watch();
      // Until LISTEN is in place another process's change could go unheard: nothing is kept.
      if (!listening) return compute();
      let entries = byTenant.get(tenantId);
      if (!entries) byTenant.set(tenantId, (entries = new Map()));
      const kept = entries.get(key);
      if (kept && kept.expiresAt > now()) return kept.value as Promise<T>;
      entries.delete(key);
      if (entries.size >= maxPerWorkspace) entries.delete(entries.keys().next().value!);
      const value = compute();
      const entry = { value, expiresAt: now() + ttlMs };
      entries.set(key, entry);
      // A failure is not an answer to keep; the caller still sees it.
      value.catch(() => {
        if (byTenant.get(tenantId)?.get(key) === entry) byTenant.get(tenantId)!.delete(key);
      });
      return value;
    },
    forget,
  };
}

/**
 * A list's total for its first page, kept in the memo under `question` (which names the list, the
 * view and the filter) until the workspace changes. A search's total is counted each time: one
 * term is seldom asked twice, and each would take a place in the memo.
 */
export function keptTotal(
  memo: WorkspaceMemo,
  tenantId: string,
  question: { searchText?: string | undefined; key: readonly unknown[] },
  count: () => Promise<number>,
): Promise<number> {
  if (searchWords(question.searchText).length > 0) return count();
  return memo.get(tenantId, JSON.stringify(question.key), count);
}
