// Project report rules from spec sections 2 (Reports: project filter, time range, report type,
// 4 summary cards, tabs, Key Insights) and 9 (budget utilized, team order, the three insights,
// percentages to integers). The server's figures and the report screen both come from here.
import { countOf } from './count-wording';
import { percentage } from './performance-rules';
import { weekStartOf, type IsoDate } from './scheduling-rules';
import { addCalendarDays, roundMoney } from './time-rules';

// ---------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------

/** Spec 2: the time range select. */
export const reportRanges = ['week', 'month', 'quarter', 'year'] as const;
export type ReportRange = (typeof reportRanges)[number];

export const reportRangeLabels: Record<ReportRange, string> = {
  week: 'Last 7 days',
  month: 'Last 30 days',
  quarter: 'Last 13 weeks',
  year: 'Last 12 months',
};

/** Spec 2: the report type select (which in the prototype had no effect). */
export const reportTypes = ['overview', 'detailed', 'team', 'budget'] as const;
export type ReportType = (typeof reportTypes)[number];

export const reportTypeLabels: Record<ReportType, string> = {
  overview: 'Overview',
  detailed: 'Detailed',
  team: 'Team',
  budget: 'Budget',
};

export type ReportSection = 'insights' | 'trends' | 'projectAnalysis' | 'teamPerformance' | 'budget';

/**
 * What each report type fills. The 4 summary cards sit above the tabs, so every type has them;
 * the type picks the rest:
 * - overview: Key Insights and the trends (created vs completed, burndown);
 * - detailed: the overview plus the per-project analysis;
 * - team: the per-assignee table;
 * - budget: the per-project budget, utilized and remaining.
 */
export const reportSections: Record<ReportType, readonly ReportSection[]> = {
  overview: ['insights', 'trends'],
  detailed: ['insights', 'trends', 'projectAnalysis'],
  team: ['teamPerformance'],
  budget: ['budget'],
};

export function reportHasSection(type: ReportType, section: ReportSection): boolean {
  return reportSections[type].includes(section);
}

// ---------------------------------------------------------------------------------------------
// Periods and buckets
// ---------------------------------------------------------------------------------------------

export type ReportBucketUnit = 'day' | 'week' | 'month';

/** Calendar days `start`..`end`, both included. */
export type ReportBucket = { start: IsoDate; end: IsoDate };

export type ReportPeriod = {
  range: ReportRange;
  unit: ReportBucketUnit;
  /** The first day covered. */
  from: IsoDate;
  /** The last day covered: today. */
  to: IsoDate;
  buckets: ReportBucket[];
};

const weekBuckets = 13;
const monthBuckets = 12;

function firstOfMonth(date: IsoDate, monthsBack: number): IsoDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - monthsBack;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/**
 * The days a time range covers, ending today (workspace calendar), cut into chart buckets:
 * - week: spec 9 "week = last 7 days": today and the 6 days before, one bucket per day;
 * - month: spec 9 "month = last 30 days": one bucket per day;
 * - quarter: the current calendar week and the 12 before (13 weeks), one bucket per week, weeks
 *   starting on the workspace's first day of the week;
 * - year: the current calendar month and the 11 before, one bucket per month.
 * The last bucket ends today, so a partial week or month is never drawn as if it were complete.
 */
export function reportPeriod(range: ReportRange, today: IsoDate, weekStartDay = 0): ReportPeriod {
  const days = (count: number): ReportBucket[] =>
    Array.from({ length: count }, (_, i) => {
      const day = addCalendarDays(today, i - count + 1);
      return { start: day, end: day };
    });
  let unit: ReportBucketUnit;
  let buckets: ReportBucket[];
  switch (range) {
    case 'week':
      unit = 'day';
      buckets = days(7);
      break;
    case 'month':
      unit = 'day';
      buckets = days(30);
      break;
    case 'quarter': {
      unit = 'week';
      const first = addCalendarDays(weekStartOf(today, weekStartDay), -7 * (weekBuckets - 1));
      buckets = Array.from({ length: weekBuckets }, (_, i) => {
        const start = addCalendarDays(first, 7 * i);
        return { start, end: addCalendarDays(start, 6) };
      });
      break;
    }
    case 'year':
      unit = 'month';
      buckets = Array.from({ length: monthBuckets }, (_, i) => {
        const start = firstOfMonth(today, monthBuckets - 1 - i);
        return { start, end: addCalendarDays(firstOfMonth(start, -1), -1) };
      });
      break;
  }
  const last = buckets[buckets.length - 1]!;
  last.end = today;
  return { range, unit, from: buckets[0]!.start, to: today, buckets };
}

/** The index of the bucket holding `date`, or -1 outside the period. */
export function reportBucketIndex(buckets: readonly ReportBucket[], date: IsoDate): number {
  let low = 0;
  let high = buckets.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const bucket = buckets[middle]!;
    if (date < bucket.start) high = middle - 1;
    else if (date > bucket.end) low = middle + 1;
    else return middle;
  }
  return -1;
}

/**
 * The burndown: of the period's tasks (open when it began or created in it), those not yet done
 * at the end of each bucket. It starts at all of them and only falls, with each completion, so
 * work added during the period shows in the Created bars instead of making the line climb; it
 * ends at the tasks open today. (Issue 20: drawn as open tasks over time, it rose whenever more
 * tasks arrived than were finished, and read as work piling up rather than burning down.)
 */
export function burndownSeries(scope: number, completed: readonly number[]): number[] {
  let remaining = scope;
  return completed.map((count) => {
    remaining -= count;
    return Math.max(0, remaining);
  });
}

/**
 * Tasks counted together by the database: the bucket they were created in and the bucket they
 * were completed in, numbered like SQL's width_bucket over the period's bucket boundaries — 0
 * before the period, 1..n its buckets, n + 1 after it; completedBucket is null while not done.
 */
export type TaskGroup = {
  createdBucket: number;
  completedBucket: number | null;
  /** Spec 9: due date before today and not done. */
  overdue: boolean;
  /** Has actual hours recorded. */
  tracked: boolean;
  tasks: number;
  estimatedHours: number;
  actualHours: number;
};

export type PeriodFigures = {
  /** Tasks open at some time in the period: created before its end, not done before its start. */
  total: number;
  /** Tasks done within the period. */
  completed: number;
  overdue: number;
  estimatedHours: number;
  actualHours: number;
  /** The estimate of the counted tasks that have actual hours. */
  estimatedOfTracked: number;
  /** Tasks open when the period began. */
  openAtStart: number;
  createdPerBucket: number[];
  completedPerBucket: number[];
};

/** The report's task figures and trend series from the grouped counts of `bucketCount` buckets. */
export function periodFigures(groups: readonly TaskGroup[], bucketCount: number): PeriodFigures {
  const figures: PeriodFigures = {
    total: 0,
    completed: 0,
    overdue: 0,
    estimatedHours: 0,
    actualHours: 0,
    estimatedOfTracked: 0,
    openAtStart: 0,
    createdPerBucket: Array.from({ length: bucketCount }, () => 0),
    completedPerBucket: Array.from({ length: bucketCount }, () => 0),
  };
  const inPeriod = (bucket: number) => bucket >= 1 && bucket <= bucketCount;
  for (const group of groups) {
    const notDoneBeforeStart = group.completedBucket === null || group.completedBucket >= 1;
    if (group.overdue) figures.overdue += group.tasks;
    if (inPeriod(group.createdBucket)) figures.createdPerBucket[group.createdBucket - 1]! += group.tasks;
    if (group.completedBucket !== null && inPeriod(group.completedBucket)) {
      figures.completed += group.tasks;
      figures.completedPerBucket[group.completedBucket - 1]! += group.tasks;
    }
    if (group.createdBucket === 0 && notDoneBeforeStart) figures.openAtStart += group.tasks;
    if (group.createdBucket <= bucketCount && notDoneBeforeStart) {
      figures.total += group.tasks;
      figures.estimatedHours += group.estimatedHours;
      figures.actualHours += group.actualHours;
      if (group.tracked) figures.estimatedOfTracked += group.estimatedHours;
    }
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

/** Spec 9: percentages are whole numbers; a completion rate with nothing to complete is 0. */
export function reportCompletionRate(completed: number, total: number): number {
  return percentage(completed, total);
}

/** The mean of the projects' progress (0-100) from its sum and count, unrounded; 0 without projects. */
export function averageProjectProgress(progressSum: number, projects: number): number {
  return projects === 0 ? 0 : progressSum / projects;
}

/**
 * Spec 9: "budget utilized = total budget times average progress, remaining = the rest". The
 * average is the plain mean of the projects' progress, so the total utilized is not the sum of
 * the projects' own utilized figures (budget x own progress) when budgets differ — the spec's
 * definition is kept for the card; the per-project rows use each project's own progress.
 */
export function budgetUtilization(totalBudget: number, progressPercent: number) {
  const share = Math.min(100, Math.max(0, progressPercent)) / 100;
  const utilized = roundMoney(totalBudget * share);
  return { utilized, remaining: roundMoney(totalBudget - utilized) };
}

export type TeamMemberFigures = {
  employee: { id: string; name: string };
  tasksAssigned: number;
  tasksCompleted: number;
};

/**
 * Spec 9: the team report is ordered by completion rate, descending. The exact ratio decides (two
 * people at 66.7% and 67.0% both show 67% but are not tied); among equal rates, more completed
 * tasks first, then by name.
 */
export function compareTeamMembers(a: TeamMemberFigures, b: TeamMemberFigures): number {
  const rate = (m: TeamMemberFigures) => (m.tasksAssigned === 0 ? 0 : m.tasksCompleted / m.tasksAssigned);
  const byRate = rate(b) - rate(a);
  if (byRate !== 0) return byRate;
  if (b.tasksCompleted !== a.tasksCompleted) return b.tasksCompleted - a.tasksCompleted;
  return a.employee.name < b.employee.name ? -1 : a.employee.name > b.employee.name ? 1 : 0;
}

export function orderTeamByCompletionRate<T extends TeamMemberFigures>(members: readonly T[]): T[] {
  return [...members].sort(compareTeamMembers);
}

// ---------------------------------------------------------------------------------------------
// Key Insights (spec 9)
// ---------------------------------------------------------------------------------------------

export const insightKinds = ['warning', 'success', 'info'] as const;
export type InsightKind = (typeof insightKinds)[number];
export type Insight = { kind: InsightKind; message: string };

/** Spec 9: the excellent message shows when the completion rate is 85% or more. */
export const excellentCompletionRate = 85;
/** Spec 9: the estimation warning shows when actual hours exceed 120% of the estimate. */
export const estimationWarningRatio = 1.2;

export type InsightFigures = {
  totalTasks: number;
  completedTasks: number;
  overdueTasks: number;
  /** The actual hours recorded. */
  actualHours: number;
  /**
   * The estimate of the same tasks, those with actual hours: an open task with no hours yet
   * would otherwise hide an overrun on the finished ones.
   */
  estimatedHours: number;
};

export function reportInsights(figures: InsightFigures): Insight[] {
  const insights: Insight[] = [];
  const { overdueTasks } = figures;
  if (overdueTasks > 0) {
    insights.push({
      kind: 'warning',
      message: `${countOf(overdueTasks, { one: 'overdue task needs', other: 'overdue tasks need' })} attention`,
    });
  }
  const rate = reportCompletionRate(figures.completedTasks, figures.totalTasks);
  if (figures.totalTasks > 0 && rate >= excellentCompletionRate) {
    insights.push({ kind: 'success', message: `Excellent progress: ${rate}% of tasks completed` });
  }
  if (figures.actualHours > figures.estimatedHours * estimationWarningRatio) {
    const over =
      figures.estimatedHours > 0
        ? ` by ${Math.round((figures.actualHours / figures.estimatedHours - 1) * 100)}%`
        : '';
    insights.push({
      kind: 'warning',
      message: `Actual hours exceed estimates${over}: review how tasks are estimated`,
    });
  }
  if (figures.totalTasks === 0) insights.push({ kind: 'info', message: 'No tasks in the selected period' });
  return insights;
}
