import type { Db } from '@atrium/db';
import { allows } from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { notFound } from '../../platform/errors/app-error';
import type { TimeEntry } from '@atrium/shared';
import { timeEntriesRepository as repository, type EntryRow } from './time-entries.repository';
import { toView } from './time-entry-view';

export const manages = (member: Member) => allows(member, 'time:manage');

/**
 * Issue 4: people without time:manage see only their own entries. Undefined means they have no
 * employee record here and so no entries at all.
 */
export function scopeOf(member: Member): { ownEmployeeId?: string } | undefined {
  if (manages(member)) return {};
  return member.employeeId ? { ownEmployeeId: member.employeeId } : undefined;
}

/** The entry if the member may see it; 404 otherwise (another's entry is not revealed). */
export async function visibleEntry(db: Db, member: Member, id: string): Promise<EntryRow> {
  const row = await repository.find(db, member.tenantId, id);
  if (!row || (!manages(member) && row.employeeId !== member.employeeId)) throw notFound('Time entry');
  return row;
}

/** The entry as the API shows it, if the member may see it; 404 otherwise. */
export async function entryView(db: Db, member: Member, id: string): Promise<TimeEntry> {
  return toView(await visibleEntry(db, member, id));
}

/** A live employee of the workspace, or 404. */
export async function liveEmployee(db: Db, tenantId: string, employeeId: string) {
  const employee = await repository.employee(db, tenantId, employeeId);
  if (!employee || employee.deletedAt !== null) throw notFound('Employee');
  return employee;
}
