import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../api/error';
import { projectReportExportQuerySchema, projectReportQuerySchema } from '../api/reports';
import {
  averageProjectProgress,
  budgetUtilization,
  burndownSeries,
  estimationWarningRatio,
  excellentCompletionRate,
  orderTeamByCompletionRate,
  periodFigures,
  reportBucketIndex,
  reportCompletionRate,
  reportHasSection,
  reportInsights,
  reportPeriod,
  reportTypes,
  type TaskGroup,
} from './report-rules';

describe('budget utilized and remaining (spec 9)', () => {
  it('is the total budget times the average progress; remaining is the rest', () => {
    const progress = averageProjectProgress(20 + 40 + 90, 3);
    expect(progress).toBe(50);
    expect(budgetUtilization(300_000, progress)).toEqual({ utilized: 150_000, remaining: 150_000 });
  });

  it('rounds money to cents and keeps utilized + remaining equal to the total', () => {
    const { utilized, remaining } = budgetUtilization(100_000.01, 100 / 3);
    expect(utilized).toBe(33_333.34);
    expect(remaining).toBe(66_666.67);
    expect(Math.round((utilized + remaining) * 100)).toBe(10_000_001);
  });

  it('averages nothing to 0 and never uses more than the budget', () => {
    expect(averageProjectProgress(0, 0)).toBe(0);
    expect(budgetUtilization(0, 0)).toEqual({ utilized: 0, remaining: 0 });
    expect(budgetUtilization(1_000, 140)).toEqual({ utilized: 1_000, remaining: 0 });
  });
});

describe('completion rate (spec 9: percentages are whole numbers)', () => {
  it('rounds to a whole percent and is 0 without tasks', () => {
    expect(reportCompletionRate(2, 3)).toBe(67);
    expect(reportCompletionRate(0, 0)).toBe(0);
    expect(reportCompletionRate(5, 5)).toBe(100);
  });
});

describe('team report order (spec 9: by completion rate, descending)', () => {
  const member = (name: string, tasksCompleted: number, tasksAssigned: number) => ({
    employee: { id: name, name },
    tasksCompleted,
    tasksAssigned,
  });

  it('puts the highest completion rate first', () => {
    const ordered = orderTeamByCompletionRate([
      member('Low', 1, 4),
      member('High', 9, 10),
      member('Mid', 1, 2),
      member('None', 0, 3),
    ]);
    expect(ordered.map((m) => m.employee.name)).toEqual(['High', 'Mid', 'Low', 'None']);
  });

  it('orders by the exact rate, then by completed tasks, then by name', () => {
    const ordered = orderTeamByCompletionRate([
      member('Bea', 2, 3), // 66.67%
      member('Cy', 67, 100), // 67%: shown alike, but higher
      member('Al', 4, 6), // 66.67% with more done than Bea
      member('Ava', 4, 6),
    ]);
    expect(ordered.map((m) => m.employee.name)).toEqual(['Cy', 'Al', 'Ava', 'Bea']);
  });
});

describe('Key Insights (spec 9)', () => {
  const quiet = { totalTasks: 10, completedTasks: 5, overdueTasks: 0, actualHours: 10, estimatedHours: 10 };

  it('says nothing when no rule applies', () => {
    expect(reportInsights(quiet)).toEqual([]);
  });

  it('warns when any task is overdue', () => {
    expect(reportInsights({ ...quiet, overdueTasks: 1 })).toEqual([
      { kind: 'warning', message: '1 overdue task needs attention' },
    ]);
    expect(reportInsights({ ...quiet, overdueTasks: 3 })[0]?.message).toBe('3 overdue tasks need attention');
  });

  it('praises a completion rate of 85% or more, as shown (rounded)', () => {
    expect(excellentCompletionRate).toBe(85);
    expect(reportInsights({ ...quiet, completedTasks: 85, totalTasks: 100 })).toEqual([
      { kind: 'success', message: 'Excellent progress: 85% of tasks completed' },
    ]);
    // 84.6% shows as 85%: the card and the message agree.
    expect(reportInsights({ ...quiet, completedTasks: 11, totalTasks: 13 })[0]?.kind).toBe('success');
    expect(reportInsights({ ...quiet, completedTasks: 84, totalTasks: 100 })).toEqual([]);
  });

  it('warns when actual hours exceed 120% of the estimate, not at exactly 120%', () => {
    expect(estimationWarningRatio).toBe(1.2);
    expect(reportInsights({ ...quiet, actualHours: 12, estimatedHours: 10 })).toEqual([]);
    expect(reportInsights({ ...quiet, actualHours: 12.5, estimatedHours: 10 })).toEqual([
      { kind: 'warning', message: 'Actual hours exceed estimates by 25%: review how tasks are estimated' },
    ]);
    expect(reportInsights({ ...quiet, actualHours: 3, estimatedHours: 0 })[0]?.message).toBe(
      'Actual hours exceed estimates: review how tasks are estimated',
    );
  });

  it('gives all three together, and an info line for an empty period', () => {
    const all = reportInsights({
      totalTasks: 20,
      completedTasks: 18,
      overdueTasks: 2,
      actualHours: 50,
      estimatedHours: 20,
    });
    expect(all.map((i) => i.kind)).toEqual(['warning', 'success', 'warning']);
    expect(
      reportInsights({
        totalTasks: 0,
        completedTasks: 0,
        overdueTasks: 0,
        actualHours: 0,
        estimatedHours: 0,
      }),
    ).toEqual([{ kind: 'info', message: 'No tasks in the selected period' }]);
  });
});

describe('report periods and chart buckets (spec 2 time range; spec 9 week = 7 days, month = 30 days)', () => {
  it('week: today and the 6 days before, one bucket per day', () => {
    const period = reportPeriod('week', '2025-03-12');
    expect(period).toMatchObject({ unit: 'day', from: '2025-03-06', to: '2025-03-12' });
    expect(period.buckets).toHaveLength(7);
    expect(period.buckets[0]).toEqual({ start: '2025-03-06', end: '2025-03-06' });
    expect(period.buckets[6]).toEqual({ start: '2025-03-12', end: '2025-03-12' });
  });

  it('month: 30 day buckets ending today', () => {
    const period = reportPeriod('month', '2025-03-01');
    expect(period).toMatchObject({ unit: 'day', from: '2025-01-31', to: '2025-03-01' });
    expect(period.buckets).toHaveLength(30);
  });

  it('quarter: 13 calendar weeks, on the workspace week start, the last ending today', () => {
    // Wednesday 2025-03-12; weeks start on Sunday.
    const period = reportPeriod('quarter', '2025-03-12', 0);
    expect(period.unit).toBe('week');
    expect(period.buckets).toHaveLength(13);
    expect(period.buckets[12]).toEqual({ start: '2025-03-09', end: '2025-03-12' });
    expect(period.buckets[11]).toEqual({ start: '2025-03-02', end: '2025-03-08' });
    expect(period.from).toBe('2024-12-15');
    const monday = reportPeriod('quarter', '2025-03-12', 1);
    expect(monday.buckets[12]).toEqual({ start: '2025-03-10', end: '2025-03-12' });
  });

  it('year: 12 calendar months, the current one ending today', () => {
    const period = reportPeriod('year', '2025-03-12');
    expect(period.unit).toBe('month');
    expect(period.buckets).toHaveLength(12);
    expect(period.buckets[0]).toEqual({ start: '2024-04-01', end: '2024-04-30' });
    expect(period.buckets[10]).toEqual({ start: '2025-02-01', end: '2025-02-28' });
    expect(period.buckets[11]).toEqual({ start: '2025-03-01', end: '2025-03-12' });
    expect(reportPeriod('year', '2024-12-31').buckets[0]).toEqual({ start: '2024-01-01', end: '2024-01-31' });
  });

  it('buckets follow each other without gaps', () => {
    for (const range of ['week', 'month', 'quarter', 'year'] as const) {
      const { buckets } = reportPeriod(range, '2024-02-29', 3);
      for (let i = 1; i < buckets.length; i++) {
        const previousEnd = new Date(`${buckets[i - 1]!.end}T00:00:00Z`).getTime();
        expect(new Date(`${buckets[i]!.start}T00:00:00Z`).getTime() - previousEnd).toBe(86_400_000);
      }
    }
  });

  it('finds the bucket of a day, or -1 outside the period', () => {
    const { buckets } = reportPeriod('year', '2025-03-12');
    expect(reportBucketIndex(buckets, '2024-04-01')).toBe(0);
    expect(reportBucketIndex(buckets, '2024-04-30')).toBe(0);
    expect(reportBucketIndex(buckets, '2025-02-14')).toBe(10);
    expect(reportBucketIndex(buckets, '2025-03-12')).toBe(11);
    expect(reportBucketIndex(buckets, '2025-03-13')).toBe(-1);
    expect(reportBucketIndex(buckets, '2024-03-31')).toBe(-1);
  });

  it('burns down: the period’s tasks less those completed, never rising when tasks are added', () => {
    // 10 tasks in the period (open at its start or created in it); 3, 4 and 0 done bucket by bucket.
    expect(burndownSeries(10, [3, 4, 0])).toEqual([7, 3, 3]);
    expect(burndownSeries(0, [])).toEqual([]);
    const series = burndownSeries(20, [0, 2, 5, 0, 1]);
    expect(series.every((value, i) => i === 0 || value <= series[i - 1]!)).toBe(true);
  });
});

describe('report types (spec 2: the type select now changes the report)', () => {
  it('fills overview, detailed, team and budget sections', () => {
    expect(reportTypes.filter((t) => reportHasSection(t, 'trends'))).toEqual(['overview', 'detailed']);
    expect(reportTypes.filter((t) => reportHasSection(t, 'projectAnalysis'))).toEqual(['detailed']);
    expect(reportTypes.filter((t) => reportHasSection(t, 'teamPerformance'))).toEqual(['team']);
    expect(reportTypes.filter((t) => reportHasSection(t, 'budget'))).toEqual(['budget']);
  });
});

describe('report query', () => {
  it('defaults to all projects, the last 30 days, overview', () => {
    expect(projectReportQuerySchema.parse({})).toEqual({
      projectId: 'all',
      range: 'month',
      type: 'overview',
      limit: 50,
    });
    expect(projectReportExportQuerySchema.parse({ range: 'year', type: 'team' })).toEqual({
      projectId: 'all',
      range: 'year',
      type: 'team',
    });
  });

  it('names each bad value', () => {
    const result = projectReportQuerySchema.safeParse({
      projectId: 'nope',
      range: 'decade',
      type: 'pie',
      limit: '0',
    });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldErrors(result.error!.issues)).sort()).toEqual([
      'limit',
      'projectId',
      'range',
      'type',
    ]);
  });
});

describe('period figures from grouped task counts (spec 2 Reports summary cards and trends)', () => {
  const group = (over: Partial<TaskGroup>): TaskGroup => ({
    createdBucket: 1,
    completedBucket: null,
    overdue: false,
    tracked: false,
    tasks: 1,
    estimatedHours: 0,
    actualHours: 0,
    ...over,
  });

  it('counts tasks open in the period, completions in it, and the open tasks at its start', () => {
    const figures = periodFigures(
      [
        // Created before the period, done in bucket 2: open at the start, completed in the period.
        group({ createdBucket: 0, completedBucket: 2, tracked: true, estimatedHours: 4, actualHours: 6 }),
        // Done before the period began: not counted at all.
        group({ createdBucket: 0, completedBucket: 0, estimatedHours: 100, actualHours: 100, tracked: true }),
        // Still open from before: counted, and overdue.
        group({ createdBucket: 0, overdue: true, tasks: 2, estimatedHours: 10 }),
        // Created in bucket 1 and 3, one done in 3.
        group({ createdBucket: 1, estimatedHours: 1 }),
        group({ createdBucket: 3, completedBucket: 3, tracked: true, estimatedHours: 2, actualHours: 1 }),
      ],
      3,
    );
    expect(figures).toEqual({
      total: 5,
      completed: 2,
      overdue: 2,
      estimatedHours: 17,
      actualHours: 7,
      estimatedOfTracked: 6,
      openAtStart: 3,
      createdPerBucket: [1, 0, 1],
      completedPerBucket: [0, 1, 1],
    });
    const remaining = burndownSeries(figures.total, figures.completedPerBucket);
    // It starts from the 5 tasks of the period and ends at what is open now: the two overdue
    // tasks and the bucket-1 one.
    expect(remaining).toEqual([5, 4, 3]);
  });
});
