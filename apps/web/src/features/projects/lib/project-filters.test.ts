import { describe, expect, it } from 'vitest';
import {
  defaultFilters,
  filterSearchParams,
  filtersFromSearchParams,
  hasActiveFilters,
  statsSearchParams,
} from './project-filters';

const managerId = '0b9c7a4e-4c55-4e0e-8f6f-2d5f1c1f0a11';

describe('project filters in the address', () => {
  it('reads the filters back from what it writes', () => {
    const filters = {
      q: 'portal',
      status: 'on-hold',
      priority: 'critical',
      managerId,
      sort: 'name',
      order: 'asc',
    } as const;
    expect(filtersFromSearchParams(filterSearchParams(filters))).toEqual(filters);
  });

  it('keeps a plain address plain and ignores what it does not know', () => {
    expect(filterSearchParams(defaultFilters).toString()).toBe('');
    const read = filtersFromSearchParams(
      new URLSearchParams('status=archived&priority=urgent&managerId=42&sort=budget&order=up'),
    );
    expect(read).toEqual(defaultFilters);
    expect(hasActiveFilters(read)).toBe(false);
  });

  it('counts the stats over the same filters, without the order', () => {
    const params = statsSearchParams({ ...defaultFilters, status: 'active', sort: 'name', order: 'asc' });
    expect(params.toString()).toBe('status=active');
  });
});
