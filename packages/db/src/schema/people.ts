// Team management (spec 2 "Employee Directory", "Time Tracking", "Scheduling", "Performance";
// spec 3 Employee, WorkSchedule, Shift, Review, Goal, TimeEntry).
import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  numeric,
  smallint,
  text,
  time,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamptz, trigramIndex } from './columns';
import { goalStatusEnum, timeEntryStatusEnum, userStatusEnum } from './enums';
import { foreignKeyIndex, tenantForeignKey, tenantTable } from './tenant-table';

type SearchedFields = Record<'firstName' | 'lastName' | 'email' | 'jobTitle' | 'employeeCode', SQLWrapper>;

/**
 * What the directory search matches a word against: first name, last name, email, job title and
 * employee id, joined by spaces. A search word has no spaces, so it matches within one field, as
 * five separate ILIKEs would; as one expression it has one trigram index, whose statistics let the
 * planner choose it for broad words too, and one ILIKE per row where a scan is the better plan.
 */
export const employeeSearchText = (t: SearchedFields) =>
  sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || ${t.jobTitle} || ' ' || ${t.employeeCode})`;

export const employees = tenantTable(
  'employees',
  {
    /** The sign-in account, once the employee has one (spec: the first employee is the current user). */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The "employee id" shown and searched in the directory, e.g. EMP001. */
    employeeCode: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    department: text().notNull(),
    jobTitle: text().notNull(),
    status: userStatusEnum().notNull().default('active'),
    startDate: date().notNull(),
    managerId: uuid(),
    salary: numeric({ precision: 12, scale: 2, mode: 'number' }),
    hourlyRate: numeric({ precision: 8, scale: 2, mode: 'number' }),
    timeZone: text().notNull().default('UTC'),
    avatarUrl: text(),
    /** Soft delete: time entries, reviews and tasks keep naming the person. */
    deletedAt: timestamptz(),
  },
  (t) => [
    tenantForeignKey(t, 'managerId', t),
    // Also the details dialog's "reports to" and direct reports.
    foreignKeyIndex(t, 'managerId'),
    unique('employees_code_unique').on(t.tenantId, t.employeeCode),
    // One employee record per signed-in user and workspace; "my" time entries start here.
    unique('employees_user_unique').on(t.tenantId, t.userId),
    // Emails are stored lower-case; a deleted employee's address can be used again.
    uniqueIndex('employees_email_unique')
      .on(t.tenantId, t.email)
      .where(sql`${t.deletedAt} is null`),
    // Directory search (spec 2): one index over all five fields, as employeeSearchText reads them.
    index('employees_search_trgm_idx').using('gin', sql`${employeeSearchText(t)} gin_trgm_ops`),
    // Invitee search by first or last name (calendar).
    trigramIndex('employees_first_name_trgm_idx', t.firstName),
    trigramIndex('employees_last_name_trgm_idx', t.lastName),
    // Directory department filter and the distinct department list.
    index('employees_department_idx').on(t.tenantId, t.department),
    // Directory status filter and the active/inactive/pending stats.
    index('employees_status_idx').on(t.tenantId, t.status),
    // Directory default order (last name, first name) with keyset pagination on id.
    index('employees_name_order_idx').on(t.tenantId, t.lastName, t.firstName, t.id),
    // Dashboard Total Employees now and a month ago: an index-only count instead of reading the rows.
    index('employees_deleted_idx').on(t.tenantId, t.deletedAt, t.createdAt),
  ],
);

/** Spec 3 WorkSchedule: one per employee; over-scheduled means weeklyHours above 40 (spec 9). */
export const workSchedules = tenantTable(
  'work_schedules',
  {
    employeeId: uuid().notNull(),
    weeklyHours: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(40),
    overtimeThreshold: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(40),
  },
  (t) => [
    tenantForeignKey(t, 'employeeId', employees).onDelete('cascade'),
    unique('work_schedules_employee_unique').on(t.tenantId, t.employeeId),
  ],
);

/**
 * A shift on a concrete date. The spec's Shift has only dayOfWeek (0 Sunday - 6 Saturday), a
 * weekly pattern; but the scheduling screen navigates week by week (previous, next, Today), and
 * a weekly pattern cannot say that next week differs. dayOfWeek is `extract(dow from date)`;
 * a template ("Full-Time Mon-Fri 9-17") is applied by writing one week's dates.
 * An end time earlier than the start time means the shift ends the next day (Night Shift
 * 22:00-06:00, spec 2 templates).
 */
export const shifts = tenantTable(
  'shifts',
  {
    employeeId: uuid().notNull(),
    date: date().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    /** Spec 5: break duration defaults to 60 minutes. */
    breakMinutes: smallint().notNull().default(60),
    isActive: boolean().notNull().default(true),
  },
  (t) => [
    tenantForeignKey(t, 'employeeId', employees).onDelete('cascade'),
    check('shifts_break_minutes_check', sql`${t.breakMinutes} >= 0`),
    // Scheduling calendar and employee views load one week's shifts.
    index('shifts_week_idx').on(t.tenantId, t.date),
    // Scheduling employee filter and Employee View; also the employee foreign key.
    index('shifts_employee_idx').on(t.tenantId, t.employeeId, t.date),
  ],
);

export type ReviewCategory = { name: string; rating: number; feedback: string };

export const performanceReviews = tenantTable(
  'performance_reviews',
  {
    employeeId: uuid().notNull(),
    reviewerId: uuid(),
    /** Free text as typed in the Add Review dialog, e.g. "Q4 2024". */
    period: text().notNull(),
    overallRating: smallint().notNull(),
    categories: jsonb().$type<ReviewCategory[]>().notNull().default([]),
    feedback: text().notNull().default(''),
    /** "Goals for Next Period" in the Add Review dialog. */
    nextPeriodGoals: text().notNull().default(''),
    reviewedAt: timestamptz().notNull(),
  },
  (t) => [
    tenantForeignKey(t, 'employeeId', employees).onDelete('cascade'),
    tenantForeignKey(t, 'reviewerId', employees),
    foreignKeyIndex(t, 'reviewerId'),
    check('performance_reviews_overall_rating_check', sql`${t.overallRating} between 1 and 5`),
    // Performance overview (latest review per employee, "Need Review" = older than 6 months) and
    // the review-period filter; overall_rating rides along so the per-employee averages over
    // 10,000 employees are an index-only scan.
    index('performance_reviews_employee_idx').on(t.tenantId, t.employeeId, t.reviewedAt, t.overallRating),
    // Reviews tab, newest first with keyset pagination, and the review-period (year) filter.
    index('performance_reviews_recent_idx').on(t.tenantId, t.reviewedAt, t.id),
  ],
);

export const goals = tenantTable(
  'goals',
  {
    employeeId: uuid().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    targetDate: date().notNull(),
    progress: smallint().notNull().default(0),
    status: goalStatusEnum().notNull().default('active'),
    completedAt: timestamptz(),
  },
  (t) => [
    tenantForeignKey(t, 'employeeId', employees).onDelete('cascade'),
    check('goals_progress_check', sql`${t.progress} between 0 and 100`),
    // Performance overview (goals completed/total per employee) and the Goals tab filter.
    index('goals_employee_idx').on(t.tenantId, t.employeeId),
    // Goals tab by target date with keyset pagination; overdue/active split on the target date.
    index('goals_target_idx').on(t.tenantId, t.targetDate, t.id),
  ],
);

export type GeoLocation = { latitude: number; longitude: number; address: string };

export const timeEntries = tenantTable(
  'time_entries',
  {
    employeeId: uuid().notNull(),
    clockIn: timestamptz().notNull(),
    clockOut: timestamptz(),
    /** Set at clock-out (spec 4): elapsed hours and the excess above 8, both to 2 decimals. */
    totalHours: numeric({ precision: 6, scale: 2, mode: 'number' }),
    overtimeHours: numeric({ precision: 6, scale: 2, mode: 'number' }),
    status: timeEntryStatusEnum().notNull().default('active'),
    notes: text(),
    location: jsonb().$type<GeoLocation>(),
    approvedBy: uuid(),
    approvedAt: timestamptz(),
  },
  (t) => [
    tenantForeignKey(t, 'employeeId', employees).onDelete('cascade'),
    tenantForeignKey(t, 'approvedBy', employees),
    foreignKeyIndex(t, 'approvedBy'),
    // Spec 4: an entry is active exactly while it has no clock-out.
    check('time_entries_open_check', sql`(${t.status} = 'active') = (${t.clockOut} is null)`),
    check('time_entries_clock_order_check', sql`${t.clockOut} >= ${t.clockIn}`),
    // One open clock-in per employee, enforced by the database so two concurrent clock-ins
    // (two tabs, two server processes) cannot both succeed.
    uniqueIndex('time_entries_one_active_idx')
      .on(t.tenantId, t.employeeId)
      .where(sql`${t.status} = 'active'`),
    // Timesheet filtered by employee and date range, newest first.
    index('time_entries_employee_idx').on(t.tenantId, t.employeeId, t.clockIn),
    // Timesheet status filter and date range; Approval Queue (completed) and Live Clock (active).
    index('time_entries_status_idx').on(t.tenantId, t.status, t.clockIn),
    // Timesheet without an employee or status filter (all entries, or a date range), newest
    // first, paged by (clock_in, id): without it the list sorts every entry of the workspace.
    // Ascending like time_entries_status_idx; both are read backwards for "newest first".
    index('time_entries_clock_in_idx').on(t.tenantId, t.clockIn, t.id),
  ],
);
