import type { Db } from '@atrium/db';
import {
  addCalendarDays,
  employeeFullName,
  isOverScheduled,
  isUnassigned,
  weekDates,
  weekStartOf,
  weeklyHours,
  type ScheduleEmployee,
  type WeekSchedule,
  type WeekStats,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf, byName } from '../../platform/db/cursor';
import type { WorkspaceMemo } from '../../platform/db/workspace-memo';
import { schedulingRepository, type ShiftRow } from './scheduling.repository';
import { employeeShifts, workspaceCalendar } from './shift-view';

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

/** The calendar week that `start` falls in, by the workspace's first day of the week. */
function weekOf(member: Member, start: string | undefined) {
  const calendar = workspaceCalendar(member);
  const weekStart = weekStartOf(start ?? calendar.today, calendar.weekStartDay);
  const days = weekDates(weekStart);
  return { calendar, weekStart, days, weekEnd: days[6]! };
}

/** The week as the scheduling screen and the directory's Schedule tab show it. */
export function createScheduleWeekService({ db, memo }: { db: Db; memo: WorkspaceMemo }) {
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
      const after = query.cursor ? decodeCursor(query.cursor, byName.shape) : undefined;
      const rows = await schedulingRepository.weekEmployees(db, {
        tenantId: member.tenantId,
        scope,
        limit: query.limit + 1,
        after,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, byName.cursorOf);
      const shiftRows = await schedulingRepository.shiftsOf(db, {
        tenantId: member.tenantId,
        employeeIds: page.map((e) => e.id),
        from: scope.from,
        to: scope.to,
      });
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
        schedulingRepository.weekStats(db, {
          tenantId: member.tenantId,
          scope,
          overScheduledAbove: calendar.overScheduledAbove,
        }),
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
      const calendar = workspaceCalendar(member);
      const weekStart = weekStartOf(calendar.today, calendar.weekStartDay);
      const weekEnd = addCalendarDays(weekStart, 6);
      const rows = await schedulingRepository.shiftsOf(db, {
        tenantId: member.tenantId,
        employeeIds: [employeeId],
        from: weekStart,
        to: weekEnd,
      });
      const { shifts } = employeeShifts(rows);
      return { weekStart, weekEnd, weeklyHours: weeklyHours(shifts), shifts };
    },
  };
}
