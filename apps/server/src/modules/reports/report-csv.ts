import {
  csvCell,
  csvDocument,
  reportRangeLabels,
  reportTypeLabels,
  type CsvValue,
  type ProjectReport,
  type ReportRange,
  type ReportType,
} from '@atrium/shared';

/**
 * The shown report as CSV: one titled table per section, separated by a blank line (each table
 * RFC 4180 with its own header). `projectName` is the one project it covers, if not all.
 */
export function reportCsv(
  report: ProjectReport,
  filters: { range: ReportRange; type: ReportType },
  projectName: string | undefined,
): string {
  const blocks: { title: string; header: string[]; rows: CsvValue[][] }[] = [];
  blocks.push({
    title: 'Project report',
    header: ['Filter', 'Value'],
    rows: [
      ['Project', projectName ?? 'All projects'],
      ['Time range', reportRangeLabels[filters.range]],
      ['From', report.period.from],
      ['To', report.period.to],
      ['Report type', reportTypeLabels[filters.type]],
    ],
  });
  const summary = report.summary!;
  blocks.push({
    title: 'Summary',
    header: ['Metric', 'Value'],
    rows: [
      ['Projects', summary.projects],
      ['Total tasks', summary.tasks.total],
      ['Completed tasks', summary.tasks.completed],
      ['Completion rate %', summary.tasks.completionRate],
      ['Total budget', summary.budget.total],
      ['Budget utilized', summary.budget.utilized],
      ['Budget remaining', summary.budget.remaining],
      ['Average progress %', summary.budget.averageProgress],
      ['Estimated hours', summary.hours.estimated],
      ['Actual hours', summary.hours.actual],
      ['Overdue tasks', summary.overdueTasks],
    ],
  });
  if (report.insights) {
    blocks.push({
      title: 'Key insights',
      header: ['Kind', 'Message'],
      rows: report.insights.map((insight) => [insight.kind, insight.message]),
    });
  }
  if (report.trends) {
    blocks.push({
      title: 'Trends',
      header: ['From', 'To', 'Created', 'Completed', 'Remaining'],
      rows: report.trends.buckets.map((b) => [b.start, b.end, b.created, b.completed, b.remaining]),
    });
  }
  if (report.projectAnalysis) {
    blocks.push({
      title: 'Project analysis',
      header: [
        'Project',
        'Status',
        'Priority',
        'End date',
        'Tasks',
        'Completed',
        'Completion rate %',
        'Overdue',
        'Progress %',
        'Budget',
        'Utilized',
        'Remaining',
        'Estimated hours',
        'Actual hours',
      ],
      rows: report.projectAnalysis.data.map((row) => [
        row.project.name,
        row.project.status,
        row.project.priority,
        row.endDate,
        row.tasks.total,
        row.tasks.completed,
        row.completionRate,
        row.tasks.overdue,
        row.progress,
        row.budget,
        row.utilized,
        row.remaining,
        row.hours.estimated,
        row.hours.actual,
      ]),
    });
  }
  if (report.teamPerformance) {
    blocks.push({
      title: 'Team performance',
      header: [
        'Employee',
        'Job title',
        'Department',
        'Tasks assigned',
        'Tasks completed',
        'Completion rate %',
        'Overdue',
        'Estimated hours',
        'Actual hours',
      ],
      rows: report.teamPerformance.data.map((row) => [
        row.employee.name,
        row.employee.jobTitle,
        row.employee.department,
        row.tasksAssigned,
        row.tasksCompleted,
        row.completionRate,
        row.overdueTasks,
        row.hours.estimated,
        row.hours.actual,
      ]),
    });
  }
  if (report.budget) {
    blocks.push({
      title: 'Budget',
      header: ['Project', 'Status', 'Budget', 'Progress %', 'Utilized', 'Remaining'],
      rows: report.budget.data.map((row) => [
        row.project.name,
        row.project.status,
        row.budget,
        row.progress,
        row.utilized,
        row.remaining,
      ]),
    });
  }
  return blocks
    .map((block) => `${csvCell(block.title)}\r\n${csvDocument(block.header, block.rows)}`)
    .join('\r\n');
}
