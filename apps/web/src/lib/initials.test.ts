import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first and the last name', () => {
    expect(initialsOf('Evan Senger')).toBe('ES');
    expect(initialsOf('Lorine  Konopelski-Kuphal')).toBe('LK');
    expect(initialsOf('Ana María de la Cruz')).toBe('AC');
  });

  it('copes with one name or none', () => {
    expect(initialsOf('cher')).toBe('C');
    expect(initialsOf('  ')).toBe('');
  });
});
