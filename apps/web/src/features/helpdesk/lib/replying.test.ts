import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReplyingRoster, replyingText, type Replier } from './replying';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const ana = { userId: 'u-ana', name: 'Ana Lopez' };
const ben = { userId: 'u-ben', name: 'Ben Park' };

function setUp() {
  let shown: Replier[] = [];
  const roster = createReplyingRoster({ expiryMs: 8_000, onChange: (repliers) => (shown = repliers) });
  return { roster, shown: () => shown.map((replier) => replier.name) };
}

describe('who is replying (issue 21: a notice when someone else is replying)', () => {
  it('shows an agent until 8 s after their last announcement', () => {
    const { roster, shown } = setUp();
    roster.heard(ana);
    vi.advanceTimersByTime(5_000);
    roster.heard(ana);
    roster.heard(ben);
    vi.advanceTimersByTime(7_999);
    expect(shown()).toEqual(['Ana Lopez', 'Ben Park']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('drops an agent at once when their message arrives, and forgets their expiry', () => {
    const { roster, shown } = setUp();
    roster.heard(ana);
    roster.heard(ben);
    roster.remove(ana.userId);
    expect(shown()).toEqual(['Ben Park']);
    roster.heard(ana);
    vi.advanceTimersByTime(8_000);
    expect(shown()).toEqual([]);
  });

  it('stops its timers when disposed', () => {
    const { roster, shown } = setUp();
    roster.heard(ana);
    roster.dispose();
    vi.advanceTimersByTime(10_000);
    expect(shown()).toEqual(['Ana Lopez']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('names one, two or three agents, and counts the rest', () => {
    expect(replyingText([])).toBe('');
    expect(replyingText([ana])).toBe('Ana Lopez is replying…');
    expect(replyingText([ana, ben])).toBe('Ana Lopez and Ben Park are replying…');
    const cy = { name: 'Cy Moss' };
    expect(replyingText([ana, ben, cy])).toBe('Ana Lopez, Ben Park, and Cy Moss are replying…');
    expect(replyingText([ana, ben, cy, { name: 'Di Lu' }])).toBe(
      'Ana Lopez, Ben Park, and 2 others are replying…',
    );
  });
});
