import type { Db } from '@atrium/db';
import {
  addCalendarDays,
  countOf,
  createShiftSchema,
  daysBetween,
  employeeFullName,
  expandTemplate,
  scheduleTemplate,
  sameWeekCopyMessage,
  scheduleTemplatesFor,
  weekStartOf,
  type ApplyTemplateInput,
  type ApplyTemplateResult,
  type CopyWeekInput,
  type CopyWeekResult,
  type CreateShiftInput,
  type ScheduleTemplateList,
  type Shift,
  type UpdateShiftInput,
  type Workday,
} from '@atrium/shared';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, notFound, staleVersion } from '../../platform/errors/app-error';
import { schedulingRepository, type ShiftValues } from './scheduling.repository';
import { clock, toShiftView, workspaceCalendar } from './shift-view';

const unknownEmployee = (field = 'employeeId') =>
  new AppError('unprocessable', 'This employee is not in the workspace', {
    [field]: 'Choose an employee of this workspace',
  });

/** The workspace's working day (Settings > Workspace), which templates are made of. */
export type WorkdaySource = { workday(member: Member): Promise<Workday> };

/** Shifts one at a time (Add, Edit, Delete Shift) and a week at a time (Apply Template, Copy Schedule). */
export function createShiftsService({ db, workspace }: { db: Db; workspace: WorkdaySource }) {
  async function shiftView(tenantId: string, id: string): Promise<Shift> {
    const row = await schedulingRepository.findShift(db, tenantId, id);
    if (!row) throw notFound('Shift');
    const others = row.isActive
      ? await schedulingRepository.otherActiveShiftsOn(db, {
          tenantId,
          employeeId: row.employeeId,
          date: row.date,
          exceptId: row.id,
        })
      : 0;
    return toShiftView(row, others > 0);
  }

  /** The weeks of a copy by the workspace's week start, checked: a different week, known employees. */
  async function copyPlan(member: Member, input: CopyWeekInput) {
    const calendar = workspaceCalendar(member);
    const fromWeekStart = weekStartOf(input.fromWeekStart, calendar.weekStartDay);
    const toWeekStart = weekStartOf(input.toWeekStart, calendar.weekStartDay);
    if (fromWeekStart === toWeekStart) {
      throw new AppError('unprocessable', 'Copy to a different week', {
        toWeekStart: sameWeekCopyMessage,
      });
    }
    const employeeIds = input.employeeIds ? [...new Set(input.employeeIds)] : undefined;
    if (employeeIds) {
      const found = await schedulingRepository.existingEmployeeIds(db, member.tenantId, employeeIds);
      if (found.size !== employeeIds.length) throw unknownEmployee('employeeIds');
    }
    return {
      fromWeekStart,
      toWeekStart,
      query: {
        tenantId: member.tenantId,
        source: { from: fromWeekStart, to: addCalendarDays(fromWeekStart, 6) },
        offsetDays: daysBetween(fromWeekStart, toWeekStart),
        employeeIds,
      },
    };
  }

  return {
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
        const updated = await schedulingRepository.updateShift(tx, {
          tenantId: member.tenantId,
          id,
          version,
          values: after,
        });
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

    /** The six templates as this workspace applies them: its working day, its break. */
    async templates(member: Member): Promise<ScheduleTemplateList> {
      return { data: scheduleTemplatesFor(await workspace.workday(member)) };
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
      const template = scheduleTemplate(input.template, await workspace.workday(member));
      const employeeIds = [...new Set(input.employeeIds)];
      const found = await schedulingRepository.existingEmployeeIds(db, member.tenantId, employeeIds);
      if (found.size !== employeeIds.length) throw unknownEmployee('employeeIds');
      const planned = expandTemplate(template, weekStart);
      const rows: ShiftValues[] = employeeIds.flatMap((employeeId) =>
        planned.map((shift) => ({ employeeId, ...shift, isActive: true })),
      );
      const replaced = await db.transaction(async (tx) => {
        const replaced = await schedulingRepository.deleteShiftsOn(tx, {
          tenantId: member.tenantId,
          employeeIds,
          dates: [...new Set(planned.map((shift) => shift.date))],
        });
        await schedulingRepository.insertShifts(tx, member.tenantId, rows);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'applied_template',
          entityType: 'schedule',
          entityId: member.tenantId,
          summary: `applied the ${template.name} template to ${countOf(employeeIds.length, { one: 'employee', other: 'employees' })} for the week of ${weekStart}`,
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

    /** What Copy Schedule would do, changing nothing (the dialog's preview). */
    async copyWeekPreview(member: Member, input: CopyWeekInput): Promise<CopyWeekResult> {
      const copy = await copyPlan(member, input);
      const counts = await schedulingRepository.copyWeekPreview(db, copy.query);
      return { fromWeekStart: copy.fromWeekStart, toWeekStart: copy.toWeekStart, ...counts };
    },

    /**
     * Copy Schedule: the source week's shifts onto the same weekdays of the target week. It adds to
     * the target week and never overwrites it: an employee-day that has a shift keeps it.
     */
    async copyWeek(member: Member, input: CopyWeekInput): Promise<CopyWeekResult> {
      const { fromWeekStart, toWeekStart, query } = await copyPlan(member, input);
      return db.transaction(async (tx) => {
        const counts = await schedulingRepository.copyWeek(tx, query);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'copied_schedule',
          entityType: 'schedule',
          entityId: member.tenantId,
          summary: `copied the schedule of the week of ${fromWeekStart} to the week of ${toWeekStart}`,
          data: { fromWeekStart, toWeekStart, employeeIds: query.employeeIds ?? null, ...counts },
        });
        return { fromWeekStart, toWeekStart, ...counts };
      });
    },
  };
}
