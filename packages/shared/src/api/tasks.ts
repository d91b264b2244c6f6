import { z } from 'zod';
import { taskPriorities, taskStatuses } from '../domain/enums';
import { parseTaskStatusFilter, taskDueFilters, taskSortKeys } from '../domain/task-rules';
import { isoDate as dateField, recordVersion, text, optionalFilter } from './fields';
import { listQuerySchema } from './list';
import { personRefSchema, tagListSchema } from './projects';

// Tasks (spec 2 "Kanban" and "Task list", spec 3 Task, spec 4 task status). Routes under
// /api/v1/tasks.

const isoDate = dateField();

/** numeric(6,2) in the database. */
const hours = (label: string) =>
  z
    .number(`Enter the ${label} as a number of hours`)
    .min(0, 'Hours cannot be negative')
    .max(9999, 'At most 9999 hours');

const taskFields = {
  title: text({ error: 'Enter the task title' })
    .trim()
    .min(1, 'Enter the task title')
    .max(300, 'Use at most 300 characters'),
  description: text().trim().max(10_000, 'Use at most 10000 characters'),
  /** An employee of the workspace, or null for 'Unassigned'. */
  assigneeId: z.uuid('Choose an assignee from the list').nullable(),
  priority: z.enum(taskPriorities, 'Choose low, medium or high'),
  status: z.enum(taskStatuses, 'Choose To Do, In Progress, Review or Done'),
  startDate: isoDate.nullable(),
  dueDate: isoDate.nullable(),
  estimatedHours: hours('estimate'),
  actualHours: hours('actual hours').nullable(),
  tags: tagListSchema,
};

/**
 * POST /api/v1/tasks — the Add Task dialog (kanban column) and Create New Task (task list).
 * Priority defaults to medium (spec 5), status to To Do; the card goes to the end of its column.
 */
export const createTaskSchema = z.object({
  projectId: z.uuid('Choose a project'),
  title: taskFields.title,
  description: taskFields.description.default(''),
  assigneeId: taskFields.assigneeId.optional(),
  priority: taskFields.priority.default('medium'),
  status: taskFields.status.default('todo'),
  startDate: taskFields.startDate.optional(),
  dueDate: taskFields.dueDate.optional(),
  estimatedHours: taskFields.estimatedHours.default(0),
  actualHours: taskFields.actualHours.optional(),
  tags: taskFields.tags.default([]),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export type CreateTaskValues = z.output<typeof createTaskSchema>;

/**
 * PATCH /api/v1/tasks/:id — only the fields sent change; 412 when `version` is stale. A new
 * status puts the card at the end of that column (use /move to choose the place).
 */
export const updateTaskSchema = z.object({
  title: taskFields.title.optional(),
  description: taskFields.description.optional(),
  assigneeId: taskFields.assigneeId.optional(),
  priority: taskFields.priority.optional(),
  status: taskFields.status.optional(),
  startDate: taskFields.startDate.optional(),
  dueDate: taskFields.dueDate.optional(),
  estimatedHours: taskFields.estimatedHours.optional(),
  actualHours: taskFields.actualHours.optional(),
  tags: taskFields.tags.optional(),
  version: recordVersion({ error: 'The version you read is required' }),
});
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;
export type UpdateTaskValues = z.output<typeof updateTaskSchema>;

/**
 * POST /api/v1/tasks/:id/move — a kanban drop. The card goes into `status`'s column:
 * - `afterId`: right below that card; `beforeId`: right above it (either in the target column);
 * - `index`: at that 0-based place of the target column (counted without the moved card);
 * - none of them: at the end.
 * `version`, when sent, must be the card's current one (412 otherwise).
 */
export const moveTaskSchema = z
  .object({
    status: taskFields.status,
    beforeId: z.uuid().optional(),
    afterId: z.uuid().optional(),
    index: z.number().int().min(0).optional(),
    version: recordVersion().optional(),
  })
  .superRefine((value, ctx) => {
    const targets = [value.beforeId, value.afterId, value.index].filter((v) => v !== undefined);
    if (targets.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['beforeId'], message: 'Give one of beforeId, afterId or index' });
    }
  });
export type MoveTaskInput = z.input<typeof moveTaskSchema>;
export type MoveTaskValues = z.output<typeof moveTaskSchema>;

/** Spec 2 bulk bar: Mark To Do, Mark In Progress, Mark Done, Delete. */
export const taskBulkActions = ['todo', 'in-progress', 'done', 'delete'] as const;
export type TaskBulkAction = (typeof taskBulkActions)[number];

/**
 * POST /api/v1/tasks/bulk — all or nothing: when any id is not a task the member can see, nothing
 * changes and the answer is 404 with `fields["ids.<n>"]` for each failing id.
 */
export const bulkTaskSchema = z.object({
  ids: z
    .array(z.uuid('Not a task id'), 'Select at least one task')
    .min(1, 'Select at least one task')
    .max(500, 'At most 500 tasks at a time')
    .transform((ids) => [...new Set(ids)]),
  action: z.enum(taskBulkActions, 'Choose todo, in-progress, done or delete'),
});
export type BulkTaskInput = z.input<typeof bulkTaskSchema>;
export type BulkTaskValues = z.output<typeof bulkTaskSchema>;

export const bulkTaskResultSchema = z.object({
  action: z.enum(taskBulkActions),
  /** Tasks changed or deleted (a task already in the status is counted but not rewritten). */
  count: z.number().int(),
  ids: z.array(z.uuid()),
});
export type BulkTaskResult = z.infer<typeof bulkTaskResultSchema>;

/** POST /api/v1/tasks/:id/comments */
export const createCommentSchema = z.object({
  content: text({ error: 'Write a comment' })
    .trim()
    .min(1, 'Write a comment')
    .max(5000, 'Use at most 5000 characters'),
});
export type CreateCommentInput = z.input<typeof createCommentSchema>;
export type CreateCommentValues = z.output<typeof createCommentSchema>;

const subtaskTitle = text({ error: 'Enter the subtask' })
  .trim()
  .min(1, 'Enter the subtask')
  .max(300, 'Use at most 300 characters');

/** POST /api/v1/tasks/:id/subtasks — added at the end of the checklist. */
export const createSubtaskSchema = z.object({
  title: subtaskTitle,
  assigneeId: z.uuid('Choose an assignee from the list').nullable().optional(),
});
export type CreateSubtaskInput = z.input<typeof createSubtaskSchema>;
export type CreateSubtaskValues = z.output<typeof createSubtaskSchema>;

/** PATCH /api/v1/tasks/:id/subtasks/:subtaskId — a checkbox toggle needs no version; 412 if one is sent stale. */
export const updateSubtaskSchema = z.object({
  title: subtaskTitle.optional(),
  completed: z.boolean('Completed is true or false').optional(),
  assigneeId: z.uuid('Choose an assignee from the list').nullable().optional(),
  version: recordVersion().optional(),
});
export type UpdateSubtaskInput = z.input<typeof updateSubtaskSchema>;
export type UpdateSubtaskValues = z.output<typeof updateSubtaskSchema>;

export const taskSortOrders = ['asc', 'desc'] as const;

/**
 * The task list's status filter (issue 20): several statuses at once, comma-separated
 * (`status=todo,in-progress`), `open` for every status but done. Read as the statuses it keeps, in
 * board order; empty keeps every status.
 */
const taskStatusFilter = text()
  .max(100, 'Use at most 100 characters')
  .optional()
  .transform((value, ctx) => {
    const statuses = parseTaskStatusFilter(value);
    if (statuses) return statuses;
    ctx.addIssue({
      code: 'custom',
      message: 'Choose statuses among todo, in-progress, review and done (comma-separated), or open',
    });
    return z.NEVER;
  });

/**
 * GET /api/v1/tasks?q=&projectId=&status=&priority=&assigneeId=&due=&sort=&order=&limit=&cursor=
 * `status=todo,review` keeps tasks in any of these statuses, `status=open` those not done.
 * `assigneeId=unassigned` lists tasks without an assignee. Default sort: dueDate asc (spec 9);
 * assignee sorts by last name, then first name; hours by what is shown (actual, else estimate).
 */
export const taskListQuerySchema = listQuerySchema.extend({
  q: optionalFilter(text().trim().max(100, 'Use at most 100 characters')),
  projectId: optionalFilter(z.uuid()),
  status: taskStatusFilter,
  priority: optionalFilter(z.enum(taskPriorities)),
  assigneeId: optionalFilter(z.union([z.uuid(), z.literal('unassigned')])),
  due: optionalFilter(z.enum(taskDueFilters)).transform((value) => value ?? 'all'),
  sort: optionalFilter(z.enum(taskSortKeys)).transform((value) => value ?? 'dueDate'),
  order: optionalFilter(z.enum(taskSortOrders)).transform((value) => value ?? 'asc'),
});
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

/** GET /api/v1/tasks/board?projectId=&assigneeId=&priority= — without projectId, the first project by name. */
export const taskBoardQuerySchema = z.object({
  projectId: optionalFilter(z.uuid()),
  assigneeId: optionalFilter(z.union([z.uuid(), z.literal('unassigned')])),
  priority: optionalFilter(z.enum(taskPriorities)),
});
export type TaskBoardQuery = z.output<typeof taskBoardQuerySchema>;

// ---- responses --------------------------------------------------------------------------------

/** An assignee: the name parts come along for initials and the assignee sort (last, first). */
export const taskAssigneeSchema = personRefSchema.extend({ firstName: z.string(), lastName: z.string() });
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;

/** One row of the task list (spec 2 "Task list"). */
export const taskSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** Its manager with the reporter decide who may delete the task (mayDeleteTask, issue 20). */
  project: z.object({ id: z.uuid(), name: z.string(), managerId: z.uuid().nullable() }),
  /** Who created the task; null when they were not an employee. */
  reporterId: z.uuid().nullable(),
  status: z.enum(taskStatuses),
  priority: z.enum(taskPriorities),
  assignee: taskAssigneeSchema.nullable(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** Spec 9: due before today (workspace time zone) and not done. */
  overdue: z.boolean(),
  /** All tags; rows show 2 (spec 9). */
  tags: z.array(z.string()),
  estimatedHours: z.number(),
  actualHours: z.number().nullable(),
  commentCount: z.number().int(),
  subtaskDone: z.number().int(),
  subtaskTotal: z.number().int(),
  attachmentCount: z.number().int(),
  /** Order in its kanban column. */
  position: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** A kanban card (spec 2: title, priority, description, subtask progress, due, hours, assignee, counts). */
export const taskCardSchema = taskSummarySchema.extend({ description: z.string() });
export type TaskCard = z.infer<typeof taskCardSchema>;

export const taskCommentSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  /** Null when the author has no employee record any more. */
  author: personRefSchema.nullable(),
  content: z.string(),
  createdAt: z.string(),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

export const subtaskSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  title: z.string(),
  completed: z.boolean(),
  assigneeId: z.uuid().nullable(),
  position: z.number(),
  version: z.number().int(),
});
export type Subtask = z.infer<typeof subtaskSchema>;

/** GET /api/v1/tasks/:id — the detail dialog. */
export const taskDetailsSchema = taskCardSchema.extend({
  reporter: personRefSchema.nullable(),
  dependencies: z.array(z.uuid()),
  attachments: z.array(z.object({ name: z.string(), sizeBytes: z.number() })),
  comments: z.array(taskCommentSchema),
  subtasks: z.array(subtaskSchema),
});
export type TaskDetails = z.infer<typeof taskDetailsSchema>;

export const taskListResponseSchema = z.object({
  data: z.array(taskSummarySchema),
  nextCursor: z.string().nullable(),
  /** Matching tasks across all pages; on the first page only (no cursor). */
  total: z.number().int().optional(),
});
export type TaskListResponse = z.infer<typeof taskListResponseSchema>;

export const boardColumnSchema = z.object({
  status: z.enum(taskStatuses),
  /** The column heading: To Do, In Progress, Review, Done. */
  title: z.string(),
  /** Cards in the column (matching the filters), even beyond the ones sent. */
  count: z.number().int(),
  /** By position; at most 500 per column. */
  tasks: z.array(taskCardSchema),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

/** GET /api/v1/tasks/board — `project` is null when the member sees no project. */
export const taskBoardSchema = z.object({
  project: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  columns: z.array(boardColumnSchema),
});
export type TaskBoard = z.infer<typeof taskBoardSchema>;

export const taskCommentListSchema = z.object({ data: z.array(taskCommentSchema) });
export type TaskCommentList = z.infer<typeof taskCommentListSchema>;
