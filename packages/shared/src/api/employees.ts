import { z } from 'zod';
import { documentTypes, userStatuses } from '../domain/enums';
import { isoDate, recordVersion, text, optionalFilter } from './fields';
import { listQuerySchema } from './list';
import { actions } from '../permissions/permissions';

// Employee Directory (spec 2 "Employee Directory", spec 3 Employee; issue 4 "Employee directory").
// Routes under /api/v1/employees.

const validDate = isoDate();

/**
 * An amount, stored with 2 decimals (numeric(12,2) / numeric(8,2)). A missing one asks for it; one
 * that is not a number (NaN from the box) says so.
 */
const money = (label: string, max: number) =>
  z
    .number({ error: (issue) => (issue.input == null ? `Enter the ${label}` : `Enter a valid ${label}`) })
    .min(0, 'Cannot be negative')
    .max(max, `At most ${max.toLocaleString('en-US')}`);

const phoneSchema = text()
  .trim()
  .max(40, 'Use at most 40 characters')
  .transform((value) => (value === '' ? null : value))
  .pipe(
    text()
      .regex(/^[+0-9()\-.\s/x]+$/i, 'Enter a valid phone number')
      .refine((value) => (value.match(/\d/g) ?? []).length >= 3, 'Enter a valid phone number')
      .nullable(),
  );

const employeeFields = {
  firstName: text({ error: 'Enter the first name' })
    .trim()
    .min(1, 'Enter the first name')
    .max(100, 'Use at most 100 characters'),
  lastName: text({ error: 'Enter the last name' })
    .trim()
    .min(1, 'Enter the last name')
    .max(100, 'Use at most 100 characters'),
  email: text({ error: 'Enter the email address' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter the email address')
    .max(254, 'Use at most 254 characters')
    .pipe(z.email('Enter a valid email address')),
  /** Optional (spec 3); the UI shows 'Not provided' when null. '' is stored as null. */
  phone: phoneSchema.nullable().optional(),
  department: text({ error: 'Choose a department' })
    .trim()
    .min(1, 'Choose a department')
    .max(100, 'Use at most 100 characters'),
  jobTitle: text({ error: 'Enter the job title' })
    .trim()
    .min(1, 'Enter the job title')
    .max(100, 'Use at most 100 characters'),
  startDate: text({ error: 'Enter the start date' }).pipe(validDate),
  /** Issue 4: salary >= 0. */
  salary: money('salary', 9_999_999_999),
  hourlyRate: money('hourly rate', 999_999).nullable().optional(),
  status: z.enum(userStatuses, 'Choose active, inactive or pending'),
  managerId: z.uuid('Choose a manager from the list').nullable().optional(),
};

/** POST /api/v1/employees — the Add Employee dialog (status defaults to active). */
export const createEmployeeSchema = z.object({
  ...employeeFields,
  status: employeeFields.status.default('active'),
});
export type CreateEmployeeInput = z.input<typeof createEmployeeSchema>;

/** PATCH /api/v1/employees/:id — Edit; only the fields sent change; 412 when `version` is stale. */
export const updateEmployeeSchema = z.object({
  ...z.object(employeeFields).partial().shape,
  version: recordVersion({ error: 'The version you read is required' }),
});
export type UpdateEmployeeInput = z.input<typeof updateEmployeeSchema>;

export const employeeSortKeys = ['name', 'employeeCode', 'department', 'startDate'] as const;
export type EmployeeSortKey = (typeof employeeSortKeys)[number];

/** The directory's search and filters; the list and the export take the same ones. */
export const employeeFilterSchema = z.object({
  /** Spec 2: first name, last name, email, job title, employee id; every word must match. */
  q: optionalFilter(text().trim().max(100, 'Use at most 100 characters')),
  department: optionalFilter(text().trim().max(100)),
  status: optionalFilter(z.enum(userStatuses)),
  /** Only those whose active member account may do this, e.g. `helpdesk:view` for ticket assignees. */
  may: optionalFilter(z.enum(actions)),
  /** name = last name, first name (default). */
  sort: optionalFilter(z.enum(employeeSortKeys)).transform((value) => value ?? 'name'),
  order: optionalFilter(z.enum(['asc', 'desc'])).transform((value) => value ?? 'asc'),
});
export type EmployeeFilter = z.output<typeof employeeFilterSchema>;

/** GET /api/v1/employees?q=&department=&status=&sort=&order=&limit=&cursor= */
export const employeeListQuerySchema = listQuerySchema.extend(employeeFilterSchema.shape);
export type EmployeeListQuery = z.output<typeof employeeListQuerySchema>;

/** GET /api/v1/employees/export?format=csv|xlsx&(filters) */
export const employeeExportQuerySchema = employeeFilterSchema.extend({
  format: optionalFilter(z.enum(['csv', 'xlsx'])).transform((value) => value ?? 'csv'),
});
export type EmployeeExportQuery = z.output<typeof employeeExportQuerySchema>;

/**
 * One employee as the directory shows it. `salary` and `hourlyRate` are present only for roles with
 * people:view-compensation (absent, not null, for everyone else); null means "not recorded".
 */
export const employeeSchema = z.object({
  id: z.uuid(),
  employeeCode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  department: z.string(),
  jobTitle: z.string(),
  status: z.enum(userStatuses),
  /** YYYY-MM-DD */
  startDate: z.string(),
  managerId: z.uuid().nullable(),
  timeZone: z.string(),
  avatarUrl: z.string().nullable(),
  /** True when the employee has a sign-in account in this workspace. */
  hasAccount: z.boolean(),
  salary: z.number().nullable().optional(),
  hourlyRate: z.number().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** A document of the employee: one they uploaded (documents.uploaded_by). */
export const employeeDocumentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(documentTypes),
  sizeBytes: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmployeeDocument = z.infer<typeof employeeDocumentSchema>;

/** GET /api/v1/employees/:id — the details dialog's General and Documents tabs. */
export const employeeDetailsSchema = employeeSchema.extend({
  /** Null when there is no manager or the manager was deleted. */
  managerName: z.string().nullable(),
  /** Empty when none ('No documents uploaded.') or when the viewer lacks documents:view. */
  documents: z.array(employeeDocumentSchema),
});
export type EmployeeDetails = z.infer<typeof employeeDetailsSchema>;

export const employeeListResponseSchema = z.object({
  data: z.array(employeeSchema),
  nextCursor: z.string().nullable(),
  /** Matching employees across all pages; on the first page only (no cursor): keep it. */
  total: z.number().int().optional(),
});
export type EmployeeListResponse = z.infer<typeof employeeListResponseSchema>;

/**
 * GET /api/v1/employees/stats?q=&department=&status= — spec 2: total, active, inactive, pending, over
 * the employees the directory's filters match (issue 20: like the projects' cards).
 */
export const employeeStatsQuerySchema = employeeFilterSchema.pick({
  q: true,
  department: true,
  status: true,
});
export type EmployeeStatsQuery = z.output<typeof employeeStatsQuerySchema>;

export const employeeStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  pending: z.number().int(),
});
export type EmployeeStats = z.infer<typeof employeeStatsSchema>;

/** GET /api/v1/employees/departments — spec 2: distinct departments, sorted. */
export const departmentListSchema = z.object({ data: z.array(z.string()) });
export type DepartmentList = z.infer<typeof departmentListSchema>;
