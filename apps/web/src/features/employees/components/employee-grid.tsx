import { formatCalendarDate } from '../../../lib/dates';
import { employeeFullName, type Employee } from '@atrium/shared';
import { Building2, CalendarDays, Mail, Phone, Wallet, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { formatMoney } from '../lib/format';
import { EmployeeActions, type EmployeeActionHandlers, type EmployeeActionRights } from './employee-actions';
import { StatusBadge } from './status-badge';

/** Spec 2: the grid view, one card per employee. */
export function EmployeeGrid({
  employees,
  handlers,
  rights,
}: {
  employees: readonly Employee[];
  handlers: EmployeeActionHandlers;
  rights: EmployeeActionRights;
}) {
  return (
    <ul aria-label="Employees" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
      {employees.map((employee) => (
        <EmployeeCard key={employee.id} employee={employee} handlers={handlers} rights={rights} />
      ))}
    </ul>
  );
}

function EmployeeCard({
  employee,
  handlers,
  rights,
}: {
  employee: Employee;
  handlers: EmployeeActionHandlers;
  rights: EmployeeActionRights;
}) {
  const name = employeeFullName(employee);
  return (
    <li className="flex min-w-0 flex-col rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start gap-3 p-4">
        <Avatar name={name} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900">{name}</h3>
          <p className="text-sm break-words text-slate-600">{employee.jobTitle}</p>
        </div>
        <StatusBadge status={employee.status} />
      </div>
      <dl className="grid gap-1.5 px-4 pb-4 text-sm text-slate-700">
        <CardLine label="Email" icon={Mail}>
          <span className="truncate" title={employee.email}>
            {employee.email}
          </span>
        </CardLine>
        <CardLine label="Phone" icon={Phone}>
          {employee.phone ? (
            <span className="truncate">{employee.phone}</span>
          ) : (
            <span className="text-slate-600 italic">Not provided</span>
          )}
        </CardLine>
        <CardLine label="Department and employee ID" icon={Building2}>
          <span className="truncate">{employee.department}</span>
          <span aria-hidden="true" className="text-slate-400">
            ·
          </span>
          <span className="shrink-0 font-mono text-xs text-slate-600">{employee.employeeCode}</span>
        </CardLine>
        <CardLine label="Start date" icon={CalendarDays}>
          Since {formatCalendarDate(employee.startDate)}
        </CardLine>
        {employee.salary !== undefined ? (
          <CardLine label="Salary" icon={Wallet}>
            <span className="font-medium text-slate-900 tabular-nums">{formatMoney(employee.salary)}</span>
          </CardLine>
        ) : null}
      </dl>
      <div className="mt-auto border-t border-slate-100 px-4 py-3">
        <EmployeeActions employee={employee} handlers={handlers} rights={rights} />
      </div>
    </li>
  );
}

/** One labelled line of a card: the label is for screen readers, the icon says it to the eye. */
function CardLine({ label, icon: Icon, children }: { label: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="sr-only">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        {children}
      </dd>
    </div>
  );
}
