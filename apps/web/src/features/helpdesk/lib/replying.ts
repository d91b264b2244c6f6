import { countOf } from '@atrium/shared';

/** An agent seen replying to the ticket on screen. */
export type Replier = { userId: string; name: string };

export type ReplyingRoster = {
  /** They announced again: shown, until `expiryMs` from now. */
  heard(replier: Replier): void;
  /** Their message arrived: no longer replying. */
  remove(userId: string): void;
  dispose(): void;
};

/**
 * Who is replying, in the order they started: each until `expiryMs` after their last announcement
 * (they stopped typing, or closed the page) or until their message arrives.
 */
export function createReplyingRoster(options: {
  expiryMs: number;
  onChange(repliers: Replier[]): void;
}): ReplyingRoster {
  const expiries = new Map<string, ReturnType<typeof setTimeout>>();
  let repliers: Replier[] = [];

  const remove = (userId: string) => {
    clearTimeout(expiries.get(userId));
    expiries.delete(userId);
    if (!repliers.some((replier) => replier.userId === userId)) return;
    repliers = repliers.filter((replier) => replier.userId !== userId);
    options.onChange(repliers);
  };

  return {
    heard(replier) {
      clearTimeout(expiries.get(replier.userId));
      expiries.set(
        replier.userId,
        setTimeout(() => remove(replier.userId), options.expiryMs),
      );
      if (repliers.some((known) => known.userId === replier.userId)) return;
      repliers = [...repliers, replier];
      options.onChange(repliers);
    },
    remove,
    dispose() {
      for (const expiry of expiries.values()) clearTimeout(expiry);
      expiries.clear();
    },
  };
}

const names = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** Beyond this many names the rest are counted. */
const namedAtMost = 3;

/** "Ana Lopez is replying…", "Ana Lopez and Ben Park are replying…"; empty for nobody. */
export function replyingText(repliers: readonly Pick<Replier, 'name'>[]): string {
  if (repliers.length === 0) return '';
  const all = repliers.map((replier) => replier.name);
  const shown =
    all.length > namedAtMost
      ? [
          ...all.slice(0, namedAtMost - 1),
          countOf(all.length - (namedAtMost - 1), { one: 'other', other: 'others' }),
        ]
      : all;
  return `${names.format(shown)} ${all.length === 1 ? 'is' : 'are'} replying…`;
}
