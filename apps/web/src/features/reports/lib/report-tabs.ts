import type { ReportType } from '@atrium/shared';

// The spec's tabs (Overview, Project Analysis, Team Performance, Trends) plus Budget, each shown
// from the report type whose response fills it (reportSections in packages/shared):
// - Overview (Key Insights and the period at a glance) and Trends (the charts): overview, or
//   detailed, which holds the same sections;
// - Project Analysis: detailed; Team Performance: team; Budget: budget.
// The Report type select and the tabs are one choice seen two ways: opening a tab that the chosen
// type does not fill switches to the tab's own type, and choosing a type opens its tab unless the
// current one is also filled by it (Overview, Trends and Project Analysis share the detailed
// response, so moving between them costs no request). The export follows the same type, so the
// CSV holds what the tab shows.

export const reportTabs = [
  { id: 'overview', label: 'Overview', types: ['overview', 'detailed'] },
  { id: 'analysis', label: 'Project Analysis', types: ['detailed'] },
  { id: 'team', label: 'Team Performance', types: ['team'] },
  { id: 'trends', label: 'Trends', types: ['overview', 'detailed'] },
  { id: 'budget', label: 'Budget', types: ['budget'] },
] as const satisfies readonly { id: string; label: string; types: readonly ReportType[] }[];

export type ReportTabId = (typeof reportTabs)[number]['id'];

const tabOf = (id: ReportTabId) => reportTabs.find((tab) => tab.id === id)!;

/** The tab a report type opens on. */
export const primaryTabOf: Record<ReportType, ReportTabId> = {
  overview: 'overview',
  detailed: 'analysis',
  team: 'team',
  budget: 'budget',
};

export function tabShowsType(tab: ReportTabId, type: ReportType): boolean {
  return (tabOf(tab).types as readonly ReportType[]).includes(type);
}

/** The tab to show for a type and a requested tab (from the address or a click on the select). */
export function resolveTab(type: ReportType, requested: ReportTabId | undefined): ReportTabId {
  return requested && tabShowsType(requested, type) ? requested : primaryTabOf[type];
}

/** The type to request when a tab is opened: the current one if it fills the tab. */
export function typeForTab(tab: ReportTabId, current: ReportType): ReportType {
  return tabShowsType(tab, current) ? current : tabOf(tab).types[0];
}
