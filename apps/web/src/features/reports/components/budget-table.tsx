import type { BudgetRow } from '@atrium/shared';
import { ListFooter, TableScroller } from '../../../components/ui/list-states';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../lib/format';
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

/** Budget tab (report type budget): spec 9, utilized = budget x progress, remaining = the rest. */
export function BudgetTable({ section }: { section: PagedSection<BudgetRow> }) {
  return (
    <div className="space-y-4">
      <div>
        <h2 id="budget-title" className="text-lg font-semibold text-slate-900">
          Budget
        </h2>
        <p className="text-sm text-slate-600">
          Each project&apos;s budget used in step with its progress, as it stands today.
        </p>
      </div>
      <TableScroller labelledBy="budget-title">
        <table className="w-full text-sm">
          <caption className="sr-only">Budget</caption>
          <thead className="border-b border-slate-200">
            <tr>
              <th scope="col" className={cn(headerCell, stickyColumn)}>
                Project
              </th>
              <th scope="col" className={headerCell}>
                Status
              </th>
              <th scope="col" className={numberHeaderCell}>
                Budget
              </th>
              <th scope="col" className={headerCell}>
                Progress
              </th>
              <th scope="col" className={numberHeaderCell}>
                Utilized
              </th>
              <th scope="col" className={numberHeaderCell}>
                Remaining
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {section.rows.map((row) => (
              <tr key={row.project.id}>
                <th
                  scope="row"
                  className={`${bodyCell} ${stickyColumn} text-left font-medium text-slate-900`}
                >
                  {row.project.name}
                </th>
                <td className={bodyCell}>
                  <ProjectStatusBadge status={row.project.status} />
                </td>
                <td className={numberCell}>{row.budget === null ? 'No budget' : formatMoney(row.budget)}</td>
                <td className={bodyCell}>
                  <PercentBar value={row.progress} />
                </td>
                <td className={numberCell}>{formatMoney(row.utilized)}</td>
                <td className={numberCell}>{formatMoney(row.remaining)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <ListFooter {...section.footer} noun={{ one: 'project', many: 'projects' }} />
    </div>
  );
}
