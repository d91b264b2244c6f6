import type { ReportType } from '@atrium/shared';

// The spec's tabs (Overview, Project Analysis, Team Performance, Trends) plus Budget. The tabs are
// the one control that picks the report (issue 20: a Report type select beside them made the same
// choice twice): each tab asks the server for the report type that fills it (reportSections in
// packages/shared), and the export follows, so the CSV holds what the tab shows.

export const reportTabs = [
  { id: 'overview', label: 'Overview', type: 'overview' },
  { id: 'analysis', label: 'Project Analysis', type: 'detailed' },
  { id: 'team', label: 'Team Performance', type: 'team' },
  { id: 'trends', label: 'Trends', type: 'overview' },
  { id: 'budget', label: 'Budget', type: 'budget' },
] as const satisfies readonly { id: string; label: string; type: ReportType }[];

export type ReportTabId = (typeof reportTabs)[number]['id'];

/** The report type a tab asks for. */
export function reportTypeOfTab(tab: ReportTabId): ReportType {
  return reportTabs.find((entry) => entry.id === tab)!.type;
}

/** The tab that opens a report type: links from before the tabs became the control say `type=`. */
const tabOfType: Record<ReportType, ReportTabId> = {
  overview: 'overview',
  detailed: 'analysis',
  team: 'team',
  budget: 'budget',
};

/** The tab the address asks for: its tab, else the tab of its (older) report type, else Overview. */
export function tabFromAddress(tab: ReportTabId | undefined, type: ReportType | undefined): ReportTabId {
  return tab ?? (type ? tabOfType[type] : 'overview');
}
