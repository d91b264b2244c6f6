import { describe, expect, it } from 'vitest';
import { emptyAsNull, emptyAsNullNumber, emptyAsUndefinedNumber } from './form-values';

describe('form values', () => {
  it('reads an emptied optional box as null', () => {
    expect(emptyAsNull('')).toBeNull();
    expect(emptyAsNull('Acme')).toBe('Acme');
  });

  it('reads an emptied or blank number box as no value', () => {
    expect(emptyAsNullNumber('')).toBeNull();
    expect(emptyAsNullNumber('  ')).toBeNull();
    expect(emptyAsUndefinedNumber('')).toBeUndefined();
  });

  it('reads a number box as its number', () => {
    expect(emptyAsNullNumber('42.5')).toBe(42.5);
    expect(emptyAsNullNumber(' 0 ')).toBe(0);
    expect(emptyAsUndefinedNumber('3')).toBe(3);
  });

  it('keeps an entry that is not a number as NaN for the schema to refuse, never as no value', () => {
    expect(emptyAsNullNumber('1e')).toBeNaN();
    expect(emptyAsNullNumber('12,5')).toBeNaN();
    expect(emptyAsUndefinedNumber('abc')).toBeNaN();
  });
});
