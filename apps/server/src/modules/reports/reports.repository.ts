import { sql, type SQL } from 'drizzle-orm';
import type { Db, schema } from '@atrium/db';
import type { TaskGroup } from '@atrium/shared';
import { inIdSet } from '../../platform/db/id-set';
import { rowsOf } from '../../platform/db/results';
import type { ProjectScope } from '../projects';

/** The projects a report covers: those the member sees, or only one of them. */
export type ReportScope = ProjectScope & { projectId?: string | undefined };

/** The projects in scope, as a condition on `projects p`. */
function projectsWhere(scope: ReportScope): SQL {
  const one = scope.projectId ? sql`and p.id = ${scope.projectId}` : sql``;
  const seen = inIdSet(sql`p.id`, scope.projectIds);
  return sql`p.tenant_id = ${scope.tenantId} ${one} ${seen ? sql`and ${seen}` : sql``}`;
}

/**
 * The tasks of the projects in scope, as a condition on `tasks t`. Every task belongs to one of its
 * workspace's projects (foreign key), so the projects are not joined: the scan reads tasks alone,
 * or one project's through its index.
 */
function tasksWhere(scope: ReportScope): SQL {
  const one = scope.projectId ? sql`and t.project_id = ${scope.projectId}` : sql``;
  const seen = inIdSet(sql`t.project_id`, scope.projectIds);
  return sql`t.tenant_id = ${scope.tenantId} ${one} ${seen ? sql`and ${seen}` : sql``}`;
}

/** The report's period as instants [from, to), and today's date for overdue. */
export type TaskWindow = { from: Date; to: Date; today: string };

const instant = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/**
 * When a done task was finished: completedAt, kept by the task service. A done task without one
 * (written by something that does not set it) falls back to its last change.
 */
const doneAt = sql.raw('coalesce(t.completed_at, t.updated_at)');

/** Open at some time in the window: created before its end and not done before its start. */
const inWindow = (w: TaskWindow) =>
  sql`(t.created_at < ${instant(w.to)} and (t.status <> 'done' or ${doneAt} >= ${instant(w.from)}))`;

/** Done within the window. */
const doneInWindow = (w: TaskWindow) =>
  sql`(t.status = 'done' and ${doneAt} >= ${instant(w.from)} and ${doneAt} < ${instant(w.to)})`;

/** Spec 9: overdue = due date before now (today, workspace calendar) and not done. */
const overdue = (w: TaskWindow) => sql`(t.status <> 'done' and t.due_date < ${w.today}::date)`;

/** A project's task figures for its row (the shared periodFigures defines the same for the cards). */
const taskFigures = (w: TaskWindow) => sql`
  (count(*) filter (where ${inWindow(w)}))::int as "total",
  (count(*) filter (where ${doneInWindow(w)}))::int as "completed",
  (count(*) filter (where ${overdue(w)}))::int as "overdue",
  coalesce(sum(t.estimated_hours) filter (where ${inWindow(w)}), 0)::float8 as "estimatedHours",
  coalesce(sum(t.actual_hours) filter (where ${inWindow(w)}), 0)::float8 as "actualHours"`;

export type TaskFigures = {
  total: number;
  completed: number;
  overdue: number;
  estimatedHours: number;
  actualHours: number;
};

type Project = typeof schema.projects.$inferSelect;
type Employee = typeof schema.employees.$inferSelect;

export type ProjectFiguresRow = TaskFigures &
  Pick<Project, 'id' | 'name' | 'status' | 'priority' | 'endDate' | 'budget' | 'progress'>;

export type TeamRow = Pick<Employee, 'id' | 'firstName' | 'lastName' | 'jobTitle' | 'department'> & {
  assigned: number;
  completed: number;
  overdue: number;
  estimatedHours: number;
  actualHours: number;
  /** Assignees in the whole table (every page). */
  everyone: number;
};

export const reportsRepository = {
  async findProject(db: Db, scope: ReportScope) {
    const result = await db.execute(sql`
      select p.id, p.name from projects p where ${projectsWhere(scope)}`);
    return rowsOf<Pick<Project, 'id' | 'name'>>(result)[0];
  },

  /** Count, total budget and progress sum of the projects in scope (spec 9 budget card). */
  async projectTotals(db: Db, scope: ReportScope) {
    const result = await db.execute(sql`
      select count(*)::int as "projects",
        coalesce(sum(p.budget), 0)::float8 as "budget",
        coalesce(sum(p.progress), 0)::int as "progressSum"
      from projects p where ${projectsWhere(scope)}`);
    return rowsOf<{ projects: number; budget: number; progressSum: number }>(result)[0]!;
  },

  /**
   * Every task of the projects in scope in one pass, counted per (bucket created, bucket
   * completed, overdue, has actual hours): at most (n + 2)^2 x 4 small groups from which the
   * shared periodFigures derives the cards and the trend series. `bounds` are the n + 1 instants
   * that start each bucket and end the last; width_bucket numbers 0 before, n + 1 after. Tasks
   * created and done before the first bucket count nowhere (periodFigures), so they are skipped.
   */
  async taskGroups(db: Db, query: { scope: ReportScope; bounds: readonly Date[]; today: string }) {
    const { scope, bounds, today } = query;
    const result = await db.execute(sql`
      with period as (select array[${sql.join(bounds.map(instant), sql`, `)}] as bounds)
      select width_bucket(t.created_at, period.bounds) as "createdBucket",
        case when t.status = 'done' then width_bucket(${doneAt}, period.bounds) end as "completedBucket",
        (t.status <> 'done' and coalesce(t.due_date < ${today}::date, false)) as "overdue",
        (t.actual_hours is not null) as "tracked",
        count(*)::int as "tasks",
        coalesce(sum(t.estimated_hours), 0)::float8 as "estimatedHours",
        coalesce(sum(t.actual_hours), 0)::float8 as "actualHours"
      from tasks t cross join period
      where ${tasksWhere(scope)}
        and not (t.status = 'done' and ${doneAt} < ${instant(bounds[0]!)} and t.created_at < ${instant(bounds[0]!)})
      group by 1, 2, 3, 4`);
    return rowsOf<TaskGroup>(result);
  },

  /**
   * One page of projects by name (keyset on name, id) with their task figures. Each project's
   * tasks are read through the board index (tenant, project, ...): a page of 50 projects touches
   * only their tasks, whatever the workspace holds.
   */
  async projectPage(
    db: Db,
    page: { scope: ReportScope; window: TaskWindow; limit: number; after?: [string, string] | undefined },
  ) {
    const { scope, window, after } = page;
    const result = await db.execute(sql`
      select p.id, p.name, p.status::text as "status", p.priority::text as "priority",
        p.end_date::text as "endDate", p.budget::float8 as "budget", p.progress, f.*
      from projects p
      cross join lateral (
        select ${taskFigures(window)} from tasks t
        where t.tenant_id = p.tenant_id and t.project_id = p.id
      ) f
      where ${projectsWhere(scope)}
        ${after ? sql`and (p.name, p.id) > (${after[0]}, ${after[1]}::uuid)` : sql``}
      order by p.name, p.id
      limit ${page.limit}`);
    return rowsOf<ProjectFiguresRow>(result);
  },

  /**
   * Per assignee, the tasks of the window, ordered as spec 9 wants the team report: completion rate
   * descending, then completed tasks, then name (byte order, like the shared comparator).
   */
  async team(db: Db, query: { scope: ReportScope; window: TaskWindow; limit: number }) {
    const { scope, window, limit } = query;
    const result = await db.execute(sql`
      with per_assignee as (
        select t.assignee_id,
          count(*)::int as "assigned",
          (count(*) filter (where ${doneInWindow(window)}))::int as "completed",
          (count(*) filter (where ${overdue(window)}))::int as "overdue",
          coalesce(sum(t.estimated_hours), 0)::float8 as "estimatedHours",
          coalesce(sum(t.actual_hours), 0)::float8 as "actualHours"
        from tasks t
        where ${tasksWhere(scope)} and t.assignee_id is not null and ${inWindow(window)}
        group by t.assignee_id
      )
      select e.id, e.first_name as "firstName", e.last_name as "lastName", e.job_title as "jobTitle",
        e.department, a."assigned", a."completed", a."overdue", a."estimatedHours", a."actualHours",
        (count(*) over ())::int as "everyone"
      from per_assignee a join employees e on e.tenant_id = ${scope.tenantId} and e.id = a.assignee_id
      order by a."completed"::float8 / a."assigned" desc, a."completed" desc,
        (e.first_name || ' ' || e.last_name) collate "C", e.id
      limit ${limit}`);
    return rowsOf<TeamRow>(result);
  },
};
