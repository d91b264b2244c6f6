import type { Action } from '@atrium/shared';

const moduleLabels: Record<string, string> = {
  dashboard: 'Dashboard',
  people: 'People',
  time: 'Time tracking',
  schedule: 'Scheduling',
  performance: 'Performance',
  projects: 'Projects',
  tasks: 'Tasks',
  reports: 'Reports',
  helpdesk: 'Help desk',
  portal: 'Customer portal',
  marketing: 'Marketing',
  analytics: 'Analytics',
  calendar: 'Calendar',
  timeclock: 'Time clock',
  documents: 'Documents',
  workspace: 'Workspace',
  activity: 'Activity',
  members: 'Members',
  settings: 'Settings',
};

const moduleOf = (action: Action) => action.slice(0, action.indexOf(':'));

/** "people:view-compensation" reads "view compensation" under its module's heading. */
export const scopeLabel = (action: Action) => action.slice(action.indexOf(':') + 1).replace(/-/g, ' ');

export const moduleLabel = (module: string) => moduleLabels[module] ?? module;

/** The actions by module, in the order of the permission matrix. */
export function scopesByModule(scopes: readonly Action[]): { module: string; scopes: Action[] }[] {
  const groups = new Map<string, Action[]>();
  for (const scope of scopes) {
    const module = moduleOf(scope);
    groups.set(module, [...(groups.get(module) ?? []), scope]);
  }
  return [...groups].map(([module, actions]) => ({ module, scopes: actions }));
}

/** One line for the list: "People: view, manage · Projects: view". */
export function scopesSummary(scopes: readonly Action[]): string {
  return scopesByModule(scopes)
    .map(({ module, scopes: actions }) => `${moduleLabel(module)}: ${actions.map(scopeLabel).join(', ')}`)
    .join(' · ');
}
