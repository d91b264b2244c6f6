import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { decodeCursor, encodeCursor, type CursorShape } from './cursor';

// Issue 17, item 5: forged cursors reached SQL as an invalid timestamp, an invalid uuid or an
// Invalid Date (500). A cursor is checked against the shape of its sort key before use.

const id = '4b0c1c9e-35e3-4f7a-9d3b-0b8c1a1f2e3d';
const forged = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');

function refused(cursor: string, shape: CursorShape) {
  try {
    decodeCursor(cursor, shape);
  } catch (error) {
    return error instanceof AppError && error.status === 400 && error.fields?.cursor === 'Invalid cursor';
  }
  return false;
}

describe('decodeCursor', () => {
  it('gives back the values of a cursor it issued, typed by the shape', () => {
    const values: [string, string, number, string] = ['Lovelace', '2025-03-02', 42, id];
    const decoded = decodeCursor(encodeCursor(values), ['text', 'date', 'int', 'uuid']);
    expect(decoded).toEqual(values);
    const [at, entry] = decodeCursor(encodeCursor(['2026-11-22T10:00:00.123Z', id]), ['timestamp', 'uuid']);
    expect(new Date(at).toISOString()).toBe('2026-11-22T10:00:00.123Z');
    expect(entry).toBe(id);
  });

  it('refuses the cursors of issue 17', () => {
    expect(refused('WyJ6enp6Iiwibm90LWEtdXVpZCJd', ['timestamp', 'uuid'])).toBe(true);
    expect(refused(forged(['yesterday', id]), ['timestamp', 'uuid'])).toBe(true);
    expect(refused(forged(['Smith', 'Ann', 'not-a-uuid']), ['text', 'text', 'uuid'])).toBe(true);
  });

  it('refuses each kind of value that PostgreSQL would not cast', () => {
    const refuses = (shape: CursorShape, values: unknown[]) =>
      expect(refused(forged(values), shape), JSON.stringify(values)).toBe(true);
    refuses(['text', 'uuid'], ['a\u0000', id]);
    refuses(['text', 'uuid'], ['\ud800', id]);
    refuses(['text', 'uuid'], [12, id]);
    refuses(['text', 'uuid'], [null, id]);
    refuses(['date', 'uuid'], ['2024-02-30', id]);
    refuses(['date', 'uuid'], ['2025-13-45', id]);
    refuses(['date', 'uuid'], ['0000-01-01', id]);
    refuses(['timestamp', 'uuid'], ['2025-13-45T00:00:00Z', id]);
    refuses(['timestamp', 'uuid'], ['2025-03-02T25:00:00Z', id]);
    refuses(['timestamp', 'uuid'], ['1', id]);
    refuses(['int', 'uuid'], [2 ** 31, id]);
    refuses(['int', 'uuid'], [1.5, id]);
    refuses(['number', 'uuid'], ['7', id]);
    refuses([{ oneOf: ['low', 'high'] }, 'uuid'], ['urgent', id]);
  });

  it('refuses a wrong length, a non-array, non-JSON and non-base64', () => {
    expect(refused(forged(['a', id, id]), ['text', 'uuid'])).toBe(true);
    expect(refused(forged([id]), ['text', 'uuid'])).toBe(true);
    expect(refused(forged({ after: id }), ['uuid'])).toBe(true);
    expect(refused(Buffer.from('[not json').toString('base64url'), ['uuid'])).toBe(true);
    expect(refused('!!!', ['uuid'])).toBe(true);
  });

  it('admits null where the shape says so (the missing-value segment of a nulls-last sort)', () => {
    expect(decodeCursor(forged([null, id]), ['date?', 'uuid'])).toEqual([null, id]);
    expect(decodeCursor(forged([null, id]), [{ oneOf: ['low'], nullable: true }, 'uuid'])).toEqual([
      null,
      id,
    ]);
    expect(decodeCursor(forged([1e300, id]), ['number?', 'uuid'])).toEqual([1e300, id]);
  });
});
