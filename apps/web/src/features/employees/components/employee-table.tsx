import { formatCalendarDate } from '../../../lib/dates';
import { employeeFullName, type Employee } from '@atrium/shared';
import { Avatar } from '../../../components/ui/avatar';
import { formatMoney } from '../lib/format';
import { EmployeeActions, type EmployeeActionHandlers, type EmployeeActionRights } from './employee-actions';
import { StatusBadge } from './status-badge';

const headCell = 'px-3 py-3 whitespace-nowrap';

/** Spec 2: the table view; on narrow screens it scrolls inside its own frame, never the page. */
export function EmployeeTable({
  employees,
  handlers,
  rights,
  showSalary,
}: {
  employees: readonly Employee[];
  handlers: EmployeeActionHandlers;
  rights: EmployeeActionRights;
  showSalary: boolean;
}) {
  return (
    <div
      role="region"
      aria-label="Employees table"
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className={`${headCell} pl-4 sm:pl-6`}>
              Employee
            </th>
            <th scope="col" className={headCell}>
              ID
            </th>
            <th scope="col" className="px-3 py-3">
              Department / Job Title
            </th>
            <th scope="col" className={headCell}>
              Status
            </th>
            <th scope="col" className={headCell}>
              Start Date
            </th>
            {showSalary ? (
              <th scope="col" className={`${headCell} text-right`}>
                Salary
              </th>
            ) : null}
            <th scope="col" className={`${headCell} pr-4 text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {employees.map((employee) => {
            const name = employeeFullName(employee);
            return (
              <tr key={employee.id} className="align-middle hover:bg-slate-50">
                <th scope="row" className="py-3 pr-4 pl-4 text-left font-normal sm:pl-6">
                  <span className="flex items-center gap-3">
                    <Avatar name={name} size="sm" />
                    <span className="min-w-0">
                      <span className="block font-semibold text-slate-900">{name}</span>
                      <EmailLines email={employee.email} />
                      <span className="block text-slate-600">
                        {employee.phone ?? <span className="italic">Phone not provided</span>}
                      </span>
                    </span>
                  </span>
                </th>
                <td className="px-3 py-3 font-mono text-xs whitespace-nowrap text-slate-700">
                  {employee.employeeCode}
                </td>
                <td className="px-3 py-3">
                  <span className="block whitespace-nowrap text-slate-900">{employee.department}</span>
                  <span className="block text-slate-600">{employee.jobTitle}</span>
                </td>
                <td className="px-3 py-3">
                  <StatusBadge status={employee.status} />
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                  {formatCalendarDate(employee.startDate)}
                </td>
                {showSalary ? (
                  <td className="px-3 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">
                    {formatMoney(employee.salary)}
                  </td>
                ) : null}
                <td className="py-2 pr-4 pl-2">
                  <EmployeeActions employee={employee} handlers={handlers} rights={rights} compact />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** An address that may break only before its @, so a tight table never splits it mid-word. */
function EmailLines({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="block text-slate-600 [overflow-wrap:anywhere]">{email}</span>;
  return (
    <span className="block text-slate-600">
      <span className="whitespace-nowrap">{email.slice(0, at)}</span>
      <wbr />
      <span className="whitespace-nowrap">{email.slice(at)}</span>
    </span>
  );
}
