import { countOf, type TeamPerformanceRow } from '@atrium/shared';
import { TableScroller } from '../../../components/ui/list-states';
import { cn } from '../../../lib/cn';
import { formatCount, formatHoursPair } from '../lib/format';
import { bodyCell, headerCell, numberCell, numberHeaderCell, PercentBar } from './report-tables';

const rateTone = (rate: number) => (rate >= 85 ? 'success' : rate >= 50 ? 'brand' : 'warning');

/** Team Performance tab (report type team): spec 9, ordered by completion rate, descending. */
export function TeamPerformanceTable({ rows, total }: { rows: TeamPerformanceRow[]; total: number }) {
  return (
    <div className="space-y-4">
      <div>
        <h2 id="team-title" className="text-lg font-semibold text-slate-900">
          Team Performance
        </h2>
        <p className="text-sm text-slate-600">
          Everyone with tasks open in the period, ordered by completion rate.
        </p>
      </div>
      <TableScroller labelledBy="team-title">
        <table className="w-full text-sm">
          <caption className="sr-only">Team Performance</caption>
          <thead className="border-b border-slate-200">
            <tr>
              <th scope="col" className={cn(numberHeaderCell, 'w-px pr-0')}>
                Rank
              </th>
              <th scope="col" className={headerCell}>
                Employee
              </th>
              <th scope="col" className={headerCell} aria-sort="descending">
                Completion rate
              </th>
              <th scope="col" className={numberHeaderCell}>
                Assigned
              </th>
              <th scope="col" className={numberHeaderCell}>
                Completed
              </th>
              <th scope="col" className={numberHeaderCell}>
                Overdue
              </th>
              <th scope="col" className={numberHeaderCell}>
                <span className="block">Hours</span>
                <span className="block font-medium tracking-normal normal-case">actual / estimated</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row, index) => (
              <tr key={row.employee.id}>
                <td className={cn(numberCell, 'w-px pr-0 text-slate-600')}>{index + 1}</td>
                <th scope="row" className={`${bodyCell} text-left font-normal`}>
                  <span className="block font-medium text-slate-900">{row.employee.name}</span>
                  <span className="block text-xs text-slate-600">
                    {[row.employee.jobTitle, row.employee.department].filter(Boolean).join(' · ')}
                  </span>
                </th>
                <td className={bodyCell}>
                  <PercentBar value={row.completionRate} tone={rateTone(row.completionRate)} />
                </td>
                <td className={numberCell}>{formatCount(row.tasksAssigned)}</td>
                <td className={numberCell}>{formatCount(row.tasksCompleted)}</td>
                <td className={numberCell}>
                  <span className={row.overdueTasks > 0 ? 'font-semibold text-red-700' : undefined}>
                    {formatCount(row.overdueTasks)}
                  </span>
                </td>
                <td className={numberCell}>{formatHoursPair(row.hours.actual, row.hours.estimated)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <p className="text-sm text-slate-600">
        {rows.length < total
          ? `Showing the first ${formatCount(rows.length)} of ${formatCount(total)} people; the CSV export holds everyone.`
          : `Showing ${countOf(total, { one: 'person', other: 'people' })}`}
      </p>
    </div>
  );
}
