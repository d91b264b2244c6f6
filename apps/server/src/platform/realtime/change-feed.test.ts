import { describe, expect, it } from 'vitest';
import { decodeChangeCursor, encodeChangeCursor, isAfter } from './change-feed.service';
import { maxPresenceNameLength, parseChangePayload, parseNotification } from './change-event';

describe('change cursor', () => {
  it('round-trips and rejects what it did not issue', () => {
    const cursor = {
      occurredAt: new Date('2026-11-22T10:00:00.123Z'),
      id: '4b0c1c9e-35e3-4f7a-9d3b-0b8c1a1f2e3d',
    };
    expect(decodeChangeCursor(encodeChangeCursor(cursor))).toEqual(cursor);
    expect(decodeChangeCursor(undefined)).toBeNull();
    expect(decodeChangeCursor('not-a-cursor')).toBeNull();
    expect(decodeChangeCursor(Buffer.from('["yesterday","x"]').toString('base64url'))).toBeNull();
  });

  it('orders by time, then id', () => {
    const at = (iso: string, id: string) => ({ occurredAt: new Date(iso), id });
    expect(isAfter(at('2026-01-01T00:00:01Z', 'a'), at('2026-01-01T00:00:00Z', 'b'))).toBe(true);
    expect(isAfter(at('2026-01-01T00:00:00Z', 'b'), at('2026-01-01T00:00:00Z', 'a'))).toBe(true);
    expect(isAfter(at('2026-01-01T00:00:00Z', 'a'), at('2026-01-01T00:00:00Z', 'a'))).toBe(false);
  });
});

describe('change notification payload', () => {
  it('accepts what record() sends and ignores anything else', () => {
    const event = {
      tenantId: '4b0c1c9e-35e3-4f7a-9d3b-0b8c1a1f2e3d',
      id: '5c1d2d0f-46f4-4a8b-8e4c-1c9d2b2a3f4e',
      entityType: 'task',
      entityId: '6d2e3e1a-57a5-4b9c-9f5d-2d0e3c3b4a5f',
      action: 'updated',
      occurredAt: '2026-11-22T10:00:00.123Z',
    };
    expect(parseChangePayload(JSON.stringify(event))).toEqual(event);
    expect(parseChangePayload('{')).toBeNull();
    expect(parseChangePayload(JSON.stringify({ ...event, tenantId: 'x' }))).toBeNull();
    expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThan(8000);
  });
});

describe('presence notification payload', () => {
  const presence = {
    kind: 'presence',
    tenantId: '4b0c1c9e-35e3-4f7a-9d3b-0b8c1a1f2e3d',
    entityType: 'ticket',
    entityId: '6d2e3e1a-57a5-4b9c-9f5d-2d0e3c3b4a5f',
    action: 'replying',
    userId: '7e3f4f2b-68b6-4cad-8a6e-3e1f4d4c5b6a',
    name: 'N'.repeat(maxPresenceNameLength),
  };

  it('travels on the same channel and is told apart from a change', () => {
    expect(parseNotification(JSON.stringify(presence))).toEqual({ presence });
    expect(parseChangePayload(JSON.stringify(presence))).toBeNull();
    expect(parseNotification(JSON.stringify({ ...presence, action: 'deleting' }))).toBeNull();
    expect(parseNotification(JSON.stringify({ ...presence, name: `${presence.name}N` }))).toBeNull();
    // Even with the longest name in the widest characters, far below NOTIFY's 8000 bytes.
    const widest = JSON.stringify({ ...presence, name: '😀'.repeat(maxPresenceNameLength / 2) });
    expect(Buffer.byteLength(widest)).toBeLessThan(8000);
  });
});
