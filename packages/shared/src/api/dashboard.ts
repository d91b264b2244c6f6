import { z } from 'zod';
import { dashboardKpiIds, gettingStartedStepIds, scheduleStatuses } from '../domain/dashboard-rules';
import { taskPriorities, taskStatuses } from '../domain/enums';

// Dashboard (spec 2 "Dashboard"): GET /api/v1/dashboard with dashboard:view. Recent Activity is
// GET /api/v1/activity (activity:view), not repeated here.

export const dashboardKpiSchema = z.object({
  id: z.enum(dashboardKpiIds),
  /** The card title (spec 2). */
  label: z.string(),
  /** A count, or a percentage with 1 decimal for Campaign CTR (null before any delivery). */
  value: z.number().nullable(),
  unit: z.enum(['count', 'percent']),
  /** The same figure 30 days ago; null when the data keeps no history for it. */
  lastMonth: z.number().nullable(),
  /** Whole percent versus lastMonth; null without a comparable last-month figure. */
  changePercent: z.number().int().nullable(),
});
export type DashboardKpi = z.infer<typeof dashboardKpiSchema>;

export const upcomingTaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  project: z.object({ id: z.uuid(), name: z.string() }),
  status: z.enum(taskStatuses),
  priority: z.enum(taskPriorities),
  dueDate: z.string().nullable(),
  /** Due before today and not done (spec 9). */
  overdue: z.boolean(),
  assignee: z.object({ id: z.uuid(), name: z.string() }),
});
export type UpcomingTask = z.infer<typeof upcomingTaskSchema>;

export const projectProgressItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** 0-100. */
  progress: z.number().int(),
  scheduleStatus: z.enum(scheduleStatuses),
  /** On Track, Behind or Ahead. */
  scheduleLabel: z.string(),
  startDate: z.string(),
  /** The project's end date. */
  dueDate: z.string().nullable(),
  teamSize: z.number().int(),
  /** The first 4 team members. */
  team: z.array(z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() })),
});
export type ProjectProgressItem = z.infer<typeof projectProgressItemSchema>;

export const dashboardSchema = z.object({
  /** Today in the workspace time zone. */
  today: z.string(),
  /** Only the cards the member may see: people:view, projects:view, helpdesk:view, marketing:view. */
  kpis: z.array(dashboardKpiSchema),
  /**
   * The member's own open tasks, earliest due date first (none last), at most 5; empty without an
   * employee record; null without projects:view.
   */
  upcomingTasks: z.array(upcomingTaskSchema).nullable(),
  /** Up to 5 active projects the member may see, nearest end date first; null without projects:view. */
  projectProgress: z.array(projectProgressItemSchema).nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * GET /api/v1/dashboard/getting-started (settings:manage, issue 20): the new workspace's checklist,
 * each step ticked from the workspace's records.
 */
export const gettingStartedSchema = z.object({
  steps: z.array(z.object({ id: z.enum(gettingStartedStepIds), done: z.boolean() })),
  /** An Admin put the checklist away; it stays away for the whole workspace. */
  dismissed: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;

/** PUT /api/v1/dashboard/getting-started: put the checklist away, or bring it back. */
export const gettingStartedInputSchema = z.object({ dismissed: z.boolean() });
export type GettingStartedInput = z.infer<typeof gettingStartedInputSchema>;
