import { formatCalendarDate } from '../../../lib/dates';
import type { Employee, EmployeeDetails } from '@atrium/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../lib/format';
import { TabError } from './details-states';
import { StatusBadge } from './status-badge';

/** Spec 2, details dialog: General. The list's record shows at once; the manager's name follows. */
export function DetailsGeneral({
  employee,
  details,
}: {
  employee: Employee;
  details: UseQueryResult<EmployeeDetails>;
}) {
  const shown = details.data ?? employee;
  const managerName = details.isPending ? (
    <span aria-hidden="true" className="inline-block h-4 w-28 animate-pulse rounded bg-slate-200" />
  ) : (
    (details.data?.managerName ?? <span className="text-slate-600">No manager</span>)
  );
  return (
    <div className="space-y-4">
      {details.isError ? (
        <TabError
          error={details.error}
          title="The latest details could not be loaded"
          onRetry={() => void details.refetch()}
        />
      ) : null}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
        <Item label="Employee ID">
          <span className="font-mono">{shown.employeeCode}</span>
        </Item>
        <Item label="Status">
          <StatusBadge status={shown.status} />
        </Item>
        <Item label="Email" className="col-span-2 sm:col-span-1">
          <a
            href={`mailto:${shown.email}`}
            className="break-all text-indigo-700 underline-offset-2 hover:underline"
          >
            {shown.email}
          </a>
        </Item>
        <Item label="Phone">
          {shown.phone ? (
            <a href={`tel:${shown.phone}`} className="text-indigo-700 underline-offset-2 hover:underline">
              {shown.phone}
            </a>
          ) : (
            notProvided
          )}
        </Item>
        <Item label="Department">{shown.department}</Item>
        <Item label="Job title">{shown.jobTitle}</Item>
        <Item label="Start date">{formatCalendarDate(shown.startDate)}</Item>
        <Item label="Manager">{managerName}</Item>
        <Item label="Time zone">{shown.timeZone.replace(/_/g, ' ')}</Item>
        <Item label="Sign-in account">{shown.hasAccount ? 'Yes, a workspace member' : 'No'}</Item>
        {shown.salary !== undefined ? (
          <Item label="Salary">
            <Amount value={shown.salary} />
          </Item>
        ) : null}
        {shown.hourlyRate !== undefined ? (
          <Item label="Hourly rate">
            <Amount value={shown.hourlyRate} />
          </Item>
        ) : null}
      </dl>
    </div>
  );
}

const notProvided = <span className="text-slate-600 italic">Not provided</span>;

/** Compensation the viewer may see; null is an amount nobody entered, shown like a missing phone. */
function Amount({ value }: { value: number | null }) {
  return value === null ? notProvided : <span className="tabular-nums">{formatMoney(value)}</span>;
}

function Item({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}
