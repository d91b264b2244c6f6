import { describe, expect, it } from 'vitest';
import { isUuid, oneOf, searchParamsDifferingFrom, searchParamsWith, searchTextFrom } from './search-params';

describe('reading the address', () => {
  it('keeps a value only when it is one of the options', () => {
    expect(oneOf(['grid', 'table'], 'table')).toBe('table');
    expect(oneOf(['grid', 'table'], 'cards')).toBeUndefined();
    expect(oneOf(['grid', 'table'], null)).toBeUndefined();
  });

  it('takes only UUIDs as record ids', () => {
    expect(isUuid('0b7e8f4e-3c1a-4f6b-9d2e-5a8c7b6d1e2f')).toBe(true);
    expect(isUuid('------------------------------------')).toBe(false);
    expect(isUuid('42')).toBe(false);
    expect(isUuid(null)).toBe(false);
  });

  it('trims the search text and cuts it at 100 characters', () => {
    expect(searchTextFrom(new URLSearchParams('q=%20ada%20'))).toBe('ada');
    expect(searchTextFrom(new URLSearchParams(`q=${'x'.repeat(150)}`))).toHaveLength(100);
    expect(searchTextFrom(new URLSearchParams())).toBe('');
  });
});

describe('writing the address', () => {
  it('writes only what differs from the defaults, in their order', () => {
    const defaults = { q: '', status: '', sort: 'name', order: 'asc' };
    expect(searchParamsDifferingFrom({ ...defaults }, defaults).toString()).toBe('');
    expect(
      searchParamsDifferingFrom(
        { order: 'desc', sort: 'name', status: 'active', q: 'ada' },
        defaults,
      ).toString(),
    ).toBe('q=ada&status=active&order=desc');
  });

  it('changes only the params named, and an empty value removes its param', () => {
    const current = new URLSearchParams('tab=live&range=week&employee=7');
    const next = searchParamsWith(current, { tab: 'approval', range: undefined, employee: '' });
    expect(next.toString()).toBe('tab=approval');
    expect(current.toString()).toBe('tab=live&range=week&employee=7');
  });
});
