import type { Role } from '../domain/enums';

/**
 * Everything a member can be allowed to do, per module (issue: "one permission matrix in
 * packages/shared"). The server checks these on every route; the web app hides what a role lacks.
 */
export const actions = [
  'dashboard:view',
  // People
  'people:view',
  'people:manage',
  /** Salary and hourly rate (issue 3: Admin and Manager only). */
  'people:view-compensation',
  /** The whole directory as a file (issue 20: Admin and Manager; others read it a page at a time). */
  'people:export',
  'time:track-own',
  'time:manage',
  'schedule:view',
  'schedule:manage',
  'performance:view',
  'performance:manage',
  // Projects
  'projects:view',
  /** Without it (contractors) only the projects one is involved in: see seesProject (issue 3, 18). */
  'projects:view-all',
  'projects:manage',
  'tasks:work',
  /** Any task; without it only the tasks one reported or whose project one manages: mayDeleteTask (issue 20). */
  'tasks:delete-any',
  'reports:view',
  // Help desk
  'helpdesk:view',
  'helpdesk:manage',
  'portal:use',
  // Marketing
  'marketing:view',
  'marketing:manage',
  'analytics:view',
  'calendar:use',
  'timeclock:use',
  'documents:view',
  'documents:manage',
  // Workspace administration
  /** The workspace's settings (time zone, week, hours) that every staff page reads; not customers (issue 17). */
  'workspace:view',
  'activity:view',
  'members:view',
  'members:manage',
  'settings:manage',
] as const;

export type Action = (typeof actions)[number];

const staff: Action[] = [
  'dashboard:view',
  'people:view',
  'time:track-own',
  'schedule:view',
  'performance:view',
  'projects:view',
  'projects:view-all',
  'tasks:work',
  'reports:view',
  'helpdesk:view',
  'marketing:view',
  'analytics:view',
  'calendar:use',
  'timeclock:use',
  'documents:view',
  'workspace:view',
  'activity:view',
  'members:view',
];

const manager: Action[] = [
  ...staff,
  'people:manage',
  'people:view-compensation',
  'people:export',
  'time:manage',
  'schedule:manage',
  'performance:manage',
  'projects:manage',
  'tasks:delete-any',
  'helpdesk:manage',
  'marketing:manage',
  'documents:manage',
];

export const permissionMatrix: Record<Role, ReadonlySet<Action>> = {
  admin: new Set<Action>([...manager, 'members:manage', 'settings:manage']),
  manager: new Set(manager),
  employee: new Set(staff),
  contractor: new Set<Action>([
    'dashboard:view',
    'projects:view',
    'tasks:work',
    'time:track-own',
    'timeclock:use',
    'calendar:use',
    'workspace:view',
  ]),
  customer: new Set<Action>(['portal:use']),
};

export function can(role: Role, action: Action): boolean {
  return permissionMatrix[role].has(action);
}

/**
 * Who asks, as far as rights go: a role, and for a request made with an API token the actions the
 * token was given (null for a signed-in session). Issue 19: a token never reaches past its scopes,
 * nor past what its owner's role allows today.
 */
export type Grant = { role: Role; scopes: ReadonlySet<Action> | null };

/** Every decision on a right the server makes for a member goes through this, never `can` alone. */
export function allows(grant: Grant, action: Action): boolean {
  return can(grant.role, action) && (grant.scopes === null || grant.scopes.has(action));
}

/**
 * Issue 20, as the common task trackers have it: a task is deleted, with its comments and subtasks,
 * by its reporter, its project's manager, or a member who may delete any task (Managers, Admins);
 * everyone else who works on it may still mark it done. `may` is the asker's rights: `allows` on
 * the server, the signed-in member's permissions in the web app.
 */
export function mayDeleteTask(
  who: { may: (action: Action) => boolean; employeeId: string | null },
  task: { reporterId: string | null; projectManagerId: string | null },
): boolean {
  if (!who.may('tasks:work')) return false;
  if (who.may('tasks:delete-any')) return true;
  return (
    who.employeeId !== null &&
    (task.reporterId === who.employeeId || task.projectManagerId === who.employeeId)
  );
}

export function permissionsOf(role: Role): Action[] {
  return actions.filter((action) => permissionMatrix[role].has(action));
}

/** Where a member of this role lands after signing in: customers live in the portal. */
export function homePathFor(role: Role): string {
  return role === 'customer' ? '/helpdesk/portal' : '/dashboard';
}
