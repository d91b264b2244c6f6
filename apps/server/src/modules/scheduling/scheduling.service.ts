import type { Db } from '@atrium/db';
import {
  addCalendarDays,
  can,
  conflictDates,
  createShiftSchema,
  dayOfWeek,
  daysBetween,
  employeeFullName,
  expandTemplate,
  isOverScheduled,
  isOvernightShift,
  isUnassigned,
  scheduleTemplate,
  shiftHours,
  todayIn,
  weekDates,
  weekStartOf,
  weeklyHours,
  type ApplyTemplateInput,
  type ApplyTemplateResult,
  type CopyWeekInput,
  type CopyWeekResult,
  type CreateShiftInput,
  type ScheduleEmployee,
  type Shift,
  type UpdateShiftInput,
  type WeekSchedule,
  type WeekStats,
} from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, notFound, staleVersion } from '../../platform/errors/app-error';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import type { WorkspaceMemo } from '../../platform/db/workspace-memo';
import { schedulingRepository, type ShiftRow, type ShiftValues } from './scheduling.repository';

/** time columns read back as HH:MM:SS; the API speaks HH:MM. */
const clock = (time: string) => time.slice(0, 5);

/** `sharesItsDay`: the employee has another active shift on the same day (spec 9 conflict). */
function toShiftView(row: ShiftRow, sharesItsDay: boolean): Shift {
  const times = {
    startTime: clock(row.startTime),
    endTime: clock(row.endTime),
    breakMinutes: row.breakMinutes,
  };
  return {
    id: row.id,
    employeeId: row.employeeId,
    date: row.date,
    dayOfWeek: dayOfWeek(row.date),
    ...times,
    isActive: row.isActive,
    overnight: isOvernightShift(times),
    hours: shiftHours(times),
    conflict: row.isActive && sharesItsDay,
    version: row.version,
  };
}

/** One employee's shifts as the week shows them, with their conflict dates (spec 9 rule). */
function employeeShifts(rows: readonly ShiftRow[]) {
  const dates = conflictDates(rows);
  const conflicting = new Set(dates);
  return { shifts: rows.map((row) => toShiftView(row, conflicting.has(row.date))), conflictDates: dates };
}

/** Shift rows by employee id, each in the order read. */
function byEmployee(rows: readonly ShiftRow[]): Map<string, ShiftRow[]> {
  const groups = new Map<string, ShiftRow[]>();
  for (const row of rows) {
    const own = groups.get(row.employeeId);
    if (own) own.push(row);
    else groups.set(row.employeeId, [row]);
  }
  return groups;
}

/** A cursor of the name order (last name, first name, id); a tampered one is a 400, not a 500. */
export const nameCursor = (cursor: string) => decodeCursor(cursor, ['text', 'text', 'uuid']);

const unknownEmployee = (field = 'employeeId') =>
  new AppError('unprocessable', 'This employee is not in the workspace', {
    [field]: 'Choose an employee of this workspace',
  });

/** Issue 17: entries about shifts and schedules go to those who see the schedule. */
export const schedulingReadRules = {
  shift: { visible: (member) => can(member.role, 'schedule:view') },
  schedule: { visible: (member) => can(member.role, 'schedule:view') },
} satisfies Pick<ActivityAudience, 'shift' | 'schedule'>;

export function createSchedulingService(db: Db, memo: WorkspaceMemo) {
  function workspaceCalendar(member: Member) {
    return {
      timeZone: member.timeZone,
      weekStartDay: member.weekStart,
      /** Spec 9: over-scheduled above 40 weekly hours — the workspace's weekly hours setting (default 40). */
      overScheduledAbove: member.weeklyHours,
      today: todayIn(member.timeZone),
    };
  }

  async function shiftView(tenantId: string, id: string): Promise<Shift> {
    const row = await schedulingRepository.findShift(db, tenantId, id);
    if (!row) throw notFound('Shift');
    const others = row.isActive
      ? await schedulingRepository.otherActiveShiftsOn(db, tenantId, row.employeeId, row.date, row.id)
      : 0;
    return toShiftView(row, others > 0);
  }

  /** The calendar week that `start` falls in, by the workspace's first day of the week. */
  function weekOf(member: Member, start: string | undefined) {
    const calendar = workspaceCalendar(member);
    const weekStart = weekStartOf(start ?? calendar.today, calendar.weekStartDay);
    const days = weekDates(weekStart);
    return { calendar, weekStart, days, weekEnd: days[6]! };
  }

  return {
    /** The week view: one page of employees with their shifts, hours and conflicts. */
    async week(
      member: Member,
      query: {
        start?: string | undefined;
        employeeId?: string | undefined;
        limit: number;
        cursor?: string | undefined;
      },
    ): Promise<WeekSchedule> {
      const { calendar, weekStart, weekEnd, days } = weekOf(member, query.start);
      const scope = { from: weekStart, to: weekEnd, employeeId: query.employeeId };
      const after = query.cursor ? nameCursor(query.cursor) : undefined;
      const rows = await schedulingRepository.weekEmployees(db, member.tenantId, scope, {
        limit: query.limit + 1,
        after,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [
        last.lastName,
        last.firstName,
        last.id,
      ]);
      const shiftRows = await schedulingRepository.shiftsOf(
        db,
        member.tenantId,
        page.map((e) => e.id),
        scope.from,
        scope.to,
      );
      const shiftsByEmployee = byEmployee(shiftRows);
      const data: ScheduleEmployee[] = page.map((employee) => {
        const { shifts, conflictDates: conflicts } = employeeShifts(shiftsByEmployee.get(employee.id) ?? []);
        const hours = weeklyHours(shifts);
        return {
          id: employee.id,
          name: employeeFullName(employee),
          employeeCode: employee.employeeCode,
          department: employee.department,
          jobTitle: employee.jobTitle,
          status: employee.status,
          weeklyHours: hours,
          overScheduled: isOverScheduled(hours, calendar.overScheduledAbove),
          unassigned: isUnassigned(shifts),
          conflictDates: conflicts,
          shifts,
        };
      });
      return {
        weekStart,
        weekEnd,
        days,
        today: calendar.today,
        weekStartDay: calendar.weekStartDay,
        overScheduledAboveHours: calendar.overScheduledAbove,
        data,
        nextCursor,
      };
    },

    /**
     * The four cards over everyone the week lists, not one page: the whole workspace's shifts of the
     * week, so the answer is kept until something in the workspace changes.
     */
    async weekStats(
      member: Member,
      query: { start?: string | undefined; employeeId?: string | undefined },
    ): Promise<WeekStats> {
      const { calendar, weekStart, weekEnd } = weekOf(member, query.start);
      const scope = { from: weekStart, to: weekEnd, employeeId: query.employeeId };
      const key = ['week-stats', weekStart, query.employeeId ?? '', calendar.overScheduledAbove].join('|');
      const stats = await memo.get(member.tenantId, key, () =>
        schedulingRepository.weekStats(db, member.tenantId, scope, calendar.overScheduledAbove),
      );
      return {
        weekStart,
        weekEnd,
        stats: {
          totalShifts: stats.totalShifts,
          scheduledHours: stats.scheduledHundredths / 100,
          overScheduled: stats.overScheduled,
          unassigned: stats.unassigned,
        },
      };
    },

    /** One employee's shifts in the current week (directory details dialog, Schedule tab). */
    async employeeWeek(member: Member, employeeId: string) {
      const { tenantId } = member;
      const calendar = workspaceCalendar(member);
      const weekStart = weekStartOf(calendar.today, calendar.weekStartDay);
      const weekEnd = addCalendarDays(weekStart, 6);
      const rows = await schedulingRepository.shiftsOf(db, tenantId, [employeeId], weekStart, weekEnd);
      const { shifts } = employeeShifts(rows);
      return { weekStart, weekEnd, weeklyHours: weeklyHours(shifts), shifts };
    },

    async createShift(member: Member, input: CreateShiftInput): Promise<Shift> {
      const values = createShiftSchema.parse(input) as ShiftValues;
      const employee = await schedulingRepository.findEmployee(db, member.tenantId, values.employeeId);
      if (!employee) throw unknownEmployee();
      const id = await db.transaction(async (tx) => {
        const id = await schedulingRepository.insertShift(tx, member.tenantId, values);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'created',
          entityType: 'shift',
          entityId: id,
          summary: `scheduled ${employeeFullName(employee)} on ${values.date} ${values.startTime}-${values.endTime}`,
          data: { ...values },
        });
        return id;
      });
      return shiftView(member.tenantId, id);
    },

    async updateShift(member: Member, id: string, input: UpdateShiftInput): Promise<Shift> {
      const current = await schedulingRepository.findShift(db, member.tenantId, id);
      if (!current) throw notFound('Shift');
      const { version, ...changes } = input;
      const before: ShiftValues = {
        employeeId: current.employeeId,
        date: current.date,
        startTime: clock(current.startTime),
        endTime: clock(current.endTime),
        breakMinutes: current.breakMinutes,
        isActive: current.isActive,
      };
      // The merged shift must still be a valid shift (field errors as for Add Shift).
      const after = createShiftSchema.parse({ ...before, ...changes }) as ShiftValues;
      const employee = await schedulingRepository.findEmployee(db, member.tenantId, after.employeeId);
      if (!employee) throw unknownEmployee();
      await db.transaction(async (tx) => {
        const updated = await schedulingRepository.updateShift(tx, member.tenantId, id, version, after);
        if (!updated) throw staleVersion();
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'updated',
          entityType: 'shift',
          entityId: id,
          summary: `changed ${employeeFullName(employee)}'s shift on ${after.date} to ${after.startTime}-${after.endTime}`,
          data: { before, after },
        });
      });
      return shiftView(member.tenantId, id);
    },

    async deleteShift(member: Member, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await schedulingRepository.findShift(tx, member.tenantId, id);
        if (!current || !(await schedulingRepository.deleteShift(tx, member.tenantId, id))) {
          throw notFound('Shift');
        }
        const employee = await schedulingRepository.findEmployee(tx, member.tenantId, current.employeeId);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'deleted',
          entityType: 'shift',
          entityId: id,
          summary: `removed ${employee ? `${employeeFullName(employee)}'s` : 'a'} shift on ${current.date}`,
          // Everything needed to put it back (undo).
          data: {
            employeeId: current.employeeId,
            date: current.date,
            startTime: clock(current.startTime),
            endTime: clock(current.endTime),
            breakMinutes: current.breakMinutes,
            isActive: current.isActive,
          },
        });
      });
    },

    /**
     * Apply Template: writes the template's shifts for each employee in the week, replacing their
     * existing shifts on the days the template fills (other days are kept). One transaction.
     */
    async applyTemplate(
      member: Member,
      input: Required<Pick<ApplyTemplateInput, 'template' | 'employeeIds' | 'weekStart'>>,
    ): Promise<ApplyTemplateResult> {
      const calendar = workspaceCalendar(member);
      const weekStart = weekStartOf(input.weekStart, calendar.weekStartDay);
      const template = scheduleTemplate(input.template);
      const employeeIds = [...new Set(input.employeeIds)];
      const found = await schedulingRepository.existingEmployeeIds(db, member.tenantId, employeeIds);
      if (found.size !== employeeIds.length) throw unknownEmployee('employeeIds');
      const planned = expandTemplate(template, weekStart);
      const rows: ShiftValues[] = employeeIds.flatMap((employeeId) =>
        planned.map((shift) => ({ employeeId, ...shift, isActive: true })),
      );
      const replaced = await db.transaction(async (tx) => {
        const replaced = await schedulingRepository.deleteShiftsOn(tx, member.tenantId, employeeIds, [
          ...new Set(planned.map((shift) => shift.date)),
        ]);
        await schedulingRepository.insertShifts(tx, member.tenantId, rows);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'applied_template',
          entityType: 'schedule',
          entityId: member.tenantId,
          summary: `applied the ${template.name} template to ${employeeIds.length} ${employeeIds.length === 1 ? 'employee' : 'employees'} for the week of ${weekStart}`,
          data: { template: template.id, weekStart, employeeIds, created: rows.length, replaced },
        });
        return replaced;
      });
      return {
        template: template.id,
        weekStart,
        employees: employeeIds.length,
        created: rows.length,
        replaced,
      };
    },

    /** Copy Schedule: the source week's shifts onto the same weekdays of the target week. */
    async copyWeek(member: Member, input: CopyWeekInput): Promise<CopyWeekResult> {
      const calendar = workspaceCalendar(member);
      const fromWeekStart = weekStartOf(input.fromWeekStart, calendar.weekStartDay);
      const toWeekStart = weekStartOf(input.toWeekStart, calendar.weekStartDay);
      if (fromWeekStart === toWeekStart) {
        throw new AppError('unprocessable', 'Copy to a different week', {
          toWeekStart: 'Choose a different week than the one copied',
        });
      }
      const employeeIds = input.employeeIds ? [...new Set(input.employeeIds)] : undefined;
      if (employeeIds) {
        const found = await schedulingRepository.existingEmployeeIds(db, member.tenantId, employeeIds);
        if (found.size !== employeeIds.length) throw unknownEmployee('employeeIds');
      }
      const offset = daysBetween(fromWeekStart, toWeekStart);
      return db.transaction(async (tx) => {
        const counts = await schedulingRepository.copyWeek(
          tx,
          member.tenantId,
          { from: fromWeekStart, to: addCalendarDays(fromWeekStart, 6) },
          offset,
          employeeIds,
        );
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'copied_schedule',
          entityType: 'schedule',
          entityId: member.tenantId,
          summary: `copied the schedule of the week of ${fromWeekStart} to the week of ${toWeekStart}`,
          data: { fromWeekStart, toWeekStart, employeeIds: employeeIds ?? null, ...counts },
        });
        return { fromWeekStart, toWeekStart, ...counts };
      });
    },
  };
}

export type SchedulingService = ReturnType<typeof createSchedulingService>;
