// Dashboard rules from spec section 2 (Dashboard: four KPI cards with the change versus last
// month, Upcoming Tasks, Project Progress with On Track / Behind / Ahead) and 9 (month = last 30
// days, percentages to integers).
import type { TicketStatus } from './enums';
import { daysBetween, type IsoDate } from './scheduling-rules';
import { unfinishedTicketStatuses } from './ticket-rules';

// ---------------------------------------------------------------------------------------------
// KPI cards
// ---------------------------------------------------------------------------------------------

export const dashboardKpiIds = [
  'total-employees',
  'active-projects',
  'open-tickets',
  'campaign-ctr',
] as const;
export type DashboardKpiId = (typeof dashboardKpiIds)[number];

/** Spec 2: the card titles, verbatim. */
export const dashboardKpiLabels: Record<DashboardKpiId, string> = {
  'total-employees': 'Total Employees',
  'active-projects': 'Active Projects',
  'open-tickets': 'Open Tickets',
  'campaign-ctr': 'Campaign CTR',
};

/** Tickets still waiting on someone: the Open Tickets card, the help desk overview's open count. */
export const openTicketStatuses: readonly TicketStatus[] = unfinishedTicketStatuses;

const dayMs = 86_400_000;

/** Spec 9 "month = last 30 days": "last month" is the moment 30 x 24 hours ago. */
export const lastMonthDays = 30;

export function lastMonthInstant(now: Date): Date {
  return new Date(now.getTime() - lastMonthDays * dayMs);
}

/**
 * The change versus last month, in whole percent of last month's value (spec 9: percentages to
 * integers). Null when there is no figure for last month, or it was 0 and is not now (a change
 * from nothing has no percentage); 0 -> 0 is no change.
 */
export function changeVersusLastMonth(current: number | null, lastMonth: number | null): number | null {
  if (current === null || lastMonth === null) return null;
  if (lastMonth === 0) return current === 0 ? 0 : null;
  return Math.round(((current - lastMonth) / lastMonth) * 100);
}

/** Campaign CTR: clicks per delivered message, a percentage to 1 decimal; null before any delivery. */
export function clickThroughRate(clicked: number, delivered: number): number | null {
  if (delivered <= 0) return null;
  return Math.round((clicked / delivered) * 1000) / 10;
}

// ---------------------------------------------------------------------------------------------
// Upcoming Tasks and Project Progress
// ---------------------------------------------------------------------------------------------

/** Spec 2: the dashboard lists a few of the member's open tasks and active projects. */
export const upcomingTasksLimit = 5;
export const projectProgressLimit = 5;

export const scheduleStatuses = ['on-track', 'behind', 'ahead'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

/** Spec 2: the Project Progress badges, verbatim. */
export const scheduleStatusLabels: Record<ScheduleStatus, string> = {
  'on-track': 'On Track',
  behind: 'Behind',
  ahead: 'Ahead',
};

/** Progress this many points away from the elapsed share of the schedule is ahead or behind. */
export const scheduleTolerancePoints = 10;

/**
 * The share (0-100) of the days from the start date to the end date that have passed today. A
 * project that has not started is at 0, one at or past its end date at 100; without an end date
 * there is no plan to measure against (null).
 */
export function elapsedSchedulePercent(
  project: { startDate: IsoDate; endDate: IsoDate | null },
  today: IsoDate,
): number | null {
  if (project.endDate === null) return null;
  const span = daysBetween(project.startDate, project.endDate);
  if (span <= 0) return today >= project.endDate ? 100 : 0;
  return Math.min(100, Math.max(0, (daysBetween(project.startDate, today) / span) * 100));
}

/**
 * Spec 2's On Track / Behind / Ahead, which the prototype showed as fixed sample values: progress
 * (share of done tasks) against the elapsed share of the start -> end dates. Ahead when progress
 * leads by 10 points or more, Behind when it trails by 10 or more, and Behind whenever the end date
 * has passed with work left; otherwise (and without an end date) On Track.
 */
export function projectScheduleStatus(
  project: { progress: number; startDate: IsoDate; endDate: IsoDate | null },
  today: IsoDate,
): ScheduleStatus {
  const elapsed = elapsedSchedulePercent(project, today);
  if (elapsed === null) return 'on-track';
  if (project.endDate !== null && project.endDate < today && project.progress < 100) return 'behind';
  const lead = project.progress - elapsed;
  if (lead >= scheduleTolerancePoints) return 'ahead';
  if (lead <= -scheduleTolerancePoints) return 'behind';
  return 'on-track';
}

// ---------------------------------------------------------------------------------------------
// Getting started (issue 20: a new workspace knows what to do first)
// ---------------------------------------------------------------------------------------------

/** The first things an Admin does in a new workspace, in the order the checklist shows them. */
export const gettingStartedStepIds = [
  'invite-team',
  'add-employees',
  'create-project',
  'set-working-hours',
] as const;
export type GettingStartedStepId = (typeof gettingStartedStepIds)[number];

/** What the workspace's own records say about its first steps. */
export type GettingStartedFacts = {
  /** Invitations ever sent, whatever became of them. */
  invitations: number;
  /** Members, the one who created the workspace among them. */
  members: number;
  /** Live employee records, the creator's own among them. */
  employees: number;
  projects: number;
  /** The workspace settings (time zone, week, working day) were saved at least once. */
  settingsSaved: boolean;
};

/** Whether each step is done: a step is ticked from real data, never by a click on the checklist. */
export function gettingStartedProgress(facts: GettingStartedFacts): Record<GettingStartedStepId, boolean> {
  return {
    // The creator is the first member and the first employee: the team starts with the second.
    'invite-team': facts.invitations > 0 || facts.members > 1,
    'add-employees': facts.employees > 1,
    'create-project': facts.projects > 0,
    'set-working-hours': facts.settingsSaved,
  };
}

/** The checklist shows until every step is done or an Admin puts it away. */
export function showsGettingStarted(checklist: {
  dismissed: boolean;
  steps: readonly { done: boolean }[];
}): boolean {
  return !checklist.dismissed && checklist.steps.some((step) => !step.done);
}
