import { conflictDates, dayOfWeek, isOvernightShift, shiftHours, todayIn, type Shift } from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import type { ShiftRow } from './scheduling.repository';

/** time columns read back as HH:MM:SS; the API speaks HH:MM. */
export const clock = (time: string) => time.slice(0, 5);

/** `sharesItsDay`: the employee has another active shift on the same day (spec 9 conflict). */
export function toShiftView(row: ShiftRow, sharesItsDay: boolean): Shift {
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
export function employeeShifts(rows: readonly ShiftRow[]) {
  const dates = conflictDates(rows);
  const conflicting = new Set(dates);
  return { shifts: rows.map((row) => toShiftView(row, conflicting.has(row.date))), conflictDates: dates };
}

export function workspaceCalendar(member: Member) {
  return {
    timeZone: member.timeZone,
    weekStartDay: member.weekStart,
    /** Spec 9: over-scheduled above 40 weekly hours — the workspace's weekly hours setting (default 40). */
    overScheduledAbove: member.weeklyHours,
    today: todayIn(member.timeZone),
  };
}
