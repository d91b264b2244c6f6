import { reportHasSection, reportTypes, type ReportSection } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { reportTabs, reportTypeOfTab, tabFromAddress, type ReportTabId } from './report-tabs';

// Issue 20: the tabs are the one control that picks the report; each asks for a type that fills it.
const sectionOfTab: Record<ReportTabId, ReportSection> = {
  overview: 'insights',
  analysis: 'projectAnalysis',
  team: 'teamPerformance',
  trends: 'trends',
  budget: 'budget',
};

describe('report tabs', () => {
  it('ask for a report type that fills the tab', () => {
    for (const tab of reportTabs)
      expect(reportHasSection(reportTypeOfTab(tab.id), sectionOfTab[tab.id])).toBe(true);
  });

  it('reach every report type', () => {
    expect([...new Set(reportTabs.map((tab) => tab.type))].sort()).toEqual([...reportTypes].sort());
  });

  it('open from the address: the tab, else an older link’s report type, else Overview', () => {
    expect(tabFromAddress('trends', 'team')).toBe('trends');
    expect(tabFromAddress(undefined, 'team')).toBe('team');
    expect(tabFromAddress(undefined, 'detailed')).toBe('analysis');
    expect(tabFromAddress(undefined, undefined)).toBe('overview');
  });
});
