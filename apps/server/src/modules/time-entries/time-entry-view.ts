import { employeeFullName, type TimeEntry } from '@atrium/shared';
import type { EntryRow } from './time-entries.repository';

export function toView(row: EntryRow): TimeEntry {
  return {
    id: row.id,
    employeeId: row.employeeId,
    // Spec 8: the UI shows 'Unknown Employee' for an entry whose employee is gone.
    employeeName:
      row.employeeDeletedAt === null
        ? employeeFullName({ firstName: row.employeeFirstName, lastName: row.employeeLastName })
        : null,
    employeeCode: row.employeeDeletedAt === null ? row.employeeCode : null,
    clockIn: row.clockIn.toISOString(),
    clockOut: row.clockOut?.toISOString() ?? null,
    totalHours: row.totalHours,
    overtimeHours: row.overtimeHours,
    status: row.status,
    notes: row.notes,
    location: row.location,
    decidedBy: row.decidedBy,
    decidedByName:
      row.deciderFirstName !== null && row.deciderLastName !== null
        ? employeeFullName({ firstName: row.deciderFirstName, lastName: row.deciderLastName })
        : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** What the activity log keeps of an entry, before and after a change. */
export const snapshot = (
  entry: Pick<EntryRow, 'clockIn' | 'clockOut' | 'totalHours' | 'overtimeHours' | 'status' | 'notes'>,
) => ({
  clockIn: entry.clockIn.toISOString(),
  clockOut: entry.clockOut?.toISOString() ?? null,
  totalHours: entry.totalHours,
  overtimeHours: entry.overtimeHours,
  status: entry.status,
  notes: entry.notes,
});

export const entryName = (row: EntryRow) =>
  employeeFullName({ firstName: row.employeeFirstName, lastName: row.employeeLastName });
