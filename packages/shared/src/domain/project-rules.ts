// Project rules from spec sections 2 (Projects), 3 (Project), 4 (project status) and 9 (project
// card limits). Progress is derived from tasks (spec 3: progress 0-100); the task service keeps the
// stored value with projectProgress, and the cards and stats read it.
import { allows, type Grant } from '../permissions/permissions';
import { projectStatuses, type ProjectPriority, type ProjectStatus, type Role } from './enums';
import type { IsoDate } from './scheduling-rules';

export const projectStatusLabels: Record<ProjectStatus, string> = {
  planning: 'Planning',
  active: 'Active',
  'on-hold': 'On Hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const projectPriorityLabels: Record<ProjectPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/** Spec 4: the card's status select offers every status but cancelled. */
export const cardStatusOptions: readonly ProjectStatus[] = projectStatuses.filter((s) => s !== 'cancelled');

/** Spec 3: progress 0-100, here the share of done tasks, rounded; a project without tasks is at 0. */
export function projectProgress(tasksDone: number, tasksTotal: number): number {
  if (tasksTotal <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((tasksDone / tasksTotal) * 100)));
}

/**
 * Spec 2: the card shows the due (end) date in red once it has passed — unless the project is
 * completed or cancelled: a project that is over is not late.
 */
export function isProjectPastDue(
  project: { endDate: IsoDate | null; status: ProjectStatus },
  today: IsoDate,
): boolean {
  const over = project.status === 'completed' || project.status === 'cancelled';
  return !over && project.endDate !== null && project.endDate < today;
}

/**
 * How far a role's sight of projects reaches (issue 3, one rule since issue 18): every project of
 * the workspace with projects:view-all; only the projects one is involved in otherwise
 * (contractors); none without projects:view.
 */
export type ProjectReach = 'all' | 'involved' | 'none';

export function projectReach(who: Role | Grant): ProjectReach {
  const grant = typeof who === 'string' ? { role: who, scopes: null } : who;
  if (!allows(grant, 'projects:view')) return 'none';
  return allows(grant, 'projects:view-all') ? 'all' : 'involved';
}

/**
 * How a person stands to one project. Managing a project is not listed: the manager is always put
 * on the team.
 */
export type ProjectInvolvement = { onTeam: boolean; assignedTask: boolean };

/**
 * Whether a member sees a project (the projects, tasks, reports, dashboard and calendar screens
 * alike): contractors see a project they are on the team of, or have a task of assigned to them.
 * The projects module's repository writes the same rule in SQL.
 */
export function seesProject(role: Role, involvement: ProjectInvolvement): boolean {
  const reach = projectReach(role);
  return reach === 'all' || (reach === 'involved' && (involvement.onTeam || involvement.assignedTask));
}

/** Spec 9: the project card shows at most 4 team avatars, then "+N". */
export const teamAvatarLimit = 4;

export function teamAvatars<T>(
  members: readonly T[],
  total: number = members.length,
  limit = teamAvatarLimit,
) {
  return { shown: members.slice(0, limit), more: Math.max(0, total - Math.min(limit, members.length)) };
}

/** Spec 2: the five cards above the project grid. */
export type ProjectStats = {
  totalProjects: number;
  activeProjects: number;
  completedProjects: number;
  overdueTasks: number;
  /** The mean of the projects' progress, a whole percent (spec 9: percentages to integers); 0 without projects. */
  averageCompletion: number;
};

export function projectStats(input: {
  countsByStatus: Partial<Record<ProjectStatus, number>>;
  progressSum: number;
  overdueTasks: number;
}): ProjectStats {
  const total = Object.values(input.countsByStatus).reduce((sum, count) => sum + (count ?? 0), 0);
  return {
    totalProjects: total,
    activeProjects: input.countsByStatus.active ?? 0,
    completedProjects: input.countsByStatus.completed ?? 0,
    overdueTasks: input.overdueTasks,
    averageCompletion: total === 0 ? 0 : Math.round(input.progressSum / total),
  };
}

/** Project dates: an end date before the start date is refused (null when the pair is fine). */
export function projectDatesProblem(startDate: IsoDate, endDate: IsoDate | null): string | null {
  return endDate !== null && endDate < startDate ? 'The end date cannot be before the start date' : null;
}
