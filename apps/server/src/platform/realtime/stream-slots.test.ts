import { describe, expect, it } from 'vitest';
import { createStreamSlots } from './stream-slots';

const take = (slots: ReturnType<typeof createStreamSlots>, session: string, ip: string) => {
  const slot = slots.take(session, ip);
  if ('refused' in slot) throw new Error(`refused: ${slot.refused}`);
  return slot;
};

describe('event stream slots (issue 17: one session opened 1,380 streams)', () => {
  it('refuses a session beyond its share, and takes it back when a stream closes', () => {
    const slots = createStreamSlots({ perSession: 2, perIp: 10 });
    const first = take(slots, 's1', '10.0.0.1');
    take(slots, 's1', '10.0.0.1');
    expect(slots.take('s1', '10.0.0.1')).toEqual({ refused: 'session' });
    // Another session at the same address is not held back by the first one.
    take(slots, 's2', '10.0.0.1');
    first.release();
    take(slots, 's1', '10.0.0.1');
    expect(slots.held()).toBe(3);
  });

  it('refuses an address beyond its share, whatever the sessions', () => {
    const slots = createStreamSlots({ perSession: 5, perIp: 3 });
    const held = ['a', 'b', 'c'].map((session) => take(slots, session, '10.0.0.2'));
    expect(slots.take('d', '10.0.0.2')).toEqual({ refused: 'ip' });
    take(slots, 'd', '10.0.0.3');
    held[0]!.release();
    take(slots, 'd', '10.0.0.2');
  });

  it('counts a release once, however often it is called', () => {
    const slots = createStreamSlots({ perSession: 1, perIp: 1 });
    const slot = take(slots, 's', 'ip');
    slot.release();
    slot.release();
    expect(slots.held()).toBe(0);
    take(slots, 's', 'ip');
    expect(slots.take('s', 'ip')).toEqual({ refused: 'session' });
  });
});
