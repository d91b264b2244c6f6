import { z } from 'zod';
import { projectPriorities, projectStatuses } from '../domain/enums';
import { insightKinds, reportRanges, reportTypes } from '../domain/report-rules';
import { text } from './fields';
import { listPageSchema } from './list';

// Project reports (spec 2 "Reports", spec 9 "Reports"): GET /api/v1/reports/projects and its CSV
// export GET /api/v1/reports/projects/export, both with reports:view. Contractors (no
// projects:view-all) would only ever see the projects seesProject gives them; today they lack
// reports:view.
//
// Which tasks a report counts: those open at some time in the period — created before its end
// and not done before its start. "Completed" means done within the period, dated by the task's
// completedAt. Overdue (spec 9: due date before today, not done) is as of today. Budgets and
// progress are the projects' current figures; the range does not change them.

const reportFilters = {
  /** One project, or `all` (the default) for every project the member may see. */
  projectId: z
    .union([z.literal('all'), z.uuid()], { error: 'Choose a project from the list, or all' })
    .default('all'),
  range: z.enum(reportRanges, 'Choose week, month, quarter or year').default('month'),
  type: z.enum(reportTypes, 'Choose overview, detailed, team or budget').default('overview'),
};

export const projectReportQuerySchema = z.object({
  ...reportFilters,
  /** Rows per page of the per-project sections, and the most rows of the team table. */
  limit: z.coerce.number('Enter a number').int().min(1).max(200).default(50),
  /**
   * The next page of the per-project section (projectAnalysis or budget). With a cursor only that
   * section is filled; the cards and the other sections come with the first page.
   */
  cursor: text().max(500).optional(),
});
export type ProjectReportQuery = z.input<typeof projectReportQuerySchema>;

/** The export takes the same filters; it holds every row, not one page. */
export const projectReportExportQuerySchema = z.object(reportFilters);
export type ProjectReportExportQuery = z.input<typeof projectReportExportQuerySchema>;

// ---- responses --------------------------------------------------------------------------------

const count = z.number().int();
const hours = z.number();
const money = z.number();

const projectRef = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(projectStatuses),
  priority: z.enum(projectPriorities),
});

/** The 4 summary cards (spec 2). */
export const reportSummarySchema = z.object({
  /** Projects the report covers. */
  projects: count,
  tasks: z.object({
    total: count,
    completed: count,
    /** completed / total, whole percent. */
    completionRate: count,
  }),
  /** Spec 9: utilized = total x average progress, remaining = the rest. */
  budget: z.object({
    total: money,
    utilized: money,
    remaining: money,
    /** The mean of the projects' progress, whole percent. */
    averageProgress: count,
  }),
  hours: z.object({
    estimated: hours,
    actual: hours,
    /** The estimate of the tasks that have actual hours: what `actual` is compared with. */
    estimatedOfTracked: hours,
  }),
  overdueTasks: count,
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const insightSchema = z.object({ kind: z.enum(insightKinds), message: z.string() });

export const reportTrendBucketSchema = z.object({
  /** First and last calendar day of the bucket (workspace time zone). */
  start: z.string(),
  end: z.string(),
  created: count,
  completed: count,
  /** Burndown: the period's tasks (see `scope`) not yet done at the end of the bucket. */
  remaining: count,
});

export const reportTrendsSchema = z.object({
  /** day buckets for week and month, week buckets for quarter, month buckets for year. */
  unit: z.enum(['day', 'week', 'month']),
  /** Open tasks when the period began. */
  openAtStart: count,
  /** The period's tasks: open when it began or created in it (the burndown's starting point). */
  scope: count,
  buckets: z.array(reportTrendBucketSchema),
});
export type ReportTrends = z.infer<typeof reportTrendsSchema>;

export const projectAnalysisRowSchema = z.object({
  project: projectRef,
  endDate: z.string().nullable(),
  tasks: z.object({ total: count, completed: count, overdue: count }),
  completionRate: count,
  /** The project's progress, 0-100 (share of all its done tasks, whatever the period). */
  progress: count,
  budget: money.nullable(),
  utilized: money.nullable(),
  remaining: money.nullable(),
  hours: z.object({ estimated: hours, actual: hours }),
});
export type ProjectAnalysisRow = z.infer<typeof projectAnalysisRowSchema>;

export const budgetRowSchema = z.object({
  project: projectRef,
  budget: money.nullable(),
  progress: count,
  /** budget x progress; null without a budget. */
  utilized: money.nullable(),
  remaining: money.nullable(),
});
export type BudgetRow = z.infer<typeof budgetRowSchema>;

export const teamPerformanceRowSchema = z.object({
  employee: z.object({ id: z.uuid(), name: z.string(), jobTitle: z.string(), department: z.string() }),
  tasksAssigned: count,
  tasksCompleted: count,
  completionRate: count,
  overdueTasks: count,
  hours: z.object({ estimated: hours, actual: hours }),
});
export type TeamPerformanceRow = z.infer<typeof teamPerformanceRowSchema>;

/**
 * GET /api/v1/reports/projects. A section the report type does not include (see reportSections in
 * report-rules) is null, and so is everything but the paged section when a cursor is given.
 */
export const projectReportSchema = z.object({
  filters: z.object({
    projectId: z.uuid().nullable(),
    range: z.enum(reportRanges),
    type: z.enum(reportTypes),
  }),
  period: z.object({
    /** First and last (today) calendar day covered, workspace time zone. */
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
  }),
  summary: reportSummarySchema.nullable(),
  /** Spec 9: overdue warning, excellent (>= 85% completion), estimation (actual > 120% of estimate). */
  insights: z.array(insightSchema).nullable(),
  trends: reportTrendsSchema.nullable(),
  projectAnalysis: listPageSchema(projectAnalysisRowSchema).nullable(),
  /** Ordered by completion rate, descending (spec 9); at most `limit` rows of `total`. */
  teamPerformance: z.object({ data: z.array(teamPerformanceRowSchema), total: count }).nullable(),
  budget: listPageSchema(budgetRowSchema).nullable(),
});
export type ProjectReport = z.infer<typeof projectReportSchema>;
