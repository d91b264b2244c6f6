import type { Db } from '@atrium/db';
import {
  addCalendarDays,
  averageProjectProgress,
  budgetUtilization,
  burndownSeries,
  employeeFullName,
  exportFileName,
  orderTeamByCompletionRate,
  periodFigures,
  reportCompletionRate,
  reportHasSection,
  reportInsights,
  reportPeriod,
  roundHours,
  roundMoney,
  startOfLocalDay,
  todayIn,
  type BudgetRow,
  type ProjectAnalysisRow,
  type ProjectReport,
  type ReportRange,
  type ReportSummary,
  type ReportTrends,
  type ReportType,
  type TeamPerformanceRow,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { notFound } from '../../platform/errors/app-error';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import type { WorkspaceMemo } from '../../platform/db/workspace-memo';
import type { ProjectsService } from '../projects';
import {
  reportsRepository as repo,
  type ProjectFiguresRow,
  type ReportScope,
  type TaskWindow,
  type TeamRow,
} from './reports.repository';
import { reportCsv } from './report-csv';

type ReportFilters = { projectId: string; range: ReportRange; type: ReportType };
type ReportQuery = ReportFilters & { limit: number; cursor?: string | undefined };

/** An export holds every row, up to this many (the scale test has 2,000 projects, 10,000 people). */
const maxExportRows = 10_000;

/** A (name, id) cursor; a tampered one is a 400, not a database error. */
const projectCursor = (cursor: string) => decodeCursor(cursor, ['text', 'uuid']);

const projectRef = (row: ProjectFiguresRow) => ({
  id: row.id,
  name: row.name,
  status: row.status,
  priority: row.priority,
});

/** A project's own budget use: its budget x its progress (null without a budget). */
function projectBudget(row: ProjectFiguresRow) {
  if (row.budget === null) return { budget: null, utilized: null, remaining: null };
  return { budget: row.budget, ...budgetUtilization(row.budget, row.progress) };
}

function toAnalysisRow(row: ProjectFiguresRow): ProjectAnalysisRow {
  const { budget, utilized, remaining } = projectBudget(row);
  return {
    project: projectRef(row),
    endDate: row.endDate,
    tasks: { total: row.total, completed: row.completed, overdue: row.overdue },
    completionRate: reportCompletionRate(row.completed, row.total),
    progress: row.progress,
    budget,
    utilized,
    remaining,
    hours: { estimated: roundHours(row.estimatedHours), actual: roundHours(row.actualHours) },
  };
}

function toBudgetRow(row: ProjectFiguresRow): BudgetRow {
  return { project: projectRef(row), progress: row.progress, ...projectBudget(row) };
}

function toTeamRow(row: TeamRow): TeamPerformanceRow {
  return {
    employee: {
      id: row.id,
      name: employeeFullName(row),
      jobTitle: row.jobTitle,
      department: row.department,
    },
    tasksAssigned: row.assigned,
    tasksCompleted: row.completed,
    completionRate: reportCompletionRate(row.completed, row.assigned),
    overdueTasks: row.overdue,
    hours: { estimated: roundHours(row.estimatedHours), actual: roundHours(row.actualHours) },
  };
}

/** The section paged by project, if the report type has one. */
const pagedSection = (type: ReportType) =>
  reportHasSection(type, 'projectAnalysis')
    ? 'projectAnalysis'
    : reportHasSection(type, 'budget')
      ? 'budget'
      : null;

export function createReportsService({
  db,
  memo,
  projects,
}: {
  db: Db;
  memo: WorkspaceMemo;
  projects: ProjectsService;
}) {
  /**
   * A report covers the projects the member sees, as every other screen does; today the matrix
   * gives contractors, who see only some, no reports:view at all, so this holds should that change.
   */
  async function scopeOf(member: Member, projectId: string): Promise<ReportScope> {
    return { ...(await projects.scopeOf(member)), projectId: projectId === 'all' ? undefined : projectId };
  }

  async function prepare(member: Member, filters: ReportFilters) {
    const scope = await scopeOf(member, filters.projectId);
    const project = scope.projectId ? await repo.findProject(db, scope) : undefined;
    if (scope.projectId && !project) throw notFound('Project');
    const { timeZone } = member;
    const today = todayIn(timeZone);
    const period = reportPeriod(filters.range, today, member.weekStart);
    const window: TaskWindow = {
      from: startOfLocalDay(period.from, timeZone),
      to: startOfLocalDay(addCalendarDays(today, 1), timeZone),
      today,
    };
    return { scope, project, timeZone, today, period, window };
  }

  type Prepared = Awaited<ReturnType<typeof prepare>>;

  /** Bucket boundaries: the start of each bucket, then the end of the last (workspace calendar). */
  const boundsOf = ({ period, timeZone }: Prepared) => [
    ...period.buckets.map((bucket) => startOfLocalDay(bucket.start, timeZone)),
    startOfLocalDay(addCalendarDays(period.to, 1), timeZone),
  ];

  /** The cards and the trend series: one grouped pass over the tasks, folded by the shared rule. */
  async function figuresOf(prepared: Prepared) {
    const { scope, period, today } = prepared;
    const [totals, groups] = await Promise.all([
      repo.projectTotals(db, scope),
      repo.taskGroups(db, { scope, bounds: boundsOf(prepared), today }),
    ]);
    const tasks = periodFigures(groups, period.buckets.length);
    const average = averageProjectProgress(totals.progressSum, totals.projects);
    const summary: ReportSummary = {
      projects: totals.projects,
      tasks: {
        total: tasks.total,
        completed: tasks.completed,
        completionRate: reportCompletionRate(tasks.completed, tasks.total),
      },
      budget: {
        total: roundMoney(totals.budget),
        ...budgetUtilization(totals.budget, average),
        averageProgress: Math.round(average),
      },
      hours: {
        estimated: roundHours(tasks.estimatedHours),
        actual: roundHours(tasks.actualHours),
        estimatedOfTracked: roundHours(tasks.estimatedOfTracked),
      },
      overdueTasks: tasks.overdue,
    };
    const remaining = burndownSeries(tasks.total, tasks.completedPerBucket);
    const trends: ReportTrends = {
      unit: period.unit,
      openAtStart: tasks.openAtStart,
      scope: tasks.total,
      buckets: period.buckets.map((bucket, i) => ({
        start: bucket.start,
        end: bucket.end,
        created: tasks.createdPerBucket[i] ?? 0,
        completed: tasks.completedPerBucket[i] ?? 0,
        remaining: remaining[i] ?? 0,
      })),
    };
    return { summary, trends };
  }

  async function projectRows({ scope, window }: Prepared, limit: number, after?: [string, string]) {
    const rows = await repo.projectPage(db, { scope, window, limit: limit + 1, after });
    return keysetPageOf(rows, limit, (last) => [last.name, last.id]);
  }

  async function teamOf({ scope, window }: Prepared, limit: number) {
    const rows = await repo.team(db, { scope, window, limit });
    return {
      // The database already orders by the same rule; sorting the page again keeps one definition.
      data: orderTeamByCompletionRate(rows.map(toTeamRow)),
      total: rows[0]?.everyone ?? 0,
    };
  }

  async function build(query: ReportQuery, prepared: Prepared): Promise<ProjectReport> {
    const has = (section: Parameters<typeof reportHasSection>[1]) => reportHasSection(query.type, section);
    const paged = pagedSection(query.type);
    const after = query.cursor ? projectCursor(query.cursor) : undefined;
    const firstPage = after === undefined;

    // Independent reads: on PostgreSQL they run side by side on the pool.
    const [figures, projectPage, team] = await Promise.all([
      firstPage ? figuresOf(prepared) : null,
      paged ? projectRows(prepared, query.limit, after) : null,
      firstPage && has('teamPerformance') ? teamOf(prepared, query.limit) : null,
    ]);
    const summary = figures?.summary ?? null;
    const total = summary ? { total: summary.projects } : {};
    return {
      filters: { projectId: prepared.scope.projectId ?? null, range: query.range, type: query.type },
      period: { from: prepared.period.from, to: prepared.period.to, timeZone: prepared.timeZone },
      summary,
      insights:
        summary && has('insights')
          ? reportInsights({
              totalTasks: summary.tasks.total,
              completedTasks: summary.tasks.completed,
              overdueTasks: summary.overdueTasks,
              actualHours: summary.hours.actual,
              estimatedHours: summary.hours.estimatedOfTracked,
            })
          : null,
      trends: figures && has('trends') ? figures.trends : null,
      projectAnalysis:
        projectPage && paged === 'projectAnalysis'
          ? { data: projectPage.page.map(toAnalysisRow), nextCursor: projectPage.nextCursor, ...total }
          : null,
      teamPerformance: team,
      budget:
        projectPage && paged === 'budget'
          ? { data: projectPage.page.map(toBudgetRow), nextCursor: projectPage.nextCursor, ...total }
          : null,
    };
  }

  return {
    /** GET /reports/projects: the cards and the sections of the report type (spec 2 Reports). */
    async report(member: Member, query: ReportQuery): Promise<ProjectReport> {
      const prepared = await prepare(member, query);
      // The same question of the same projects on the same day has the same answer, whoever asks:
      // it reads every task of the workspace, so it is kept until something there changes.
      const { scope, today, timeZone, period } = prepared;
      const key = JSON.stringify(['project-report', query, scope, today, timeZone, period.from, period.to]);
      return memo.get(member.tenantId, key, () => build(query, prepared));
    },

    /**
     * The shown report as CSV: one titled table per section, separated by a blank line (each table
     * RFC 4180 with its own header), holding every project and person rather than one page.
     */
    async exportCsv(member: Member, filters: ReportFilters): Promise<{ fileName: string; csv: string }> {
      const prepared = await prepare(member, filters);
      const report = await build({ ...filters, limit: maxExportRows }, prepared);
      return {
        fileName: exportFileName(`project-report-${filters.type}-${filters.range}`, prepared.today, 'csv'),
        csv: reportCsv(report, filters, prepared.project?.name),
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
