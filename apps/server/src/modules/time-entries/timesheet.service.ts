import type { Db } from '@atrium/db';
import {
  clockOutValues,
  employeeFullName,
  maxEntryHours,
  timeRangeBounds,
  timesheetStats,
  type CorrectTimeEntryInput,
  type ManualTimeEntryInput,
  type TimeEntry,
  type TimeEntryFilter,
  type TimeEntryListQuery,
  type TimeEntryListResponse,
  type TimeEntryStats,
} from '@atrium/shared';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { AppError, conflict, staleVersion } from '../../platform/errors/app-error';
import {
  timeEntriesRepository as repository,
  type EntryScope,
  type TimeEntryChanges,
} from './time-entries.repository';
import { entryView, liveEmployee, scopeOf, visibleEntry } from './time-entry-access';
import { entryName, snapshot, toView } from './time-entry-view';

/** A browser clock a little ahead of the server's is not "the future". */
const clockSkewMs = 60_000;

const invalidField = (field: string, message: string) =>
  new AppError('validation_failed', 'Some fields are not valid', { [field]: message });

/** Times a Manager typed: not in the future, clock-out after clock-in, at most a day long. */
function checkTimes(clockIn: Date, clockOut: Date | null, now: Date) {
  if (clockIn.getTime() > now.getTime() + clockSkewMs) {
    throw invalidField('clockIn', 'Clock-in cannot be in the future');
  }
  if (clockOut === null) return;
  if (clockOut.getTime() > now.getTime() + clockSkewMs) {
    throw invalidField('clockOut', 'Clock-out cannot be in the future');
  }
  const hours = (clockOut.getTime() - clockIn.getTime()) / 3_600_000;
  if (hours <= 0) throw invalidField('clockOut', 'Clock-out must be after clock-in');
  if (hours > maxEntryHours) {
    throw invalidField('clockOut', `An entry can span at most ${maxEntryHours} hours`);
  }
}

function filterScope(member: Member, filter: TimeEntryFilter): EntryScope | undefined {
  const own = scopeOf(member);
  if (!own) return undefined;
  const { from, to } = timeRangeBounds(filter.range, new Date(), member.timeZone);
  return { ...own, employeeId: filter.employeeId, status: filter.status, from, to };
}

/** The timesheet and its cards, and a Manager's manual entries and corrections. */
export function createTimesheetService({ db }: { db: Db }) {
  return {
    async list(member: Member, query: TimeEntryListQuery): Promise<TimeEntryListResponse> {
      const scope = filterScope(member, query);
      if (!scope) return { data: [], nextCursor: null };
      const after = query.cursor ? decodeCursor(query.cursor, ['timestamp', 'uuid']) : undefined;
      const rows = await repository.list(db, {
        tenantId: member.tenantId,
        scope,
        limit: query.limit + 1,
        after: after ? { clockIn: String(after[0]), id: String(after[1]) } : undefined,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [
        last.clockIn.toISOString(),
        last.id,
      ]);
      return {
        data: page.map(toView),
        nextCursor,
      };
    },

    async stats(member: Member, filter: TimeEntryFilter): Promise<TimeEntryStats> {
      const scope = filterScope(member, filter);
      return timesheetStats(
        scope
          ? await repository.aggregate(db, member.tenantId, scope)
          : { entries: 0, entriesWithHours: 0, totalHours: 0, overtimeHours: 0, active: 0, completed: 0 },
      );
    },

    get: (member: Member, id: string) => entryView(db, member, id),

    /** A Manager's manual entry: completed, hours by the spec 4 rule, the note in the audit trail. */
    async createManual(member: Member, input: ManualTimeEntryInput): Promise<TimeEntry> {
      const employee = await liveEmployee(db, member.tenantId, input.employeeId);
      const clockIn = new Date(input.clockIn);
      const clockOut = new Date(input.clockOut);
      checkTimes(clockIn, clockOut, new Date());
      const overlaps = await repository.overlaps(db, {
        tenantId: member.tenantId,
        employeeId: input.employeeId,
        from: clockIn,
        to: clockOut,
      });
      if (overlaps) {
        throw conflict('This overlaps another time entry of the employee', {
          clockIn: 'Overlaps another entry of this employee',
        });
      }
      const values = { clockIn, ...clockOutValues(clockIn, clockOut), notes: input.notes };
      const id = await db.transaction(async (tx) => {
        const created = await repository.insert(tx, {
          tenantId: member.tenantId,
          employeeId: input.employeeId,
          ...values,
        });
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'created',
          entityType: 'time_entry',
          entityId: created.id,
          summary: `added a manual time entry for ${employeeFullName(employee)} (${values.totalHours} h)`,
          data: {
            manual: true,
            employeeId: input.employeeId,
            before: null,
            after: snapshot(values),
            note: input.notes,
          },
        });
        return created.id;
      });
      return entryView(db, member, id);
    },

    /** A Manager's correction with a required note; before and after go to the audit trail. */
    async correct(member: Member, id: string, input: CorrectTimeEntryInput): Promise<TimeEntry> {
      const entry = await visibleEntry(db, member, id);
      if (entry.status === 'approved' || entry.status === 'rejected') {
        throw conflict(`This entry was already ${entry.status}; decided entries cannot be corrected`);
      }
      if (entry.version !== input.version) throw staleVersion();
      const clockIn = input.clockIn ? new Date(input.clockIn) : entry.clockIn;
      const clockOut = input.clockOut ? new Date(input.clockOut) : entry.clockOut;
      checkTimes(clockIn, clockOut, new Date());
      if (
        (input.clockIn || input.clockOut) &&
        (await repository.overlaps(db, {
          tenantId: member.tenantId,
          employeeId: entry.employeeId,
          from: clockIn,
          to: clockOut ?? new Date(),
          exceptId: id,
        }))
      ) {
        throw conflict('This overlaps another time entry of the employee', {
          clockIn: 'Overlaps another entry of this employee',
        });
      }
      const changes: TimeEntryChanges = {
        clockIn,
        // Setting a clock-out on an open entry clocks it out (spec 4 values).
        ...(clockOut ? clockOutValues(clockIn, clockOut) : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
      };
      const after = {
        clockIn,
        clockOut: changes.clockOut ?? null,
        totalHours: changes.totalHours ?? null,
        overtimeHours: changes.overtimeHours ?? null,
        status: changes.status ?? entry.status,
        notes: changes.notes !== undefined ? changes.notes : entry.notes,
      };
      await db.transaction(async (tx) => {
        const corrected = await repository.correct(tx, {
          tenantId: member.tenantId,
          id,
          version: input.version,
          changes,
        });
        if (!corrected) throw staleVersion();
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'corrected',
          entityType: 'time_entry',
          entityId: id,
          summary: `corrected ${entryName(entry)}'s time entry: ${input.note}`,
          data: { before: snapshot(entry), after: snapshot(after), note: input.note },
        });
      });
      return entryView(db, member, id);
    },
  };
}
