// Project management (spec 2 "Projects", "Kanban", "Task list", "Reports"; spec 3 Project, Task).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz, trigramIndex, type FileAttachment } from './columns';
import { projectPriorityEnum, projectStatusEnum, taskPriorityEnum, taskStatusEnum } from './enums';
import { employees } from './people';
import { foreignKeyIndex, tenantForeignKey, tenantTable } from './tenant-table';

export const projects = tenantTable(
  'projects',
  {
    name: text().notNull(),
    description: text().notNull().default(''),
    status: projectStatusEnum().notNull().default('planning'),
    priority: projectPriorityEnum().notNull().default('medium'),
    startDate: date().notNull(),
    endDate: date(),
    budget: numeric({ precision: 14, scale: 2, mode: 'number' }),
    /** 0-100; the share of done tasks, kept by the task service. */
    progress: smallint().notNull().default(0),
    /**
     * How many tasks the project has, kept with progress by the task service, so the task list's
     * unfiltered total adds up projects instead of counting every task. Null where no one counted
     * (rows written around the service): readers count that project's tasks instead.
     */
    taskCount: integer(),
    managerId: uuid(),
    client: text(),
    tags: text().array().notNull().default([]),
  },
  (t) => [
    tenantForeignKey(t, 'managerId', employees),
    // Projects screen Manager filter; also the foreign key.
    foreignKeyIndex(t, 'managerId'),
    check('projects_progress_check', sql`${t.progress} between 0 and 100`),
    check('projects_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    // Project search by name (projects screen, task-list project picker).
    trigramIndex('projects_name_trgm_idx', t.name),
    // Projects screen status filter and the Active/Completed cards.
    index('projects_status_idx').on(t.tenantId, t.status),
    // Projects by name: the list's name sort, the kanban's first project, and the task list's
    // project sort (projects in name order, then each one's tasks).
    index('projects_name_order_idx').on(t.tenantId, t.name, t.id),
    // The Projects screen's default order, newest first (keyset on id): a page is an index range
    // instead of a sort of every project with its manager joined.
    index('projects_created_order_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

/** Spec 3 Project.teamMembers. */
export const projectMembers = tenantTable(
  'project_members',
  {
    projectId: uuid().notNull(),
    employeeId: uuid().notNull(),
  },
  (t) => [
    tenantForeignKey(t, 'projectId', projects).onDelete('cascade'),
    tenantForeignKey(t, 'employeeId', employees).onDelete('cascade'),
    foreignKeyIndex(t, 'employeeId'),
    // Also serves the project card's team avatars and the detail dialog's member list.
    unique('project_members_unique').on(t.tenantId, t.projectId, t.employeeId),
  ],
);

export const tasks = tenantTable(
  'tasks',
  {
    projectId: uuid().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    status: taskStatusEnum().notNull().default('todo'),
    /** Spec 5: task priority defaults to medium. */
    priority: taskPriorityEnum().notNull().default('medium'),
    assigneeId: uuid(),
    reporterId: uuid(),
    estimatedHours: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull(),
    actualHours: numeric({ precision: 6, scale: 2, mode: 'number' }),
    startDate: date(),
    dueDate: date(),
    /**
     * When the task last moved to done; null while it is not done. Reports count completions per
     * day and draw the burndown from it (spec 2 "Reports"): updatedAt moves on any later edit, and
     * the activity log is a feed, not a record every writer is bound to keep.
     */
    completedAt: timestamptz(),
    tags: text().array().notNull().default([]),
    /**
     * Order within a kanban column. A float so a card dropped between two others takes the
     * midpoint: one row is written per move, not the whole column.
     */
    position: doublePrecision().notNull(),
    /** Ids of tasks in the same project this one waits for (spec 3 Task.dependencies). */
    dependencies: uuid().array().notNull().default([]),
    /** Files are stored_files; the card only shows their count and names (spec 2 Kanban). */
    attachments: jsonb().$type<FileAttachment[]>().notNull().default([]),
    /**
     * The card's comment and subtask counts, kept by triggers on task_comments and subtasks
     * (migration 0005) whoever writes them, so a board or list page reads them off the row
     * instead of counting three times per card.
     */
    commentCount: integer().notNull().default(0),
    subtaskTotal: integer().notNull().default(0),
    subtaskDone: integer().notNull().default(0),
  },
  (t) => [
    tenantForeignKey(t, 'projectId', projects).onDelete('cascade'),
    tenantForeignKey(t, 'assigneeId', employees),
    tenantForeignKey(t, 'reporterId', employees),
    foreignKeyIndex(t, 'reporterId'),
    check('tasks_estimated_hours_check', sql`${t.estimatedHours} >= 0`),
    // Task-list search box.
    trigramIndex('tasks_title_trgm_idx', t.title),
    // Kanban: one project's columns, each ordered by position.
    index('tasks_board_idx').on(t.tenantId, t.projectId, t.status, t.position),
    // Projects screen: each card's done, total and overdue task counts, read off the index alone.
    index('tasks_project_counts_idx').on(t.tenantId, t.projectId, t.status, t.dueDate),
    // Task-list and kanban assignee filter; dashboard "Upcoming Tasks" for the current user.
    index('tasks_assignee_idx').on(t.tenantId, t.assigneeId),
    // Task-list default sort (due date ascending, keyset on id) and the due-date filters
    // (Overdue, Due Today, This Week, No Due Date).
    index('tasks_due_date_idx').on(t.tenantId, t.dueDate, t.id),
    // Task-list status filter across projects, and its status sort (keyset on id).
    index('tasks_status_idx').on(t.tenantId, t.status, t.id),
    // Task-list status filter with a due-date filter or the default due-date sort: the matches
    // are one index range, and their count an index-only scan.
    index('tasks_status_due_date_idx').on(t.tenantId, t.status, t.dueDate, t.id),
    // "Open" (issue 20: every status but done) in the default due-date order: the earliest due
    // dates are mostly done tasks, which the full due-date index would read and throw away.
    index('tasks_open_due_date_idx')
      .on(t.tenantId, t.dueDate, t.id)
      .where(sql`${t.status} <> 'done'`),
    // Task-list sorts by priority, title and hours (spec 9; hours = actual if present, else
    // estimated): each page is an index range instead of a sort of every task.
    index('tasks_priority_idx').on(t.tenantId, t.priority, t.id),
    index('tasks_title_order_idx').on(t.tenantId, t.title, t.id),
    index('tasks_hours_idx').on(t.tenantId, sql`coalesce(${t.actualHours}, ${t.estimatedHours})`, t.id),
  ],
);

export const taskComments = tenantTable(
  'task_comments',
  {
    taskId: uuid().notNull(),
    authorId: uuid(),
    content: text().notNull(),
  },
  (t) => [
    tenantForeignKey(t, 'taskId', tasks).onDelete('cascade'),
    tenantForeignKey(t, 'authorId', employees),
    foreignKeyIndex(t, 'authorId'),
    // Task detail dialog: comments in order; kanban card comment count.
    index('task_comments_task_idx').on(t.tenantId, t.taskId, t.createdAt),
  ],
);

export const subtasks = tenantTable(
  'subtasks',
  {
    taskId: uuid().notNull(),
    title: text().notNull(),
    completed: boolean().notNull().default(false),
    assigneeId: uuid(),
    position: doublePrecision().notNull(),
  },
  (t) => [
    tenantForeignKey(t, 'taskId', tasks).onDelete('cascade'),
    tenantForeignKey(t, 'assigneeId', employees),
    foreignKeyIndex(t, 'assigneeId'),
    // Task detail checklist in order; kanban card "subtask progress".
    index('subtasks_task_idx').on(t.tenantId, t.taskId, t.position),
  ],
);
