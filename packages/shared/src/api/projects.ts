import { z } from 'zod';
import { projectPriorities, projectStatuses } from '../domain/enums';
import { projectDatesProblem } from '../domain/project-rules';
import { isoDate as dateField, recordVersion, text, optionalFilter } from './fields';
import { listQuerySchema } from './list';

// Projects (spec 2 "Projects", spec 3 Project, spec 4 project status). Routes under /api/v1/projects.

const isoDate = dateField();

/** '' from an emptied input is stored as null. */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const tagSchema = text().trim().min(1, 'A tag cannot be empty').max(40, 'Use at most 40 characters');

/** Tags keep their order; repeats are dropped. */
export const tagListSchema = z
  .array(tagSchema, 'Tags are a list of words')
  .max(20, 'At most 20 tags')
  .transform((tags) => [...new Set(tags)]);

const projectFields = {
  name: text({ error: 'Enter the project name' })
    .trim()
    .min(1, 'Enter the project name')
    .max(200, 'Use at most 200 characters'),
  description: text().trim().max(5000, 'Use at most 5000 characters'),
  /** The Project Manager select: an employee of the workspace. */
  managerId: z.uuid('Choose a project manager from the list').nullable(),
  priority: z.enum(projectPriorities, 'Choose low, medium, high or critical'),
  status: z.enum(projectStatuses, 'Choose planning, active, on-hold, completed or cancelled'),
  startDate: isoDate,
  endDate: isoDate.nullable(),
  budget: z
    .number('Enter the budget as a number')
    .min(0, 'The budget cannot be negative')
    .max(999_999_999_999, 'At most 999,999,999,999')
    .nullable(),
  client: optionalText(200),
  /** Employees on the project team (spec 3 Project.teamMembers); the manager is always added. */
  teamMemberIds: z
    .array(z.uuid('Choose team members from the list'))
    .max(500, 'At most 500 team members')
    .transform((ids) => [...new Set(ids)]),
  tags: tagListSchema,
};

const isIsoDate = (value: unknown): value is string => isoDate.safeParse(value).success;

/**
 * End not before start. Runs even when other fields failed (`when`), so the form gets every field
 * error at once; dates that are themselves invalid are left to their own message.
 */
const datesInOrder = z.superRefine(
  (value: { startDate?: unknown; endDate?: unknown }, ctx) => {
    if (!isIsoDate(value.startDate) || !isIsoDate(value.endDate)) return;
    const problem = projectDatesProblem(value.startDate, value.endDate);
    if (problem) ctx.addIssue({ code: 'custom', path: ['endDate'], message: problem });
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

/**
 * POST /api/v1/projects — the New Project dialog. Status defaults to planning, priority to medium,
 * the start date to today (workspace time zone) when left out.
 */
export const createProjectSchema = z
  .object({
    name: projectFields.name,
    description: projectFields.description.default(''),
    managerId: projectFields.managerId.optional(),
    priority: projectFields.priority.default('medium'),
    status: projectFields.status.default('planning'),
    startDate: projectFields.startDate.optional(),
    endDate: projectFields.endDate.optional(),
    budget: projectFields.budget.optional(),
    client: projectFields.client,
    teamMemberIds: projectFields.teamMemberIds.default([]),
    tags: projectFields.tags.default([]),
  })
  .check(datesInOrder);
export type CreateProjectInput = z.input<typeof createProjectSchema>;
export type CreateProjectValues = z.output<typeof createProjectSchema>;

/**
 * PATCH /api/v1/projects/:id — only the fields sent change; 412 when `version` is stale.
 * `teamMemberIds` replaces the whole team. Dates are checked against the stored ones too.
 */
export const updateProjectSchema = z
  .object({
    name: projectFields.name.optional(),
    description: projectFields.description.optional(),
    managerId: projectFields.managerId.optional(),
    priority: projectFields.priority.optional(),
    status: projectFields.status.optional(),
    startDate: projectFields.startDate.optional(),
    endDate: projectFields.endDate.optional(),
    budget: projectFields.budget.optional(),
    client: projectFields.client,
    teamMemberIds: projectFields.teamMemberIds.optional(),
    tags: projectFields.tags.optional(),
    version: recordVersion({ error: 'The version you read is required' }),
  })
  .check(datesInOrder);
export type UpdateProjectInput = z.input<typeof updateProjectSchema>;
export type UpdateProjectValues = z.output<typeof updateProjectSchema>;

/** POST /api/v1/projects/:id/status — the card's status select; `version` optional (last write wins). */
export const projectStatusChangeSchema = z.object({
  status: projectFields.status,
  version: recordVersion().optional(),
});
export type ProjectStatusChangeInput = z.input<typeof projectStatusChangeSchema>;
export type ProjectStatusChangeValues = z.output<typeof projectStatusChangeSchema>;

export const projectSortKeys = ['name', 'createdAt', 'endDate', 'priority', 'progress'] as const;
export type ProjectSortKey = (typeof projectSortKeys)[number];

/** The Projects screen filters (spec 2: Status, Priority, Manager) and a name search. */
export const projectFilterSchema = z.object({
  status: optionalFilter(z.enum(projectStatuses)),
  priority: optionalFilter(z.enum(projectPriorities)),
  managerId: optionalFilter(z.uuid()),
  q: optionalFilter(text().trim().max(100, 'Use at most 100 characters')),
});
export type ProjectFilter = z.output<typeof projectFilterSchema>;

/** GET /api/v1/projects/stats?(filters) */
export const projectStatsQuerySchema = projectFilterSchema;

/**
 * GET /api/v1/projects?status=&priority=&managerId=&q=&sort=&order=&limit=&cursor=
 * Default order: newest first (createdAt desc). Priority sorts low<medium<high<critical; a missing
 * end date sorts last in both directions.
 */
export const projectListQuerySchema = listQuerySchema.extend({
  ...projectFilterSchema.shape,
  sort: optionalFilter(z.enum(projectSortKeys)).transform((value) => value ?? 'createdAt'),
  order: optionalFilter(z.enum(['asc', 'desc'])),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

// ---- responses --------------------------------------------------------------------------------

export const personRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

/** One project card (spec 2 "Project card"). */
export const projectSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  status: z.enum(projectStatuses),
  priority: z.enum(projectPriorities),
  /** 0-100: done tasks / all tasks. */
  progress: z.number().int(),
  tasksDone: z.number().int(),
  tasksTotal: z.number().int(),
  /** Tasks past their due date and not done (spec 9); the card's warning shows when > 0. */
  overdueTasks: z.number().int(),
  teamCount: z.number().int(),
  /** The first 4 team members (spec 9), manager first; `moreTeamMembers` is the "+N". */
  team: z.array(personRefSchema),
  moreTeamMembers: z.number().int(),
  manager: personRefSchema.nullable(),
  budget: z.number().nullable(),
  client: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The end date has passed (workspace time zone): the card shows it in red. */
  pastDue: z.boolean(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectMemberSchema = personRefSchema.extend({
  jobTitle: z.string(),
  department: z.string(),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;

/** GET /api/v1/projects/:id — the detail dialog: the card plus every team member. */
export const projectDetailsSchema = projectSummarySchema.extend({
  teamMembers: z.array(projectMemberSchema),
});
export type ProjectDetails = z.infer<typeof projectDetailsSchema>;

export const projectListResponseSchema = z.object({
  data: z.array(projectSummarySchema),
  nextCursor: z.string().nullable(),
  /** Matching projects across all pages; on the first page only (no cursor). */
  total: z.number().int().optional(),
});
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

/** GET /api/v1/projects/stats — spec 2's five cards over the filtered projects. */
export const projectStatsSchema = z.object({
  totalProjects: z.number().int(),
  activeProjects: z.number().int(),
  completedProjects: z.number().int(),
  overdueTasks: z.number().int(),
  averageCompletion: z.number().int(),
});

/** GET /api/v1/projects/managers — the Manager filter: people who manage a visible project. */
export const projectManagersResponseSchema = z.object({ data: z.array(personRefSchema) });
export type ProjectManagersResponse = z.infer<typeof projectManagersResponseSchema>;
