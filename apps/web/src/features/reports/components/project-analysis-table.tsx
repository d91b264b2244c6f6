import { projectPriorityLabels, type ProjectAnalysisRow } from '@atrium/shared';
import { ListFooter, TableScroller } from '../../../components/ui/list-states';
import { cn } from '../../../lib/cn';
import { formatCount, formatDay, formatHoursPair, formatMoney } from '../lib/format';
import { ProjectStatusBadge } from '../../projects';
import {
  bodyCell,
  headerCell,
  numberCell,
  numberHeaderCell,
  PercentBar,
  stickyColumn,
  type PagedSection,
} from './report-tables';

/**
 * Project Analysis tab (report type detailed): each project's tasks in the period, its progress,
 * budget and hours. Utilized and remaining budget have their own tab (and are in the CSV), which
 * keeps this table within a laptop's width.
 */
export function ProjectAnalysisTable({ section }: { section: PagedSection<ProjectAnalysisRow> }) {
  return (
    <div className="space-y-4">
      <div>
        <h2 id="analysis-title" className="text-lg font-semibold text-slate-900">
          Project Analysis
        </h2>
        <p className="text-sm text-slate-600">
          Tasks open in the period and completed in it; progress, budget and hours as they stand today.
        </p>
      </div>
      <TableScroller labelledBy="analysis-title">
        <table className="w-full text-sm">
          <caption className="sr-only">Project Analysis</caption>
          <thead className="border-b border-slate-200">
            <tr>
              <th scope="col" className={cn(headerCell, stickyColumn)}>
                Project
              </th>
              <th scope="col" className={numberHeaderCell}>
                <span className="block">Tasks</span>
                <span className="block font-medium tracking-normal normal-case">done / total</span>
              </th>
              <th scope="col" className={numberHeaderCell}>
                Overdue
              </th>
              <th scope="col" className={headerCell}>
                Progress
              </th>
              <th scope="col" className={numberHeaderCell}>
                Budget
              </th>
              <th scope="col" className={numberHeaderCell}>
                <span className="block">Hours</span>
                <span className="block font-medium tracking-normal normal-case">actual / estimated</span>
              </th>
              <th scope="col" className={headerCell}>
                End date
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {section.rows.map((row) => (
              <tr key={row.project.id}>
                <th scope="row" className={cn(bodyCell, stickyColumn, 'text-left font-normal')}>
                  <span className="block font-medium text-slate-900">{row.project.name}</span>
                  <span className="mt-1 flex items-center gap-2 text-xs text-slate-600">
                    <ProjectStatusBadge status={row.project.status} />
                    {projectPriorityLabels[row.project.priority]} priority
                  </span>
                </th>
                <td className={numberCell}>
                  <span className="block">
                    {formatCount(row.tasks.completed)} / {formatCount(row.tasks.total)}
                  </span>
                  <span className="block text-xs text-slate-600">{row.completionRate}% completed</span>
                </td>
                <td className={numberCell}>
                  <span className={row.tasks.overdue > 0 ? 'font-semibold text-red-700' : undefined}>
                    {formatCount(row.tasks.overdue)}
                  </span>
                </td>
                <td className={bodyCell}>
                  <PercentBar value={row.progress} />
                </td>
                <td className={numberCell}>{formatMoney(row.budget)}</td>
                <td className={numberCell}>{formatHoursPair(row.hours.actual, row.hours.estimated)}</td>
                <td className={bodyCell}>{row.endDate ? formatDay(row.endDate) : 'No end date'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <ListFooter {...section.footer} noun={{ one: 'project', many: 'projects' }} />
    </div>
  );
}
