import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectChangeStream, type Change, type EventSourceLike } from './change-stream';
import type { Presence } from './presence';

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, lastEventId = '', data = '{}') {
    if (type !== 'error') this.readyState = 1;
    const event = { type, lastEventId, data } as MessageEvent<string>;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setUp() {
  const sources: FakeEventSource[] = [];
  const changes: Change[] = [];
  const presence: Presence[] = [];
  let resyncs = 0;
  const stream = connectChangeStream({
    url: '/api/v1/events',
    onChange: (change) => changes.push(change),
    onResync: () => (resyncs += 1),
    onPresence: (heard) => presence.push(heard),
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    retryDelaysMs: [100, 1_000],
  });
  return { stream, sources, changes, presence, resyncs: () => resyncs };
}

const change = (entityId: string) => JSON.stringify({ entityType: 'task', entityId, action: 'updated' });

describe('change stream', () => {
  it('passes each change on once, even when a replay repeats it', () => {
    const { sources, changes } = setUp();
    const source = sources[0]!;
    source.emit('ready', 'c0');
    source.emit('change', 'c1', change('t1'));
    source.emit('change', 'c1', change('t1'));
    source.emit('change', 'c2', change('t2'));
    expect(changes.map((c) => c.entityId)).toEqual(['t1', 't2']);
  });

  it('asks for a full refresh after a reconnect, not on the first connection', () => {
    const { sources, resyncs } = setUp();
    const source = sources[0]!;
    source.emit('ready', 'c0');
    expect(resyncs()).toBe(0);
    // The browser's own reconnect after a dropped connection.
    source.emit('error');
    source.emit('ready', 'c0');
    expect(resyncs()).toBe(1);
  });

  it('trusts the replay after a reconnect the server announced (a stream reaching its lifetime)', () => {
    const { sources, resyncs } = setUp();
    const source = sources[0]!;
    source.emit('ready', 'c0');
    source.emit('reconnect', 'c0');
    source.emit('error');
    source.emit('ready', 'c0');
    expect(resyncs()).toBe(0);
    source.emit('error');
    source.emit('ready', 'c0');
    expect(resyncs()).toBe(1);
  });

  it('passes a resync from the server on', () => {
    const { sources, resyncs } = setUp();
    sources[0]!.emit('ready', 'c0');
    sources[0]!.emit('resync', 'c9');
    expect(resyncs()).toBe(1);
  });

  it('opens a new connection, resuming from the last id, when the browser gives up', () => {
    const { sources, resyncs } = setUp();
    const first = sources[0]!;
    first.emit('ready', 'c0');
    first.emit('change', 'c1', change('t1'));
    first.readyState = 2;
    first.emit('error');
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(100);
    expect(sources).toHaveLength(2);
    expect(sources[1]!.url).toBe('/api/v1/events?lastEventId=c1');
    sources[1]!.emit('ready', 'c1');
    expect(resyncs()).toBe(1);
  });

  it('passes presence on as it comes, and resumes after it from the last change', () => {
    const { sources, changes, presence } = setUp();
    const first = sources[0]!;
    first.emit('ready', 'c0');
    first.emit('change', 'c1', change('t1'));
    const replying = { entityType: 'ticket', entityId: 't9', action: 'replying', userId: 'u2', name: 'Ana' };
    first.emit('presence', 'c1', JSON.stringify(replying));
    first.emit('presence', 'c1', JSON.stringify(replying));
    first.emit('presence', 'c1', '{');
    expect(presence).toEqual([replying, replying]);
    expect(changes.map((c) => c.entityId)).toEqual(['t1']);
    first.readyState = 2;
    first.emit('error');
    vi.advanceTimersByTime(100);
    expect(sources[1]!.url).toBe('/api/v1/events?lastEventId=c1');
  });

  it('backs off while connections keep failing, and stops for good on close', () => {
    const { stream, sources } = setUp();
    sources[0]!.readyState = 2;
    sources[0]!.emit('error');
    vi.advanceTimersByTime(100);
    sources[1]!.readyState = 2;
    sources[1]!.emit('error');
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    stream.close();
    expect(sources[2]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(3);
  });
});
