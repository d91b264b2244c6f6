import { z } from 'zod';
import { timeEntryStatuses } from '../domain/enums';
import {
  approvalDecisions,
  daysInclusive,
  maxEntryHours,
  maxPayrollDays,
  timeRanges,
} from '../domain/time-rules';
import { isoDate, isoDateTime, recordVersion, text, optionalFilter } from './fields';
import { listQuerySchema } from './list';

// Time Tracking (spec 2 "Time Tracking", spec 3 TimeEntry, spec 4 transitions; issue 4 "Time
// tracking"). Routes under /api/v1/time-entries.

const instant = (message: string) => text({ error: message }).pipe(isoDateTime(message));

const noteText = text().trim().max(1000, 'Use at most 1000 characters');

/** Spec 3: TimeEntry.location {latitude, longitude, address}. */
export const geoLocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  address: text().trim().max(300),
});

/**
 * POST /api/v1/time-entries/clock-in — on the server clock. Without employeeId the signed-in
 * person clocks in; Managers and Admins (time:manage) may name anyone (Quick Clock In).
 */
export const clockInSchema = z.object({
  employeeId: z.uuid('Choose an employee').optional(),
  notes: noteText.optional(),
  location: geoLocationSchema.optional(),
});
export type ClockInInput = z.input<typeof clockInSchema>;

/** POST /api/v1/time-entries/:id/clock-out — clockOut is the server's now (spec 4). */
export const clockOutSchema = z.object({ notes: noteText.optional() });
export type ClockOutInput = z.input<typeof clockOutSchema>;

/** The timesheet's filters (spec 2): employee, date range, status. The stats take the same. */
export const timeEntryFilterSchema = z.object({
  employeeId: optionalFilter(z.uuid('Choose an employee')),
  /** today (workspace time zone) | week (last 7 days) | month (last 30 days) | all (spec 9). */
  range: optionalFilter(z.enum(timeRanges)).transform((value) => value ?? 'all'),
  status: optionalFilter(z.enum(timeEntryStatuses)),
});
export type TimeEntryFilter = z.output<typeof timeEntryFilterSchema>;

/** GET /api/v1/time-entries?employeeId=&range=&status=&limit=&cursor= — newest clock-in first. */
export const timeEntryListQuerySchema = listQuerySchema.extend(timeEntryFilterSchema.shape);
export type TimeEntryListQuery = z.output<typeof timeEntryListQuerySchema>;

/** POST /api/v1/time-entries/bulk — approve or reject many at once, all or nothing. */
export const bulkDecisionSchema = z.object({
  ids: z
    .array(z.uuid('Not a time entry id'), { error: 'Select the entries' })
    .min(1, 'Select at least one entry')
    .max(500, 'Select at most 500 entries at once'),
  decision: z.enum(approvalDecisions, 'Choose approve or reject'),
});
export type BulkDecisionInput = z.input<typeof bulkDecisionSchema>;

const entrySpan = <T extends { clockIn?: string | undefined; clockOut?: string | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (!value.clockIn || !value.clockOut) return;
  const hours = (Date.parse(value.clockOut) - Date.parse(value.clockIn)) / 3_600_000;
  if (hours <= 0) {
    ctx.addIssue({ code: 'custom', path: ['clockOut'], message: 'Clock-out must be after clock-in' });
  } else if (hours > maxEntryHours) {
    ctx.addIssue({
      code: 'custom',
      path: ['clockOut'],
      message: `An entry can span at most ${maxEntryHours} hours`,
    });
  }
};

/** POST /api/v1/time-entries — a Manager's manual entry; the note says why (audit trail). */
export const manualTimeEntrySchema = z
  .object({
    employeeId: z.uuid('Choose an employee'),
    clockIn: instant('Enter the clock-in date and time'),
    clockOut: instant('Enter the clock-out date and time'),
    notes: text({ error: 'Add a note explaining the manual entry' })
      .trim()
      .min(1, 'Add a note explaining the manual entry')
      .max(1000, 'Use at most 1000 characters'),
  })
  .superRefine(entrySpan);
export type ManualTimeEntryInput = z.input<typeof manualTimeEntrySchema>;

/**
 * PATCH /api/v1/time-entries/:id — a Manager's correction with a required note (kept in the
 * activity log with the before and after values); 412 when `version` is stale. Setting clockOut
 * on an open entry clocks it out. Approved and rejected entries are final (409).
 */
export const correctTimeEntrySchema = z
  .object({
    clockIn: instant('Enter a valid date and time').optional(),
    clockOut: instant('Enter a valid date and time').optional(),
    /** The entry's own notes (shown in the timesheet); null clears them. */
    notes: noteText.nullable().optional(),
    /** Why the entry was corrected: required, goes to the audit trail. */
    note: text({ error: 'Add a note explaining the correction' })
      .trim()
      .min(1, 'Add a note explaining the correction')
      .max(1000, 'Use at most 1000 characters'),
    version: recordVersion({ error: 'The version you read is required' }),
  })
  .superRefine(entrySpan)
  .refine(
    (value) => value.clockIn !== undefined || value.clockOut !== undefined || value.notes !== undefined,
    { path: ['clockIn'], message: 'Change the clock-in, the clock-out or the notes' },
  );
export type CorrectTimeEntryInput = z.input<typeof correctTimeEntrySchema>;

/** GET /api/v1/time-entries/export/payroll?from=YYYY-MM-DD&to=YYYY-MM-DD (workspace time zone). */
export const payrollExportQuerySchema = z
  .object({
    from: text({ error: 'Choose the first day' }).pipe(isoDate()),
    to: text({ error: 'Choose the last day' }).pipe(isoDate()),
  })
  .superRefine((value, ctx) => {
    const days = daysInclusive(value.from, value.to);
    if (days < 1) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day cannot be before the first' });
    } else if (days > maxPayrollDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Export at most ${maxPayrollDays} days at once`,
      });
    }
  });
export type PayrollExportQuery = z.output<typeof payrollExportQuerySchema>;

export const timeEntrySchema = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  /** Null when the employee was deleted: the UI shows 'Unknown Employee' (spec 8). */
  employeeName: z.string().nullable(),
  employeeCode: z.string().nullable(),
  clockIn: z.string(),
  clockOut: z.string().nullable(),
  totalHours: z.number().nullable(),
  overtimeHours: z.number().nullable(),
  status: z.enum(timeEntryStatuses),
  notes: z.string().nullable(),
  location: geoLocationSchema.nullable(),
  /** Who approved or rejected it, and when (both decisions are recorded here). */
  decidedBy: z.uuid().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const timeEntryListResponseSchema = z.object({
  data: z.array(timeEntrySchema),
  nextCursor: z.string().nullable(),
});
export type TimeEntryListResponse = z.infer<typeof timeEntryListResponseSchema>;

/** GET /api/v1/time-entries/stats — the five cards over the filtered entries (see timesheetStats). */
export const timeEntryStatsSchema = z.object({
  totalHours: z.number(),
  overtimeHours: z.number(),
  currentlyClockedIn: z.number().int(),
  completedEntries: z.number().int(),
  averageHours: z.number(),
  /** All entries matching the filters (the timesheet's row count). */
  entries: z.number().int(),
});
export type TimeEntryStats = z.infer<typeof timeEntryStatsSchema>;

const livePersonSchema = z.object({
  employeeId: z.uuid(),
  employeeName: z.string(),
  employeeCode: z.string(),
  department: z.string(),
  jobTitle: z.string(),
});

/** GET /api/v1/time-entries/live — the Live Clock tab. */
export const liveClockSchema = z.object({
  /** Open entries, longest running first ('No employees currently clocked in' when empty). */
  clockedIn: z.array(
    livePersonSchema.extend({ entryId: z.uuid(), clockIn: z.string(), version: z.number() }),
  ),
  /** How many are clocked in (clockedIn is cut at 200 rows). */
  clockedInTotal: z.number().int(),
  /** Spec 9: at most 6 active employees who are not clocked in, by name (Quick Clock In). */
  available: z.array(livePersonSchema),
});
export type LiveClock = z.infer<typeof liveClockSchema>;

/** POST /api/v1/time-entries/bulk answer: the decided entries. */
export const bulkDecisionResponseSchema = z.object({ data: z.array(timeEntrySchema) });
export type BulkDecisionResponse = z.infer<typeof bulkDecisionResponseSchema>;
