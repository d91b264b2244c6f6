import { z } from 'zod';
import { recordVersion, text } from './fields';

const clockTime = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM, e.g. 09:00');

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Settings > Workspace (issue 3); defaults from spec 9 live in the database columns. */
export const workspaceSettingsSchema = z
  .object({
    name: text().trim().min(1, 'Enter the workspace name').max(100, 'Use at most 100 characters'),
    timeZone: text().refine(isTimeZone, 'Choose a valid time zone'),
    /** 0 = Sunday ... 6 = Saturday (spec 9: the calendar week starts Sunday). */
    weekStart: z.number().int().min(0).max(6),
    workdayStart: clockTime,
    workdayEnd: clockTime,
    breakMinutes: z.number().int().min(0, 'Cannot be negative').max(240, 'At most 240 minutes'),
    weeklyHours: z.number().int().min(1, 'At least 1 hour').max(80, 'At most 80 hours'),
  })
  .refine((value) => toMinutes(value.workdayEnd) > toMinutes(value.workdayStart), {
    path: ['workdayEnd'],
    message: 'The working day must end after it starts',
  })
  .refine(
    (value) => {
      const dayMinutes = toMinutes(value.workdayEnd) - toMinutes(value.workdayStart);
      // An inverted day is already reported on workdayEnd.
      return dayMinutes <= 0 || dayMinutes > value.breakMinutes;
    },
    {
      path: ['breakMinutes'],
      message: 'The break must be shorter than the working day',
    },
  );
export type WorkspaceSettingsInput = z.input<typeof workspaceSettingsSchema>;

export const updateWorkspaceSettingsSchema = workspaceSettingsSchema.and(
  z.object({ version: recordVersion() }),
);

export const workspaceSettingsResponseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  weekStart: z.number(),
  workdayStart: z.string(),
  workdayEnd: z.string(),
  breakMinutes: z.number(),
  weeklyHours: z.number(),
  trialEndsAt: z.string().nullable(),
  version: z.number(),
});
export type WorkspaceSettings = z.infer<typeof workspaceSettingsResponseSchema>;
