import { z } from 'zod';
import {
  defaultBreakMinutes,
  maxBreakMinutes,
  scheduleTemplateIds,
  shiftTimeOptions,
  shiftTimesProblems,
} from '../domain/scheduling-rules';
import { isoDate, recordVersion, text } from './fields';

// Scheduling API (issue 4, spec 2 "Scheduling"): /api/v1/scheduling.

const isoDateSchema = isoDate();

const shiftTime = z.enum(
  shiftTimeOptions as [string, ...string[]],
  'Choose a time on the hour from 06:00 to 22:00',
);

const breakMinutes = z
  .number('Enter the break in minutes')
  .int('Use whole minutes')
  .min(0, 'Cannot be negative')
  .max(maxBreakMinutes, `At most ${maxBreakMinutes} minutes`);

const shiftShape = {
  employeeId: z.uuid('Choose an employee'),
  date: isoDateSchema,
  /** Spec 5: hourly from 06:00 to 22:00. An end before the start ends the next day (22:00-06:00). */
  startTime: shiftTime,
  endTime: shiftTime,
  breakMinutes,
  isActive: z.boolean(),
};

/** Cross-field rules (end differs from start, at most 16 hours, break shorter than the shift). */
function refineShiftTimes(
  value: { startTime?: string; endTime?: string; breakMinutes?: number },
  ctx: z.RefinementCtx,
) {
  if (value.startTime === undefined || value.endTime === undefined || value.breakMinutes === undefined)
    return;
  const problems = shiftTimesProblems({
    startTime: value.startTime,
    endTime: value.endTime,
    breakMinutes: value.breakMinutes,
  });
  for (const [field, message] of Object.entries(problems)) {
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/** Add Shift dialog (spec 2): employee, day, start, end, break (default 60, spec 5). */
export const createShiftSchema = z
  .object({
    ...shiftShape,
    breakMinutes: breakMinutes.default(defaultBreakMinutes),
    isActive: z.boolean().default(true),
  })
  .superRefine(refineShiftTimes);
export type CreateShiftInput = z.input<typeof createShiftSchema>;

/** Edit shift: any of the fields, plus the version it was read at (412 when stale). */
export const updateShiftSchema = z.object(shiftShape).partial().extend({ version: recordVersion() });
export type UpdateShiftInput = z.input<typeof updateShiftSchema>;

/** The week view's query: any date of the week (default: today in the workspace time zone). */
export const weekQuerySchema = z.object({
  start: isoDateSchema.optional(),
  employeeId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: text().max(500).optional(),
});
export type WeekQuery = z.input<typeof weekQuerySchema>;

export const weekStatsQuerySchema = weekQuerySchema.pick({ start: true, employeeId: true });
export type WeekStatsQuery = z.input<typeof weekStatsQuerySchema>;

export const applyTemplateSchema = z.object({
  template: z.enum(scheduleTemplateIds, 'Choose a template'),
  employeeIds: z
    .array(z.uuid('Choose an employee'), 'Choose at least one employee')
    .min(1, 'Choose at least one employee')
    .max(1000, 'At most 1000 employees at a time'),
  /** Any date of the target week; the server uses the workspace's week start. */
  weekStart: isoDateSchema,
});
export type ApplyTemplateInput = z.input<typeof applyTemplateSchema>;

/**
 * Copy Schedule: the source week's shifts onto the same weekdays of the target week, adding to
 * what is there: an employee-day that already has a shift keeps it, and inactive employees get none.
 */
export const copyWeekSchema = z.object({
  /** Any date of the week copied. */
  fromWeekStart: isoDateSchema,
  /** Any date of the week copied to (not the same week). */
  toWeekStart: isoDateSchema,
  /** Only these employees' shifts; all when omitted. */
  employeeIds: z.array(z.uuid()).min(1).max(1000).optional(),
});
/** Copy Schedule's answer when the target week is the week copied (server and dialog alike). */
export const sameWeekCopyMessage = 'Choose a different week than the one copied';

export type CopyWeekInput = z.input<typeof copyWeekSchema>;

// ---- responses --------------------------------------------------------------------------------

export const shiftSchema = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  date: z.string(),
  /** 0 Sunday ... 6 Saturday (spec 3 Shift.dayOfWeek). */
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  breakMinutes: z.number().int(),
  isActive: z.boolean(),
  /** Ends the next day (end before start). */
  overnight: z.boolean(),
  /** Spec 5 shift length in hours (2 decimals). */
  hours: z.number(),
  /** Another active shift of the same employee on the same day (spec 9). */
  conflict: z.boolean(),
  version: z.number().int(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const scheduleEmployeeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  employeeCode: z.string(),
  department: z.string(),
  jobTitle: z.string(),
  status: z.string(),
  /** Hours of the week's active shifts. */
  weeklyHours: z.number(),
  overScheduled: z.boolean(),
  unassigned: z.boolean(),
  conflictDates: z.array(z.string()),
  shifts: z.array(shiftSchema),
});
export type ScheduleEmployee = z.infer<typeof scheduleEmployeeSchema>;

export const scheduleStatsSchema = z.object({
  /** Active shifts in the week. */
  totalShifts: z.number().int(),
  /** Hours of those shifts (2 decimals). */
  scheduledHours: z.number(),
  /** Employees above the weekly limit (spec 9: 40 hours). */
  overScheduled: z.number().int(),
  /** Active employees without an active shift this week. */
  unassigned: z.number().int(),
});
export type ScheduleStats = z.infer<typeof scheduleStatsSchema>;

/** GET /scheduling/week */
export const weekScheduleSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  /** The 7 dates, first day first; `today` is the workspace's today. */
  days: z.array(z.string()),
  today: z.string(),
  weekStartDay: z.number().int(),
  overScheduledAboveHours: z.number(),
  /** One page of employees (active ones, and anyone with a shift this week), each with their shifts. */
  data: z.array(scheduleEmployeeSchema),
  nextCursor: z.string().nullable(),
});
export type WeekSchedule = z.infer<typeof weekScheduleSchema>;

/** GET /scheduling/week/stats — the four cards, over everyone the week lists (not one page). */
export const weekStatsSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  stats: scheduleStatsSchema,
});
export type WeekStats = z.infer<typeof weekStatsSchema>;

/** GET /scheduling/templates: the six templates with the workspace's working day and break. */
export const scheduleTemplateListSchema = z.object({
  data: z.array(
    z.object({
      id: z.enum(scheduleTemplateIds),
      name: z.string(),
      /** What the pattern is for, when the days and times do not say it; null otherwise. */
      note: z.string().nullable(),
      /** What applying it creates, e.g. "Mon-Fri 09:00-17:00, 60 min break: 35 h a week". */
      summary: z.string(),
      /** The week's hours by the shift-length rule (end - start - break). */
      weeklyHours: z.number(),
      shifts: z.array(
        z.object({
          /** 0 Sunday ... 6 Saturday. */
          dayOfWeek: z.number().int(),
          startTime: z.string(),
          endTime: z.string(),
          breakMinutes: z.number().int(),
        }),
      ),
    }),
  ),
});
export type ScheduleTemplateList = z.infer<typeof scheduleTemplateListSchema>;

export const applyTemplateResultSchema = z.object({
  template: z.enum(scheduleTemplateIds),
  weekStart: z.string(),
  employees: z.number().int(),
  /** Shifts written. */
  created: z.number().int(),
  /** Existing shifts removed from the days the template fills (replace, not merge). */
  replaced: z.number().int(),
});
export type ApplyTemplateResult = z.infer<typeof applyTemplateResultSchema>;

/** POST /scheduling/copy-week and its preview: what the copy does (or would do), shift by shift. */
export const copyWeekResultSchema = z.object({
  fromWeekStart: z.string(),
  toWeekStart: z.string(),
  /** Shifts written in the target week (the preview: shifts it would write). */
  created: z.number().int(),
  skipped: z.object({
    /** Source shifts on an employee-day that already has a shift in the target week. */
    alreadyScheduled: z.number().int(),
    /** Source shifts of employees who are no longer active. */
    inactiveEmployees: z.number().int(),
  }),
});
export type CopyWeekResult = z.infer<typeof copyWeekResultSchema>;
