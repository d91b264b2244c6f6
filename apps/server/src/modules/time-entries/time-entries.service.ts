import type { Db } from '@atrium/db';
import {
  approvalRefusal,
  can,
  clockOutValues,
  csvLine,
  decisionStatus,
  employeeFullName,
  grossPay,
  localDateIn,
  localDaysBounds,
  maxEntryHours,
  quickClockInLimit,
  regularHours,
  roundHours,
  timeRangeBounds,
  timesheetStats,
  type ApprovalDecision,
  type BulkDecisionInput,
  type ClockInInput,
  type ClockOutInput,
  type CorrectTimeEntryInput,
  type LiveClock,
  type ManualTimeEntryInput,
  type PayrollExportQuery,
  type TimeEntry,
  type TimeEntryFilter,
  type TimeEntryListQuery,
  type TimeEntryListResponse,
  type TimeEntryStats,
} from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, conflict, forbidden, notFound, staleVersion } from '../../platform/errors/app-error';
import type { ExportProgress, ExportSource } from '../../platform/exports/export-source';
import { yieldToOtherRequests } from '../../platform/db/batches';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import {
  timeEntriesRepository as repository,
  type EntryRow,
  type EntryScope,
  type PayrollKey,
  type TimeEntryChanges,
} from './time-entries.repository';

/** The Live Clock lists at most this many open entries (the count says how many there are). */
const liveClockLimit = 200;
/** A browser clock a little ahead of the server's is not "the future". */
const clockSkewMs = 60_000;

const invalidField = (field: string, message: string) =>
  new AppError('validation_failed', 'Some fields are not valid', { [field]: message });

function toView(row: EntryRow): TimeEntry {
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
const snapshot = (entry: {
  clockIn: Date;
  clockOut: Date | null;
  totalHours: number | null;
  overtimeHours: number | null;
  status: string;
  notes: string | null;
}) => ({
  clockIn: entry.clockIn.toISOString(),
  clockOut: entry.clockOut?.toISOString() ?? null,
  totalHours: entry.totalHours,
  overtimeHours: entry.overtimeHours,
  status: entry.status,
  notes: entry.notes,
});

const entryName = (row: EntryRow) =>
  employeeFullName({ firstName: row.employeeFirstName, lastName: row.employeeLastName });

/**
 * The payroll export reads employees a page of this many at a time, in the file's order, and their
 * entries about payrollEntriesPerStatement at a time, writing their lines before reading on: a
 * year of a large workspace is hundreds of thousands of entries, and on PGlite one statement over
 * all of them would hold every other request until it ends (issue 17).
 */
const payrollEmployeesPerBatch = 100;
const payrollEntriesPerStatement = 500;
const payrollHeader = [
  'Employee ID',
  'Name',
  'Date',
  'Regular Hours',
  'Overtime Hours',
  'Hourly Rate',
  'Gross Pay',
];

const manages = (member: Member) => can(member.role, 'time:manage');

/**
 * Issue 4: people without time:manage see only their own entries. Undefined means they have no
 * employee record here and so no entries at all.
 */
function scopeOf(member: Member): { ownEmployeeId?: string } | undefined {
  if (manages(member)) return {};
  return member.employeeId ? { ownEmployeeId: member.employeeId } : undefined;
}

/** Issue 17: the activity log shows an entry's clock-ins, decisions and corrections to those who see the entry. */
export const timeEntriesReadRules = {
  time_entry: {
    visible(member) {
      const scope = can(member.role, 'time:track-own') ? scopeOf(member) : undefined;
      if (!scope) return false;
      return scope.ownEmployeeId
        ? (entry) => repository.entryIn(member.tenantId, scope, entry.entityId)
        : true;
    },
  },
} satisfies Pick<ActivityAudience, 'time_entry'>;

export function createTimeEntriesService(deps: { db: Db; payrollEmployeesPerBatch?: number }) {
  const { db, payrollEmployeesPerBatch: batchSize = payrollEmployeesPerBatch } = deps;

  async function filterScope(member: Member, filter: TimeEntryFilter): Promise<EntryScope | undefined> {
    const own = scopeOf(member);
    if (!own) return undefined;
    const { from, to } = timeRangeBounds(filter.range, new Date(), member.timeZone);
    return { ...own, employeeId: filter.employeeId, status: filter.status, from, to };
  }

  /** The entry if the member may see it; 404 otherwise (another's entry is not revealed). */
  async function visibleEntry(member: Member, id: string): Promise<EntryRow> {
    const row = await repository.find(db, member.tenantId, id);
    if (!row || (!manages(member) && row.employeeId !== member.employeeId)) throw notFound('Time entry');
    return row;
  }

  async function view(member: Member, id: string): Promise<TimeEntry> {
    return toView(await visibleEntry(member, id));
  }

  /** A live employee of the workspace, or 404. */
  async function liveEmployee(tenantId: string, employeeId: string) {
    const employee = await repository.employee(db, tenantId, employeeId);
    if (!employee || employee.deletedAt !== null) throw notFound('Employee');
    return employee;
  }

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

  type PayrollPerson = Awaited<ReturnType<typeof repository.payrollEmployees>>[number];
  type Workspace = Pick<Member, 'tenantId' | 'timeZone'>;
  type DayHours = { total: number; overtime: number };

  /** The lines of these employees, in their order, from their entries (in clock-in order). */
  function linesOf(
    people: PayrollPerson[],
    entries: Awaited<ReturnType<typeof repository.approvedHoursOf>>,
    dayOf: (instant: Date) => string,
  ): string {
    // Each employee's hours per day; the days in order, as the entries come by clock-in.
    const days = new Map<string, Map<string, DayHours>>();
    for (const entry of entries) {
      const date = dayOf(entry.clockIn);
      const perDay = days.get(entry.employeeId) ?? new Map<string, DayHours>();
      days.set(entry.employeeId, perDay);
      const sums = perDay.get(date) ?? { total: 0, overtime: 0 };
      sums.total += entry.totalHours ?? 0;
      sums.overtime += entry.overtimeHours ?? 0;
      perDay.set(date, sums);
    }
    let lines = '';
    for (const person of people) {
      for (const [date, sums] of days.get(person.id) ?? []) {
        const hours = {
          regularHours: regularHours(sums.total, sums.overtime),
          overtimeHours: roundHours(sums.overtime),
        };
        const rate = person.hourlyRate;
        lines += csvLine([
          person.employeeCode,
          employeeFullName(person),
          date,
          hours.regularHours,
          hours.overtimeHours,
          rate,
          rate === null ? null : grossPay(hours, rate),
        ]);
      }
    }
    return lines;
  }

  /**
   * The payroll file: the header, then the employees' lines in name order. Each statement is short
   * and other requests go between them (issue 17): employees come a page at a time, and their
   * entries as many employees at a time as make about payrollEntriesPerStatement entries, judged
   * by the entries per employee of the statement before. Progress counts employees.
   */
  async function* payrollLines(
    workspace: Workspace,
    bounds: { from: Date; to: Date },
    progress: ExportProgress,
  ) {
    const { tenantId } = workspace;
    yield csvLine(payrollHeader);
    const dayOf = localDateIn(workspace.timeZone);
    const total = await repository.countEmployees(db, tenantId);
    let done = 0;
    let employeesPerStatement = 1;
    let after: PayrollKey | undefined;
    for (;;) {
      await yieldToOtherRequests();
      const page = await repository.payrollEmployees(db, tenantId, bounds.from, bounds.to, batchSize, after);
      const last = page.at(-1);
      if (!last) return;
      const paid = page.filter((person) => person.paid);
      for (let start = 0; start < paid.length;) {
        await yieldToOtherRequests();
        const group = paid.slice(start, start + employeesPerStatement);
        start += group.length;
        const ids = group.map((person) => person.id);
        const entries = await repository.approvedHoursOf(db, tenantId, ids, bounds.from, bounds.to);
        yield linesOf(group, entries, dayOf);
        const entriesPerEmployee = Math.max(1, entries.length / group.length);
        employeesPerStatement = Math.min(
          batchSize,
          Math.max(1, Math.floor(payrollEntriesPerStatement / entriesPerEmployee)),
        );
      }
      done += page.length;
      progress(done, Math.max(total, done));
      if (page.length < batchSize) return;
      after = { lastName: last.lastName, firstName: last.firstName, id: last.id };
    }
  }

  return {
    async list(member: Member, query: TimeEntryListQuery): Promise<TimeEntryListResponse> {
      const scope = await filterScope(member, query);
      if (!scope) return { data: [], nextCursor: null };
      const after = query.cursor ? decodeCursor(query.cursor, ['timestamp', 'uuid']) : undefined;
      const rows = await repository.list(
        db,
        member.tenantId,
        scope,
        query.limit + 1,
        after ? { clockIn: String(after[0]), id: String(after[1]) } : undefined,
      );
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
      const scope = await filterScope(member, filter);
      return timesheetStats(
        scope
          ? await repository.aggregate(db, member.tenantId, scope)
          : { entries: 0, entriesWithHours: 0, totalHours: 0, overtimeHours: 0, active: 0, completed: 0 },
      );
    },

    async live(member: Member): Promise<LiveClock> {
      const own = scopeOf(member);
      if (!own) return { clockedIn: [], clockedInTotal: 0, available: [] };
      const person = <T extends { firstName: string; lastName: string }>({
        firstName,
        lastName,
        ...rest
      }: T) => ({ ...rest, employeeName: employeeFullName({ firstName, lastName }) });
      const [clockedIn, clockedInTotal, available] = await Promise.all([
        repository.clockedIn(db, member.tenantId, liveClockLimit, own.ownEmployeeId),
        repository.countClockedIn(db, member.tenantId, own.ownEmployeeId),
        repository.notClockedIn(db, member.tenantId, quickClockInLimit, own.ownEmployeeId),
      ]);
      return {
        clockedIn: clockedIn.map((row) => ({ ...person(row), clockIn: row.clockIn.toISOString() })),
        clockedInTotal,
        available: available.map(person),
      };
    },

    get: view,

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
      const employee = await liveEmployee(member.tenantId, employeeId);
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
      return view(member, id);
    },

    /** Spec 4: clockOut = now, totalHours (2 decimals), overtime above 8 hours, status completed. */
    async clockOut(member: Member, id: string, input: ClockOutInput): Promise<TimeEntry> {
      const entry = await visibleEntry(member, id);
      if (entry.status !== 'active') throw conflict('This entry is already clocked out');
      const values = clockOutValues(entry.clockIn, new Date());
      await db.transaction(async (tx) => {
        const changes: TimeEntryChanges = { ...values, ...(input.notes ? { notes: input.notes } : {}) };
        if (!(await repository.clockOut(tx, member.tenantId, id, changes))) {
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
      return view(member, id);
    },

    /** Spec 4: approve or reject a completed entry; final. Issue 4: never one's own. */
    async decide(member: Member, id: string, decision: ApprovalDecision): Promise<TimeEntry> {
      const entry = await visibleEntry(member, id);
      const refusal = approvalRefusal(entry, member.employeeId);
      if (refusal?.reason === 'own-entry') throw forbidden(refusal.message);
      if (refusal?.reason === 'already-decided') throw conflict(refusal.message);
      if (refusal) throw new AppError('unprocessable', refusal.message);
      const status = decisionStatus[decision];
      await db.transaction(async (tx) => {
        const changed = await repository.decide(tx, member.tenantId, [id], {
          status,
          decidedBy: member.employeeId,
          at: new Date(),
        });
        // Someone decided between our read and our write.
        if (changed.length === 0) throw conflict('This entry was already decided; decisions are final');
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: status,
          entityType: 'time_entry',
          entityId: id,
          summary: `${status} ${entryName(entry)}'s time entry (${entry.totalHours} h)`,
          data: { before: { status: entry.status }, after: { status } },
        });
      });
      return view(member, id);
    },

    /** Bulk approve / reject in one transaction: all or nothing; the refusal names each entry. */
    async decideMany(member: Member, input: BulkDecisionInput): Promise<TimeEntry[]> {
      const ids = [...new Set(input.ids)];
      const status = decisionStatus[input.decision];
      await db.transaction(async (tx) => {
        const rows = new Map(
          (await repository.lockForDecision(tx, member.tenantId, ids)).map((row) => [row.id, row]),
        );
        const fields: Record<string, string> = {};
        input.ids.forEach((id, index) => {
          const row = rows.get(id);
          const refusal = row ? approvalRefusal(row, member.employeeId) : undefined;
          if (!row) fields[`ids.${index}`] = 'Time entry not found';
          else if (refusal) fields[`ids.${index}`] = refusal.message;
        });
        const refused = Object.keys(fields).length;
        if (refused > 0) {
          throw new AppError(
            'unprocessable',
            `${refused} of the ${ids.length} selected entries cannot be ${status}; nothing was changed`,
            fields,
          );
        }
        const changed = await repository.decide(tx, member.tenantId, ids, {
          status,
          decidedBy: member.employeeId,
          at: new Date(),
        });
        if (changed.length !== ids.length) {
          throw conflict('Some entries were decided meanwhile; nothing was changed');
        }
        for (const id of ids) {
          await activityLog.record(tx, {
            tenantId: member.tenantId,
            actor: actorOf(member),
            action: status,
            entityType: 'time_entry',
            entityId: id,
            summary: `${status} a time entry (bulk, ${ids.length} entries)`,
            data: { before: { status: 'completed' }, after: { status }, bulk: true },
          });
        }
      });
      return (await repository.listByIds(db, member.tenantId, ids)).map(toView);
    },

    /** A Manager's manual entry: completed, hours by the spec 4 rule, the note in the audit trail. */
    async createManual(member: Member, input: ManualTimeEntryInput): Promise<TimeEntry> {
      const employee = await liveEmployee(member.tenantId, input.employeeId);
      const clockIn = new Date(input.clockIn);
      const clockOut = new Date(input.clockOut);
      checkTimes(clockIn, clockOut, new Date());
      if (await repository.overlaps(db, member.tenantId, input.employeeId, clockIn, clockOut)) {
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
      return view(member, id);
    },

    /** A Manager's correction with a required note; before and after go to the audit trail. */
    async correct(member: Member, id: string, input: CorrectTimeEntryInput): Promise<TimeEntry> {
      const entry = await visibleEntry(member, id);
      if (entry.status === 'approved' || entry.status === 'rejected') {
        throw conflict(`This entry was already ${entry.status}; decided entries cannot be corrected`);
      }
      if (entry.version !== input.version) throw staleVersion();
      const clockIn = input.clockIn ? new Date(input.clockIn) : entry.clockIn;
      const clockOut = input.clockOut ? new Date(input.clockOut) : entry.clockOut;
      checkTimes(clockIn, clockOut, new Date());
      if (
        (input.clockIn || input.clockOut) &&
        (await repository.overlaps(
          db,
          member.tenantId,
          entry.employeeId,
          clockIn,
          clockOut ?? new Date(),
          id,
        ))
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
        if (!(await repository.correct(tx, member.tenantId, id, input.version, changes)))
          throw staleVersion();
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
      return view(member, id);
    },

    /**
     * Issue 4 "Export Timesheet": payroll-ready CSV of approved entries, one line per employee and
     * day (the workspace time zone's calendar day of the clock-in). Names are kept for deleted
     * employees: payroll still owes them. Without an hourly rate the pay cells stay empty. The file
     * is made as it is sent, or in the background when big (issue 17), so the server's memory does
     * not grow with it; its size is judged by its approved entries.
     */
    payrollExport(workspace: Workspace, query: PayrollExportQuery): ExportSource {
      const bounds = localDaysBounds(query.from, query.to, workspace.timeZone);
      return {
        fileName: `payroll-${query.from}-to-${query.to}.csv`,
        contentType: 'text/csv; charset=utf-8',
        exceeds: (rows) => repository.paidEntriesExceed(db, workspace.tenantId, bounds.from, bounds.to, rows),
        pieces: (progress) => payrollLines(workspace, bounds, progress),
      };
    },
  };
}

export type TimeEntriesService = ReturnType<typeof createTimeEntriesService>;
