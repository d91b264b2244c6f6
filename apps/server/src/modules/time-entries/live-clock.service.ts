import type { Db } from '@atrium/db';
import {
  clockOutValues,
  employeeFullName,
  quickClockInLimit,
  type ClockInInput,
  type ClockOutInput,
  type LiveClock,
  type TimeEntry,
} from '@atrium/shared';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, conflict, forbidden } from '../../platform/errors/app-error';
import { timeEntriesRepository as repository, type TimeEntryChanges } from './time-entries.repository';
import { entryView, liveEmployee, manages, scopeOf, visibleEntry } from './time-entry-access';
import { entryName } from './time-entry-view';

/** The Live Clock lists at most this many open entries (the count says how many there are). */
const liveClockLimit = 200;

/** The Live Clock: who is clocked in now, Quick Clock In, and clocking in and out. */
export function createLiveClockService({ db }: { db: Db }) {
  return {
    async live(member: Member): Promise<LiveClock> {
      const own = scopeOf(member);
      if (!own) return { clockedIn: [], clockedInTotal: 0, available: [] };
      const person = <T extends { firstName: string; lastName: string }>({
        firstName,
        lastName,
        ...rest
      }: T) => ({ ...rest, employeeName: employeeFullName({ firstName, lastName }) });
      const [clockedIn, clockedInTotal, available] = await Promise.all([
        repository.clockedIn(db, {
          tenantId: member.tenantId,
          limit: liveClockLimit,
          ownEmployeeId: own.ownEmployeeId,
        }),
        repository.countClockedIn(db, member.tenantId, own.ownEmployeeId),
        repository.notClockedIn(db, {
          tenantId: member.tenantId,
          limit: quickClockInLimit,
          ownEmployeeId: own.ownEmployeeId,
        }),
      ]);
      return {
        clockedIn: clockedIn.map((row) => ({ ...person(row), clockIn: row.clockIn.toISOString() })),
        clockedInTotal,
        available: available.map(person),
      };
    },

    /**
     * Spec 4: clock-in creates an active entry on the server clock. The partial unique index
     * time_entries_one_active_idx refuses a second open entry, also between concurrent requests.
     */
    async clockIn(member: Member, input: ClockInInput): Promise<TimeEntry> {
      const employeeId = input.employeeId ?? member.employeeId;
      if (!employeeId) {
        throw new AppError('unprocessable', 'You have no employee record in this workspace to clock in with');
      }
      if (employeeId !== member.employeeId && !manages(member)) {
        throw forbidden('You can clock in only yourself');
      }
      const employee = await liveEmployee(db, member.tenantId, employeeId);
      if (employee.status !== 'active') {
        throw new AppError('unprocessable', 'Only active employees can clock in');
      }
      const name = employeeFullName(employee);
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const created = await repository.insert(tx, {
            tenantId: member.tenantId,
            employeeId,
            clockIn: new Date(),
            status: 'active',
            notes: input.notes ?? null,
            location: input.location ?? null,
          });
          await activityLog.record(tx, {
            tenantId: member.tenantId,
            actor: actorOf(member),
            action: 'clocked_in',
            entityType: 'time_entry',
            entityId: created.id,
            summary: employeeId === member.employeeId ? 'clocked in' : `clocked in ${name}`,
            data: { employeeId },
          });
          return created.id;
        });
      } catch (error) {
        if (repository.isAlreadyClockedIn(error)) {
          throw conflict('Already clocked in', { employeeId: `${name} is already clocked in` });
        }
        throw error;
      }
      return entryView(db, member, id);
    },

    /** Spec 4: clockOut = now, totalHours (2 decimals), overtime above 8 hours, status completed. */
    async clockOut(member: Member, id: string, input: ClockOutInput): Promise<TimeEntry> {
      const entry = await visibleEntry(db, member, id);
      if (entry.status !== 'active') throw conflict('This entry is already clocked out');
      const values = clockOutValues(entry.clockIn, new Date());
      await db.transaction(async (tx) => {
        const changes: TimeEntryChanges = { ...values, ...(input.notes ? { notes: input.notes } : {}) };
        if (!(await repository.clockOut(tx, { tenantId: member.tenantId, id, changes }))) {
          throw conflict('This entry is already clocked out');
        }
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'clocked_out',
          entityType: 'time_entry',
          entityId: id,
          summary:
            entry.employeeId === member.employeeId
              ? `clocked out after ${values.totalHours} h`
              : `clocked out ${entryName(entry)} after ${values.totalHours} h`,
          data: { totalHours: values.totalHours, overtimeHours: values.overtimeHours },
        });
      });
      return entryView(db, member, id);
    },
  };
}
