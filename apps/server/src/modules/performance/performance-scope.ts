import { allows, todayIn } from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import type { PeopleScope } from './performance.repository';

export const mayManage = (member: Member) => allows(member, 'performance:manage');

/** Now, and today in the workspace's time zone: what review periods and overdue goals are judged by. */
export function clock(member: Member) {
  const now = new Date();
  return { timeZone: member.timeZone, now, today: todayIn(member.timeZone, now) };
}

export type Clock = ReturnType<typeof clock>;

/**
 * Who the member may see. performance:manage (Managers, Admins): anyone. performance:view alone
 * (Employees): only their own reviews and goals — a colleague's ratings are not team data.
 * Null: nothing (asked for someone else, or no employee record).
 */
export function visibleScope(member: Member, employeeId: string | undefined): PeopleScope | null {
  if (mayManage(member)) return { employeeId };
  if (!member.employeeId || (employeeId && employeeId !== member.employeeId)) return null;
  return { employeeId: member.employeeId };
}
