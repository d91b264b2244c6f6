import { allows, type Employee } from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import type { EmployeeRow } from './employees.repository';

/** Seen and set only with people:view-compensation; the activity log says only that they changed. */
export const compensationFields = ['salary', 'hourlyRate'] as const;

/** Issue 4: salary and hourly rate only for people:view-compensation; absent (not null) otherwise. */
export function toView(row: EmployeeRow, seesCompensation: boolean): Employee {
  const view: Employee = {
    id: row.id,
    employeeCode: row.employeeCode,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    department: row.department,
    jobTitle: row.jobTitle,
    status: row.status,
    startDate: row.startDate,
    managerId: row.managerId,
    timeZone: row.timeZone,
    avatarUrl: row.avatarUrl,
    hasAccount: row.userId !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
  if (seesCompensation) {
    view.salary = row.salary;
    view.hourlyRate = row.hourlyRate;
  }
  return view;
}

export const seesCompensation = (member: Member) => allows(member, 'people:view-compensation');
