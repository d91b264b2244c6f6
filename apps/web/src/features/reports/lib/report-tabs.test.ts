import { reportTypes } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { primaryTabOf, reportTabs, resolveTab, tabShowsType, typeForTab } from './report-tabs';

describe('report tabs and report types', () => {
  it('opens the tab of each type, which that type fills', () => {
    for (const type of reportTypes) expect(tabShowsType(primaryTabOf[type], type)).toBe(true);
  });

  it('keeps a requested tab the type fills, and falls back to the type’s own tab otherwise', () => {
    expect(resolveTab('detailed', 'trends')).toBe('trends');
    expect(resolveTab('detailed', 'overview')).toBe('overview');
    expect(resolveTab('overview', 'analysis')).toBe('overview');
    expect(resolveTab('team', 'trends')).toBe('team');
    expect(resolveTab('budget', undefined)).toBe('budget');
  });

  it('requests the type a tab needs, keeping the current one when it fills the tab', () => {
    expect(typeForTab('analysis', 'overview')).toBe('detailed');
    expect(typeForTab('trends', 'detailed')).toBe('detailed');
    expect(typeForTab('trends', 'team')).toBe('overview');
    expect(typeForTab('team', 'detailed')).toBe('team');
    expect(typeForTab('budget', 'overview')).toBe('budget');
  });

  it('has every type reachable from a tab', () => {
    const reachable = new Set(reportTabs.flatMap((tab) => tab.types));
    expect([...reachable].sort()).toEqual([...reportTypes].sort());
  });
});
